import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./shape-map.ts"

const shapes = [
  {
    id: 3,
    geom: "POLYGON ((174.7 -41.3, 174.8 -41.3, 174.8 -41.2, 174.7 -41.3))",
    metadata: { display: ["Te Aro", "Ward 3"], raw: { ward_id: 3 }, color: "#ffff00" },
    normal_color: "#ffff00",
    highlight_color: "#ff7800",
    cache_key: "a",
  },
  {
    id: 4,
    geom: "POINT (174.78 -41.29)",
    metadata: {},
    normal_color: "#3388ff",
    highlight_color: "#ff7800",
    cache_key: "b",
  },
]

const mount = async () => {
  const api = fakeFetch({
    "GET /api/v4/shapes": { body: shapes, headers: { "Content-Range": "shapes 0-1/2" } },
  })
  vi.stubGlobal("fetch", api.fetch)
  const map = document.createElement("fr-shape-map")
  map.baseUrl = "http://api.test"
  map.token = "fra_token"
  map.appId = "com.example.fieldapp"
  document.body.append(map)
  const root = map.shadowRoot!
  await until(() => root.querySelectorAll("[part=list] button").length === 2, "the shapes")
  return { api, map, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-shape-map", () => {
  it("asks for the app's shapes with their colours and names them by their display lines", async () => {
    const { api, root } = await mount()
    expect(api.sent[0]?.headers.get("X-AppId")).toBe("com.example.fieldapp")
    expect(api.sent[0]?.url.searchParams.get("fields")).toBe("normal_color,highlight_color,cache_key")
    const buttons = [...root.querySelectorAll<HTMLButtonElement>("[part=list] button")]
    expect(buttons.map((button) => button.textContent?.trim())).toEqual(["Te Aro", "Shape 4"])
    expect(buttons[0]?.querySelector<HTMLElement>(".swatch")?.style.background).toBe("#ffff00")
  })

  it("draws no base map unless given one, then credits its tiles", async () => {
    const { map, root } = await mount()
    expect(root.querySelector(".leaflet-tile-pane")?.children.length).toBe(0)
    document.body.replaceChildren()
    const withTiles = document.createElement("fr-shape-map")
    Object.assign(withTiles, { baseUrl: "http://api.test", token: "fra_token", appId: map.appId })
    withTiles.setAttribute("tile-url", "http://tiles.test/{z}/{x}/{y}.png")
    withTiles.setAttribute("tile-attribution", "© Test tiles")
    document.body.append(withTiles)
    await withTiles.updateComplete
    expect(withTiles.shadowRoot?.querySelector(".leaflet-tile-pane")?.children.length).toBe(1)
    expect(withTiles.shadowRoot?.querySelector(".leaflet-control-attribution")?.textContent).toContain(
      "© Test tiles",
    )
  })

  it("shows the chosen shape's metadata and colours", async () => {
    const { map, root } = await mount()
    root.querySelector<HTMLButtonElement>("[part=list] button")!.click()
    await map.updateComplete
    const metadata = root.querySelector("[part=metadata]")!
    expect(metadata.querySelector("h3")?.textContent).toBe("Te Aro")
    expect(metadata.textContent).toContain("Ward 3")
    const terms = [...metadata.querySelectorAll("dt")].map((term) => term.textContent)
    expect(terms).toEqual(["Colours", "color", "ward_id"])
    expect(root.querySelector("[part=list] button")?.getAttribute("aria-pressed")).toBe("true")
  })
})
