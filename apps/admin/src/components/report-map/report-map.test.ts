import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import { everything, none } from "../../shared/ReportFilter.ts"
import "./report-map.ts"

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

/** A map without a connection: it asks the API for nothing, but draws its basemap. */
const mount = async (attributes: Readonly<Record<string, string>>) => {
  const map = document.createElement("fr-report-map")
  for (const [name, value] of Object.entries(attributes)) map.setAttribute(name, value)
  document.body.append(map)
  await map.updateComplete
  return map
}

const tileSources = (map: HTMLElement) =>
  [...map.shadowRoot!.querySelectorAll<HTMLImageElement>(".leaflet-tile-pane img")].map((tile) => tile.src)

describe("fr-report-map", () => {
  it("draws the tiles of its basemap's template and credits them", async () => {
    const map = await mount({
      "tile-url": "https://tiles.test/{z}/{x}/{y}.png",
      "tile-attribution": "© Test tiles",
    })
    expect(tileSources(map).length).toBeGreaterThan(0)
    for (const source of tileSources(map)) expect(source).toMatch(/^https:\/\/tiles\.test\/2\/\d+\/\d+\.png$/)
    expect(map.shadowRoot?.querySelector(".leaflet-control-attribution")?.textContent).toBe("© Test tiles")
  })

  it("has no basemap unless given one, and takes one given later", async () => {
    const map = await mount({})
    expect(map.shadowRoot?.querySelector(".leaflet-tile-pane")?.children.length).toBe(0)
    expect(map.shadowRoot?.querySelector(".map")?.classList.contains("bare")).toBe(true)
    map.setAttribute("tile-url", "https://other.test/{z}/{x}/{y}.png")
    await map.updateComplete
    expect(tileSources(map).length).toBeGreaterThan(0)
    for (const source of tileSources(map)) expect(source).toMatch(/^https:\/\/other\.test\//)
  })

  it("takes a height set on the element, or --fr-map-height, and fills it with the map", async () => {
    const sized = document.createElement("fr-report-map")
    sized.style.height = "200px"
    const themed = document.createElement("fr-report-map")
    themed.style.setProperty("--fr-map-height", "300px")
    const plain = await mount({})
    document.body.append(sized, themed)
    await Promise.all([sized.updateComplete, themed.updateComplete])
    const height = (element: Element) => getComputedStyle(element).height
    expect([height(plain), height(sized), height(themed)]).toEqual(["480px", "200px", "300px"])
    for (const map of [plain, sized, themed])
      expect(height(map.shadowRoot!.querySelector(".map")!)).toBe("100%")
  })

  it("fits the reports on its first load only: a later filter keeps the user's pan and zoom", async () => {
    // One full tile in Wellington, more reports than pins, so the map shows counts.
    const api = fakeFetch({
      "GET /api/v4/reports/tiles": {
        body: [{ tile_id: "t", latitude: -41.3, longitude: 174.75, scale: 0.05, report_count: 500 }],
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = await mount({ "base-url": "http://api.test", token: "fra_test" })
    const tiles = () => api.sent.filter((request) => request.url.pathname === "/api/v4/reports/tiles")
    const world = "-180,-90,180,90"
    await until(() => Math.abs((element.map?.getCenter().lat ?? 0) + 41.275) < 0.01, "the fit to the reports")
    element.map?.setView([10, 20], 6)
    const before = tiles().length
    element.filter = { ...everything, filter: { ...none, channels: [3] } }
    await until(
      () => tiles().some((request) => request.url.searchParams.get("filter[channels]") === "3"),
      "the filtered counts",
    )
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(
      tiles()
        .slice(before)
        .map((request) => request.url.searchParams.get("bbox")),
    ).not.toContain(world)
    expect(element.map?.getCenter()).toMatchObject({ lat: 10, lng: 20 })
    expect(element.map?.getZoom()).toBe(6)
  })
})
