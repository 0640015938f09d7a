import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch } from "../../../test/support/fakeFetch.ts"
import "./gis-access.ts"

const mount = async (admin: boolean, baseUrl = "https://reports.example.com") => {
  const api = fakeFetch({})
  vi.stubGlobal("fetch", api.fetch)
  const element = document.createElement("fr-gis-access")
  element.baseUrl = baseUrl
  element.token = "fra_token"
  element.admin = admin
  document.body.append(element)
  await element.updateComplete
  return { api, element, root: element.shadowRoot! }
}

const text = (root: ShadowRoot) => root.textContent?.replace(/\s+/g, " ") ?? ""

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-gis-access", () => {
  it("shows this server's OGC API – Features address and the QGIS steps, asking the API nothing", async () => {
    const { api, root } = await mount(false, "https://reports.example.com/")
    const address = root.querySelector<HTMLInputElement>("[part=address] input")!
    expect(address.value).toBe("https://reports.example.com/ogc/features")
    expect(address.readOnly).toBe(true)
    const steps = [...root.querySelectorAll("[part=steps] li")].map((step) => text(step as never))
    expect(steps).toHaveLength(4)
    expect(steps[1]).toContain("Layer → Add Layer → Add WFS / OGC API – Features Layer")
    expect(steps[2]).toContain("Basic configuration: any user name, and the token as the password")
    expect(root.querySelector("pre")?.textContent).toContain(
      '"OAPIF:https://reports.example.com/ogc/features"',
    )
    expect(api.sent).toEqual([])
  })

  it("sends a platform administrator to the API tokens page, and tells anyone else to ask one", async () => {
    const admin = await mount(true)
    const link = admin.root.querySelector<HTMLAnchorElement>("[part=steps] a")!
    expect([link.textContent, link.getAttribute("href")]).toEqual(["API tokens", "#/api-tokens"])
    expect(text(admin.root)).toContain("create one on the API tokens page")

    document.body.replaceChildren()
    const other = await mount(false)
    expect(other.root.querySelector("[part=steps] a")).toBeNull()
    expect(text(other.root)).toContain("Ask a platform administrator for a read only API token")
  })

  it("copies the address, or selects it when the browser will not let the page copy", async () => {
    const { element, root } = await mount(false)
    const writeText = vi.fn(async (_: string) => {})
    vi.stubGlobal("navigator", { clipboard: { writeText } })
    root.querySelector<HTMLButtonElement>("[part=address] button")!.click()
    await vi.waitFor(() =>
      expect(root.querySelector("[role=status]")?.textContent).toBe("Copied to the clipboard."),
    )
    expect(writeText).toHaveBeenCalledWith("https://reports.example.com/ogc/features")

    writeText.mockRejectedValueOnce(new Error("not allowed"))
    root.querySelector<HTMLButtonElement>("[part=address] button")!.click()
    await vi.waitFor(() =>
      expect(root.querySelector("[role=status]")?.textContent).toContain("copy it yourself"),
    )
    await element.updateComplete
  })
})
