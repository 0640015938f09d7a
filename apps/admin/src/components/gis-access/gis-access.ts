/**
 * How to read the reports straight into a GIS (README, Getting data out): the server is an OGC
 * API – Features service at `<address>/ogc/features`, which QGIS, ArcGIS Pro and GDAL open without
 * a plug-in, one layer per channel the token's user reads. They sign in with HTTP Basic, any user
 * name and an API token as the password; a read token is the one to give them, since it can only
 * read. Platform administrators issue tokens on the API tokens page; anyone else is told to ask one.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import { styles } from "./gis-access.styles.ts"

/** Where the OGC API – Features service is below the API's address (the API mounts it there). */
const ogcMount = "/ogc/features"

/**
 * @summary The "Use in GIS" panel: this server's OGC API – Features address with a Copy button,
 * and the steps to add it to QGIS (and GDAL) with a read API token.
 *
 * @csspart address - The service's address and its Copy button.
 * @csspart steps - The numbered steps for QGIS.
 *
 * @cssproperty --fr-color-border - The box around the address.
 * @cssproperty --fr-color-surface-raised - Background of the commands.
 *
 * @example
 * ```html
 * <fr-gis-access base-url="https://reports.example.com" token="fra_…" admin></fr-gis-access>
 * ```
 */
export class GisAccess extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    admin: { type: Boolean },
    copied: { state: true },
  }

  /** Whether the reader is a platform administrator, who issues API tokens on the API tokens page. */
  declare admin: boolean
  /** What the Copy button did, in words. */
  declare copied: string

  constructor() {
    super()
    this.admin = false
    this.copied = ""
  }

  /** The service's address on this server. */
  get serviceUrl(): string {
    const base = this.connection?.baseUrl ?? this.baseUrl ?? globalThis.location.origin
    return `${base.replace(/\/+$/, "")}${ogcMount}`
  }

  async #copy(): Promise<void> {
    try {
      await navigator.clipboard.writeText(this.serviceUrl)
      this.copied = msg("Copied to the clipboard.", { id: "gisAccess.copied" })
    } catch {
      // A page without the clipboard (not served over HTTPS, say): the address is selected instead.
      this.renderRoot.querySelector<HTMLInputElement>("[part=address] input")?.select()
      this.copied = msg("The browser did not let the page copy: the address is selected, copy it yourself.", {
        id: "gisAccess.notCopied",
      })
    }
  }

  #token() {
    return this.admin
      ? msg(
          html`Get a <strong>read only</strong> API token: create one on the <a href="#/api-tokens">API tokens</a> page, for yourself or for whoever will use the layers.`,
          { id: "gisAccess.tokenAdmin" },
        )
      : msg(
          html`Ask a platform administrator for a <strong>read only</strong> API token: they issue them on the API tokens page.`,
          { id: "gisAccess.tokenAsk" },
        )
  }

  override render() {
    const url = this.serviceUrl
    return html`
      <p>${msg("QGIS, ArcGIS Pro and GDAL read the reports of the channels you read straight from this server, as an OGC API – Features service: one layer per channel, up to date each time the map is drawn.", { id: "gisAccess.intro" })}</p>
      <div part="address" class="address">
        <label for="address">${msg("Service address", { id: "gisAccess.address" })}</label>
        <div class="copy">
          <input id="address" readonly .value=${url}
            @focus=${(event: FocusEvent) => (event.target as HTMLInputElement).select()} />
          <button type="button" @click=${() => this.#copy()}>${msg("Copy", { id: "gisAccess.copy" })}</button>
        </div>
        <p class="muted" role="status">${this.copied}</p>
      </div>
      <h3>${msg("Add it to QGIS", { id: "gisAccess.qgis" })}</h3>
      <ol part="steps">
        <li>${this.#token()} ${msg("A read token can only read, so it is safe in a shared GIS project.", { id: "gisAccess.safe" })}</li>
        <li>${msg(html`In QGIS: <strong>Layer → Add Layer → Add WFS / OGC API – Features Layer</strong>, then <strong>New</strong>. Give the connection a name and paste the service address as its URL.`, { id: "gisAccess.step.add" })}</li>
        <li>${msg(html`Under <strong>Authentication</strong>, add a <strong>Basic</strong> configuration: any user name, and the token as the password.`, { id: "gisAccess.step.auth" })}</li>
        <li>${msg(html`<strong>Connect</strong>, pick a channel's layer (<code>reports-</code> and the channel's number, titled with its name) and <strong>Add</strong>.`, { id: "gisAccess.step.connect" })}</li>
      </ol>
      <p>${msg("The layers hold only what the token's user may read. With GDAL:", { id: "gisAccess.gdal" })}</p>
      <pre><code>ogrinfo --config GDAL_HTTP_AUTH BASIC --config GDAL_HTTP_USERPWD gis:TOKEN "OAPIF:${url}"</code></pre>
    `
  }
}

customElements.define("fr-gis-access", GisAccess)

declare global {
  interface HTMLElementTagNameMap {
    "fr-gis-access": GisAccess
  }
}
