import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./alert-areas.ts"

const circle = {
  id: 5,
  name: null,
  shape_type: "circle",
  radius: 800,
  area: "POINT (174.7762 -41.2865)",
  latitude: -41.2865,
  longitude: 174.7762,
}

const routes = () => {
  const stored: Array<object> = [circle]
  return {
    "GET /api/v4/alert_areas": () => ({ body: stored }),
    "POST /api/v4/alert_areas": (request: SentRequest) => {
      const created = {
        id: 6,
        name: null,
        shape_type: "poly",
        radius: null,
        area: "",
        latitude: 0,
        longitude: 0,
        ...(request.body as { alert_area: object }).alert_area,
      }
      stored.push(created)
      return { status: 201, body: created }
    },
    "PATCH /api/v4/alert_areas/5": { status: 204 },
    "PATCH /api/v4/alert_areas/6": { status: 204 },
    "DELETE /api/v4/alert_areas/5": () => {
      stored.splice(0, 1)
      return { status: 204 }
    },
  }
}

const mount = async () => {
  const element = document.createElement("fr-alert-areas")
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelectorAll("[part=area]").length === 1, "the stored area")
  return { element, root }
}

const button = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll("button")].find(
    (candidate) => candidate.textContent?.replace(/\s+/g, " ").trim() === name,
  )!

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-alert-areas", () => {
  it("draws no basemap unless given one, then its template's tiles with their credit", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    expect(root.querySelector(".leaflet-tile-pane")?.children.length).toBe(0)
    document.body.replaceChildren()
    const withTiles = document.createElement("fr-alert-areas")
    Object.assign(withTiles, { baseUrl: "http://api.test", token: "fra_token" })
    withTiles.setAttribute("tile-url", "https://tiles.test/{z}/{x}/{y}.png")
    withTiles.setAttribute("tile-attribution", "© Test tiles")
    document.body.append(withTiles)
    await until(() => withTiles.shadowRoot!.querySelectorAll("[part=area]").length === 1, "the stored area")
    const tiles = [...withTiles.shadowRoot!.querySelectorAll<HTMLImageElement>(".leaflet-tile-pane img")]
    expect(tiles.length).toBeGreaterThan(0)
    for (const tile of tiles) expect(tile.src).toMatch(/^https:\/\/tiles\.test\/\d+\/\d+\/\d+\.png$/)
    expect(withTiles.shadowRoot?.querySelector(".leaflet-control-attribution")?.textContent).toContain(
      "© Test tiles",
    )
  })

  it("opens where the user's reports are densest when they have no areas yet", async () => {
    const tile = (longitude: number, latitude: number, scale: number, report_count: number) => ({
      tile_id: `${longitude},${latitude},${scale}`,
      longitude,
      latitude,
      scale,
      report_count,
    })
    const api = fakeFetch({
      ...routes(),
      "GET /api/v4/alert_areas": { body: [] },
      "GET /api/v4/reports/tiles": (request: SentRequest) => ({
        body:
          request.url.searchParams.get("scale") === "2"
            ? [tile(174, -42, 2, 40)]
            : [tile(174.76, -41.3, 0.02, 12)],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    const element = document.createElement("fr-alert-areas")
    Object.assign(element, { baseUrl: "http://api.test", token: "fra_token" })
    document.body.append(element)
    const root = element.shadowRoot!
    await until(
      () => api.sent.filter((request) => request.url.pathname.endsWith("/tiles")).length === 2,
      "the search for the reports",
    )
    await new Promise((resolve) => setTimeout(resolve, 20))
    button(root, "Type a circle").click()
    await element.updateComplete
    const field = (name: string) =>
      Number(
        [...root.querySelectorAll("label")]
          .find((label) => label.textContent?.includes(name))
          ?.querySelector("input")?.value,
      )
    expect(field("Centre latitude")).toBeCloseTo(-41.29, 2)
    const longitude = field("Centre longitude")
    expect(Number(longitude)).toBeCloseTo(174.77, 2)
  })

  it("lists the user's areas in words", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    expect(root.querySelector("[part=area]")?.textContent).toContain(
      "Circle of 800 m around -41.28650, 174.77620",
    )
  })

  it("draws a polygon by clicking corners and saves it as closed WKT", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    button(root, "Draw polygon").click()
    for (const [lat, lng] of [
      [-41.28, 174.77],
      [-41.28, 174.79],
      [-41.3, 174.79],
    ] as const) {
      element.pointAt({ lat, lng })
    }
    await element.updateComplete
    expect(root.querySelector(".status")?.textContent).toContain("3 corners")
    root.querySelector<HTMLFormElement>("form[aria-label='New alert area']")!.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "POST"), "the create")
    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      alert_area: {
        name: null,
        area: "POLYGON ((174.77 -41.28, 174.79 -41.28, 174.79 -41.3, 174.77 -41.28))",
        radius: null,
      },
    })
    await until(() => root.querySelectorAll("[part=area]").length === 2, "the new area in the list")
  })

  it("closes a polygon on a click at its first corner, and adds no corner twice", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { element, root } = await mount()
    button(root, "Draw polygon").click()
    for (const [lat, lng] of [
      [-41.28, 174.77],
      [-41.28, 174.79],
      [-41.28, 174.79],
      [-41.3, 174.79],
      [-41.28, 174.77],
    ] as const) {
      element.pointAt({ lat, lng })
    }
    await element.updateComplete
    expect(element.draft).toEqual({
      kind: "poly",
      corners: [
        { lat: -41.28, lng: 174.77 },
        { lat: -41.28, lng: 174.79 },
        { lat: -41.3, lng: 174.79 },
      ],
    })
    expect(element.tool).toBe("none")
    expect(root.querySelector(".status")?.textContent).toContain("Polygon of 3 corners")
    // Clicking the first corner's handle closes the ring as well.
    button(root, "Draw polygon").click()
    for (const [lat, lng] of [
      [-41.28, 174.77],
      [-41.28, 174.79],
      [-41.3, 174.79],
    ] as const) {
      element.pointAt({ lat, lng })
    }
    await element.updateComplete
    root.querySelector<HTMLElement>(".handle[title='Corner 1']")!.click()
    await element.updateComplete
    expect(element.tool).toBe("none")
    expect(element.draft?.kind === "poly" && element.draft.corners.length).toBe(3)
  })

  it("draws a circle by dragging from its centre without panning, its radius told as it grows", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { element, root } = await mount()
    const map = root.querySelector<HTMLElement>("#map")!
    const mouse = (type: string, clientX: number, clientY: number) =>
      map.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX, clientY, button: 0 }))
    expect(map.classList.contains("leaflet-grab")).toBe(true)
    button(root, "Draw circle").click()
    await element.updateComplete
    // While a tool draws, a drag is the drawing's, not a pan.
    expect(map.classList.contains("leaflet-grab")).toBe(false)
    // At the first view's zoom a pixel is some tens of kilometres.
    mouse("mousedown", 100, 100)
    mouse("mousemove", 101, 100)
    await element.updateComplete
    const growing = root.querySelector(".status")?.textContent ?? ""
    expect(growing).toMatch(/^Circle of [\d,]+ m around/)
    mouse("mousemove", 102, 100)
    await element.updateComplete
    expect(root.querySelector(".status")?.textContent).not.toBe(growing)
    mouse("mouseup", 102, 100)
    mouse("click", 102, 100)
    await element.updateComplete
    expect(element.tool).toBe("none")
    const draft = element.draft
    expect(draft?.kind === "circle" && draft.radius > 1).toBe(true)
    expect(root.querySelector(".status")?.textContent).toContain(
      `Circle of ${draft?.kind === "circle" ? draft.radius.toLocaleString("en") : ""} m`,
    )
    expect(map.classList.contains("leaflet-grab")).toBe(true)
  })

  it("still draws a circle by two clicks, centre then edge", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { element, root } = await mount()
    const map = root.querySelector<HTMLElement>("#map")!
    const click = (clientX: number, clientY: number) => {
      for (const type of ["mousedown", "mouseup", "click"])
        map.dispatchEvent(new MouseEvent(type, { bubbles: true, clientX, clientY, button: 0 }))
    }
    button(root, "Draw circle").click()
    await element.updateComplete
    click(100, 100)
    await element.updateComplete
    expect(element.draft).toMatchObject({ kind: "circle", radius: 0 })
    expect(element.tool).toBe("circle")
    click(102, 100)
    await element.updateComplete
    expect(element.tool).toBe("none")
    expect(element.draft?.kind === "circle" && element.draft.radius > 1).toBe(true)
  })

  it("takes a polygon typed as corners, one a line", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    button(root, "Type a polygon").click()
    await element.updateComplete
    const corners = root.querySelector<HTMLTextAreaElement>(".corners textarea")!
    expect(root.activeElement).toBe(corners)
    corners.value = "-41.28, 174.77\n-41.28, 174.79\nnot a corner\n-41.5,\n-41.30, 174.79"
    corners.dispatchEvent(new Event("change"))
    await element.updateComplete
    root.querySelector<HTMLFormElement>("form[aria-label='New alert area']")!.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "POST"), "the create")
    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      alert_area: {
        name: null,
        area: "POLYGON ((174.77 -41.28, 174.79 -41.28, 174.79 -41.3, 174.77 -41.28))",
        radius: null,
      },
    })
  })

  it("edits a circle's radius by keyboard and saves it with PATCH", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    button(root, "Edit Circle of 800 m around -41.28650, 174.77620").click()
    await element.updateComplete
    const radius = [...root.querySelectorAll("label")]
      .find((label) => label.textContent?.includes("Radius"))!
      .querySelector("input")!
    radius.value = "1200"
    radius.dispatchEvent(new Event("change"))
    await element.updateComplete
    root.querySelector<HTMLFormElement>("form[aria-label='Edit alert area']")!.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the update")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      alert_area: { name: null, area: "POINT (174.7762 -41.2865)", radius: 1200 },
    })
  })

  it("names a new area, lists it by its name, and renames it", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    button(root, "Type a circle").click()
    await element.updateComplete
    const name = () => root.querySelector<HTMLInputElement>("form input[name=name]")!
    name().value = "Home"
    name().dispatchEvent(new Event("input"))
    root.querySelector<HTMLFormElement>("form[aria-label='New alert area']")!.requestSubmit()
    await until(() => root.querySelectorAll("[part=area]").length === 2, "the new area in the list")
    expect(api.sent.find((request) => request.method === "POST")?.body).toMatchObject({
      alert_area: { name: "Home" },
    })
    expect(root.querySelector("[role=status].saved")?.textContent).toBe("Saved Home.")
    const listed = root.querySelectorAll("[part=area]")[1]!
    expect(listed.textContent).toMatch(/Home: Circle of 1,000 m around/)
    const edit = [...listed.querySelectorAll("button")].find((each) => each.textContent?.startsWith("Edit"))!
    edit.click()
    await element.updateComplete
    expect(name().value).toBe("Home")
    name().value = "The farm"
    name().dispatchEvent(new Event("input"))
    root.querySelector<HTMLFormElement>("form[aria-label='Edit alert area']")!.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the rename")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toMatchObject({
      alert_area: { name: "The farm" },
    })
    await until(
      () => root.querySelector("[role=status].saved")?.textContent === "Saved The farm.",
      "the confirmation",
    )
  })

  it("deletes an area after confirming", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    vi.stubGlobal("confirm", () => true)
    const { root } = await mount()
    button(root, "Delete Circle of 800 m around -41.28650, 174.77620").click()
    await until(() => root.querySelectorAll("[part=area]").length === 0, "the area gone")
    expect(api.sent.some((request) => request.method === "DELETE")).toBe(true)
    expect(root.querySelector("[role=status].saved")?.textContent).toBe(
      "Deleted Circle of 800 m around -41.28650, 174.77620.",
    )
  })
})
