/**
 * `fr-admin-app`: the admin UI the API serves at `/admin`. It signs the user in, lets them switch
 * branded app and team and accept invitations to teams, provides the connection to every element
 * inside it, and shows the views registered with `registerView` under a navigation. The account
 * pages (a forgotten password, an account e-mail's link: `shell/accountPages.ts`) are shown to
 * anyone, signed in or not.
 */

import type { BrandedApp } from "@fieldreport/domain/BrandedApp"
import type { Channel } from "@fieldreport/domain/Channel"
import type { Team } from "@fieldreport/domain/Team"
import { ContextProvider } from "@lit/context"
import { msg, str, updateWhenLocaleChanges } from "@lit/localize"
import { html, LitElement, nothing } from "lit"
import type { LoginEvent } from "../../events/login.ts"
import type { NavigateEvent } from "../../events/navigate.ts"
import { type Connection, connect, connectionContext } from "../../shared/connection.ts"
import { locale } from "../../shared/localization.ts"
import { errorText, run } from "../../shared/run.ts"
import { accountPage } from "../../shell/accountPages.ts"
import { type AdminView, registeredViews, type Viewer } from "../../shell/ViewRegistry.ts"
import { languageSwitch } from "./language-switch.ts"
import "../login-form/login-form.ts"
import { styles } from "./admin-app.styles.ts"

/** What survives a reload of the page (in `sessionStorage`, so closing the tab signs out). */
interface StoredSession {
  readonly baseUrl: string
  readonly token: string
  readonly appId: string
  readonly userId: number
  readonly teamId: number | undefined
}

const storageKey = "fieldreport-admin-session"

const readStored = (): StoredSession | undefined => {
  const text = globalThis.sessionStorage?.getItem(storageKey)
  return text === null || text === undefined ? undefined : (JSON.parse(text) as StoredSession)
}

/**
 * @summary The whole admin UI: sign-in, app and team switcher, navigation and views.
 *
 * @slot - Nothing: views come from the view registry.
 * @csspart header - The bar with the switchers.
 * @csspart invitations - The teams the user is invited to, each with its accept button.
 * @csspart nav - The navigation.
 * @csspart main - Where the current view is shown.
 * @cssproperty --fr-color-accent - The current navigation entry and the buttons.
 * @cssproperty --fr-color-surface-raised - Header and navigation background.
 *
 * @example
 * ```html
 * <fr-admin-app base-url="https://reports.example.com" app-id="com.fieldreport.app"
 *   tile-url="https://tile.openstreetmap.org/{z}/{x}/{y}.png"></fr-admin-app>
 * ```
 */
export class AdminApp extends LitElement {
  static override properties = {
    baseUrl: { attribute: "base-url" },
    appId: { attribute: "app-id" },
    tileUrl: { attribute: "tile-url" },
    tileAttribution: { attribute: "tile-attribution" },
    stored: { state: true },
    teams: { state: true },
    invitations: { state: true },
    channels: { state: true },
    apps: { state: true },
    route: { state: true },
    query: { state: true },
    menuOpen: { state: true },
    failure: { state: true },
    viewer: { state: true },
  }

  static override styles = styles

  /** The service's address; defaults to this page's origin. */
  declare baseUrl: string | undefined
  /** The branded app offered at sign-in. */
  declare appId: string
  /** A basemap for the views' maps, such as `https://tile.openstreetmap.org/{z}/{x}/{y}.png`; none by default. */
  declare tileUrl: string | undefined
  /** Credit of the basemap's tiles, shown in the maps' corner. */
  declare tileAttribution: string | undefined
  declare stored: StoredSession | undefined
  declare teams: ReadonlyArray<Team>
  /** Teams the user is invited to and has not joined, each with the `team_user_id` that accepts. */
  declare invitations: ReadonlyArray<Team>
  declare channels: ReadonlyArray<Channel>
  declare apps: ReadonlyArray<BrandedApp>
  declare route: ReadonlyArray<string>
  /** The query string after the route, `#/reports?filter[channels]=3`: the view's own state. */
  declare query: URLSearchParams
  declare failure: string | undefined
  /** On a narrow screen the navigation is a menu, shown while this is true. */
  declare menuOpen: boolean
  /** Who is signed in: the views they may use are the ones shown. */
  declare viewer: Viewer | undefined

  #provider = new ContextProvider(this, { context: connectionContext, initialValue: undefined })
  /** Who last worked in this page: someone else signing in starts afresh, not at their view. */
  #lastUserId: number | undefined
  #onHashChange = () => {
    const before = this.route.join("/")
    this.route = this.readRoute()
    this.query = this.readQuery()
    this.menuOpen = false
    // Keyboard and screen reader users start the new view at its top, not at the link they used;
    // a view that only changed its query (filters applied) keeps the focus where the user is.
    if (this.route.join("/") !== before)
      void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>("main")?.focus())
  }

  constructor() {
    super()
    updateWhenLocaleChanges(this)
    this.appId = "com.fieldreport.app"
    this.stored = readStored()
    this.#lastUserId = this.stored?.userId
    this.teams = []
    this.invitations = []
    this.channels = []
    this.apps = []
    this.route = this.readRoute()
    this.query = this.readQuery()
    this.menuOpen = false
    this.addEventListener("fr-login", (event: LoginEvent) => {
      const userId = event.session.profile.user_id
      if (this.#lastUserId !== undefined && this.#lastUserId !== userId) this.#leaveView()
      this.signIn({
        baseUrl: event.baseUrl,
        token: event.session.access_token,
        appId: event.session.app_bundle_id,
        userId: event.session.profile.user_id,
        teamId: event.session.profile.preferred_team_id ?? undefined,
      })
    })
    this.addEventListener("fr-navigate", (event: NavigateEvent) => {
      globalThis.location.hash = `#/${event.path}`
    })
  }

  /** The page is the shell's: it says the language it shows (for screen readers, spelling, hyphens). */
  protected override updated(): void {
    document.documentElement.lang = locale()
  }

  override connectedCallback(): void {
    super.connectedCallback()
    globalThis.addEventListener("hashchange", this.#onHashChange)
    if (this.stored !== undefined) void this.load(this.stored)
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback()
    globalThis.removeEventListener("hashchange", this.#onHashChange)
  }

  private readRoute(): ReadonlyArray<string> {
    return (globalThis.location?.hash ?? "")
      .replace(/^#\/?/, "")
      .replace(/\?.*$/, "")
      .split("/")
      .filter((part) => part !== "")
  }

  private readQuery(): URLSearchParams {
    const hash = globalThis.location?.hash ?? ""
    const at = hash.indexOf("?")
    return new URLSearchParams(at === -1 ? "" : hash.slice(at + 1))
  }

  /** Back to the first view, the address losing the last one (a report of someone else's, say). */
  #leaveView(): void {
    const { pathname, search } = globalThis.location
    globalThis.history.replaceState(globalThis.history.state, "", `${pathname}${search}`)
    this.route = []
    this.query = new URLSearchParams()
  }

  private signIn(stored: StoredSession) {
    globalThis.sessionStorage?.setItem(storageKey, JSON.stringify(stored))
    this.#lastUserId = stored.userId
    this.stored = stored
    void this.load(stored)
  }

  /** Provides the connection of a stored session and loads its apps, teams and channels. */
  private async load(stored: StoredSession) {
    const connection: Connection = connect(stored)
    this.failure = undefined
    try {
      const teams = await run(connection.client.call("listTeams", { query: { fields: "is_owner_of" } }))
      const invitations = await run(
        connection.client.call("listTeams", { query: { agreed_to_join: false, fields: "team_user_id" } }),
      )
      const team = teams.find((candidate) => candidate.id === stored.teamId) ?? teams[0]
      const teamConnection = connect({ ...stored, teamId: team?.id })
      const channels =
        team === undefined
          ? []
          : await run(teamConnection.client.call("listChannels", { query: { team_id: team.id } }))
      const me = await run(connection.client.call("getCurrentUser"))
      const current = await run(connection.client.call("getCurrentBrandedApp"))
      // Platform administrators may switch between every branded app; others see the one they chose
      // (they are not asked for the list they may not read, which the browser would log as an error).
      this.apps = me.admin ? await run(connection.client.call("listBrandedApps")) : [current]
      this.viewer = {
        userId: me.id,
        admin: me.admin,
        appAdministrator: current.is_administrator,
        ownedTeamIds: teams.filter((candidate) => candidate.is_owner_of === true).map((owned) => owned.id),
      }
      this.teams = teams
      this.invitations = invitations
      this.channels = channels
      this.stored = { ...stored, teamId: team?.id }
      this.#provider.setValue(teamConnection)
    } catch (error) {
      this.failure = errorText(error)
      this.signOutLocally()
    }
  }

  /** Accepts an invitation (docs/api.md, Invitations), then works in the team just joined. */
  private async accept(team: Team) {
    const stored = this.stored
    const connection = this.#provider.value
    if (stored === undefined || connection === undefined || typeof team.team_user_id !== "number") return
    this.failure = undefined
    try {
      await run(
        connection.client.call("updateTeamUser", {
          path: { team_id: team.id, id: team.team_user_id },
          body: { team_user: { agreed_to_join: true } },
        }),
      )
      this.signIn({ ...stored, teamId: team.id })
    } catch (error) {
      this.failure = errorText(error)
    }
  }

  private switchTeam(event: Event) {
    const teamId = Number((event.target as HTMLSelectElement).value)
    if (this.stored !== undefined) this.signIn({ ...this.stored, teamId })
  }

  private switchApp(event: Event) {
    const appId = (event.target as HTMLSelectElement).value
    if (this.stored !== undefined) this.signIn({ ...this.stored, appId, teamId: undefined })
  }

  private async signOut() {
    const connection = this.#provider.value
    this.signOutLocally()
    if (connection !== undefined) await run(connection.client.call("deleteSession")).catch(() => {})
  }

  private signOutLocally() {
    globalThis.sessionStorage?.removeItem(storageKey)
    this.stored = undefined
    this.viewer = undefined
    this.#provider.setValue(undefined)
  }

  override render() {
    const page = accountPage(this.route[0], {
      baseUrl: this.baseUrl ?? globalThis.location.origin,
      appId: this.appId,
      query: this.query,
    })
    if (page !== undefined) return html`<div class="login">${languageSwitch()}${page}</div>`
    if (this.stored === undefined || this.#provider.value === undefined || this.viewer === undefined) {
      return html`<div class="login">
        ${languageSwitch()}
        ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
        ${
          this.stored === undefined
            ? html`<fr-login-form base-url=${this.baseUrl ?? globalThis.location.origin} app-id=${this.appId}></fr-login-form>`
            : html`<p role="status">${msg("Loading…", { id: "shell.loading" })}</p>`
        }
      </div>`
    }
    const viewer = this.viewer
    const views = registeredViews().filter((view) => view.shownTo?.(viewer) ?? true)
    const current = views.find((view) => view.id === this.route[0]) ?? views[0]
    const team = this.teams.find((candidate) => candidate.id === this.stored?.teamId)
    return html`
      <a class="skip" href="#/${this.route.join("/")}" @click=${this.#skip}>${msg("Skip to the content", { id: "adminApp.skip" })}</a>
      <header part="header">
        <button type="button" class="menu" aria-controls="views" aria-expanded=${this.menuOpen ? "true" : "false"}
          @click=${this.#toggleMenu}>${msg("Menu", { id: "adminApp.menu" })}</button>
        <strong>Fieldreport</strong>
        <label>${msg("App", { id: "adminApp.app" })}
          <select @change=${this.switchApp} aria-label=${msg("Branded app", { id: "adminApp.brandedApp" })}>
            ${this.apps.map(
              (app) =>
                html`<option value=${app.bundle_id} ?selected=${app.bundle_id === this.stored?.appId}>${app.name}</option>`,
            )}
          </select>
        </label>
        <label>${msg("Team", { id: "view.team" })}
          <select @change=${this.switchTeam} aria-label=${msg("Team", { id: "view.team" })}>
            ${this.teams.map(
              (option) =>
                html`<option value=${option.id} ?selected=${option.id === team?.id}>${option.name}</option>`,
            )}
          </select>
        </label>
        ${languageSwitch()}
        <button type="button" @click=${this.signOut}>${msg("Sign out", { id: "adminApp.signOut" })}</button>
      </header>
      ${this.renderInvitations()}
      <div class="body">
        <nav part="nav" id="views" aria-label=${msg("Views", { id: "adminApp.views" })} class=${this.menuOpen ? "open" : ""}>
          <ul>
            ${views
              .filter((view) => view.hidden !== true)
              .map(
                (view) =>
                  html`<li><a href="#/${view.id}" aria-current=${view === current ? "page" : "false"}>${view.label}</a></li>`,
              )}
          </ul>
        </nav>
        <main part="main" tabindex="-1" aria-label=${current?.label ?? msg("View", { id: "adminApp.view" })}>${this.renderView(current, team, viewer)}</main>
      </div>
    `
  }

  /** Opens or closes the navigation of a narrow screen (a view's link closes it too). */
  #toggleMenu = () => {
    this.menuOpen = !this.menuOpen
  }

  /**
   * The skip link's way past the header and the navigation: the view's own address stays, since
   * the address is the route, and the keyboard lands in the view.
   */
  #skip = (event: Event) => {
    event.preventDefault()
    this.renderRoot.querySelector<HTMLElement>("main")?.focus()
  }

  private renderInvitations() {
    if (this.invitations.length === 0 && this.failure === undefined) return nothing
    return html`<section part="invitations" class="invitations" aria-label=${msg("Invitations", { id: "adminApp.invitations" })}>
      ${this.failure === undefined ? nothing : html`<p class="error" role="alert">${this.failure}</p>`}
      ${this.invitations.map(
        (
          team,
        ) => html`<p><span>${msg(html`You are invited to join the team <strong>${team.name}</strong>. It stays hidden from you until you accept.`, { id: "adminApp.invited" })}</span>
          <button type="button" class="primary" @click=${() => this.accept(team)}>${msg("Accept the invitation", { id: "adminApp.accept" })}
            <span class="visually-hidden">${msg(str`to ${team.name}`, { id: "adminApp.toTeam" })}</span></button></p>`,
      )}
    </section>`
  }

  private renderView(view: AdminView | undefined, team: Team | undefined, viewer: Viewer) {
    if (view === undefined) return html`<p>${msg("No views are registered.", { id: "adminApp.noViews" })}</p>`
    return view.render({
      rest: this.route.slice(1),
      query: this.query,
      team,
      channels: this.channels,
      tileUrl: this.tileUrl,
      tileAttribution: this.tileAttribution,
      viewer,
    })
  }
}

customElements.define("fr-admin-app", AdminApp)

declare global {
  interface HTMLElementTagNameMap {
    "fr-admin-app": AdminApp
  }
}
