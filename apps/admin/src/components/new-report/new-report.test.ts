import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import { LocationChangeEvent } from "../../events/location-change.ts"
import type { ReportSavedEvent } from "../../events/report-saved.ts"
import type { NewReport } from "./new-report.ts"
import "./new-report.ts"

const field = (id: number, label: string, field_type: string, mandatory: boolean) => ({
  id,
  label,
  key: `f_7_${id}_${id}`,
  field_type,
  form_order: id,
  data: "",
  mandatory,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

const routes = {
  "GET /api/v4/channels": { body: [{ id: 7, name: "Streets", team_id: 1, category_id: 70, form_id: 7 }] },
  "GET /api/v4/channels/7/form": {
    body: {
      id: 7,
      name: "Streets",
      version: 1,
      fields: [field(1, "Category", "Category", false), field(2, "What happened", "ShortTextBox", true)],
    },
  },
  "GET /api/v4/channels/7/categories": { body: [] },
  "POST /api/v4/reports": (request: SentRequest) => ({
    status: 201,
    body: {
      id: 55,
      account_id: 7,
      address: "",
      category_id: 70,
      is_anonymous: false,
      iso_created_at: "2026-03-01T09:30:00.000Z",
      location: (request.body as { report: { location: unknown } }).report.location,
      report_state_id: 1,
      title: "Streets",
      shape_id: null,
    },
  }),
}

const mount = async (attributes: Readonly<Record<string, string>> = {}) => {
  const element = document.createElement("fr-new-report") as NewReport
  element.baseUrl = "http://api.test"
  element.token = "fra_test"
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
  document.body.append(element)
  const root = element.shadowRoot!
  await until(() => root.querySelectorAll("fr-answer-input").length === 2, "the channel's form")
  return { element, root }
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-new-report", () => {
  it("refuses to send what the server would refuse, naming the fields", async () => {
    const api = fakeFetch(routes)
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()

    root.querySelector("form")!.requestSubmit()
    await element.updateComplete

    expect(element.errors).toEqual({
      "report.f_7_2_2": ["is required"],
      "report.location": ["is required when there is no address"],
    })
    expect(api.sent.some((request) => request.method === "POST")).toBe(false)
    expect(root.querySelector("[role=alert]")?.textContent).toContain("correct the fields")
  })

  it("drops the location's problem once a pin is placed", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes).fetch)
    const { element, root } = await mount()
    root.querySelector("form")!.requestSubmit()
    await element.updateComplete
    const shown = () => [...root.querySelectorAll("fieldset .error")].map((error) => error.textContent)
    expect(shown()).toEqual(["Location is required when there is no address"])

    root
      .querySelector("fr-location-picker")!
      .dispatchEvent(new LocationChangeEvent({ latitude: -41.29, longitude: 174.78 }, ""))
    await element.updateComplete
    expect(shown()).toEqual([])
    expect(element.errors["report.f_7_2_2"]).toEqual(["is required"])
  })

  it("looks for where the channel's reports are densest to centre the map", async () => {
    const tile = (longitude: number, latitude: number, scale: number, report_count: number) => ({
      tile_id: `${longitude},${latitude},${scale}`,
      longitude,
      latitude,
      scale,
      report_count,
    })
    const api = fakeFetch({
      ...routes,
      "GET /api/v4/reports/tiles": (request: SentRequest) => ({
        body:
          request.url.searchParams.get("scale") === "2"
            ? [tile(172, -44, 2, 3), tile(174, -42, 2, 40)]
            : [tile(174.76, -41.3, 0.02, 12)],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    await mount()
    await until(() => api.sent.filter((request) => request.url.pathname.endsWith("/tiles")).length === 2)

    const [world, region] = api.sent.filter((request) => request.url.pathname.endsWith("/tiles"))
    expect(world?.url.searchParams.get("filter[channels]")).toBe("7")
    expect(region?.url.searchParams.get("scale")).toBe("0.02")
    // Inside the fullest two-degree cell only.
    const [minLon, minLat, maxLon, maxLat] = (region?.url.searchParams.get("bbox") ?? "")
      .split(",")
      .map(Number)
    expect([minLon! > 174, minLat! > -42, maxLon! < 176, maxLat! < -40]).toEqual([true, true, true, true])
  })

  it("gives its location map the basemap and its credit", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes).fetch)
    const { root } = await mount({
      "tile-url": "https://tiles.test/{z}/{x}/{y}.png",
      "tile-attribution": "© Test",
    })
    const picker = root.querySelector("fr-location-picker")!
    expect([picker.tileUrl, picker.tileAttribution]).toEqual(["https://tiles.test/{z}/{x}/{y}.png", "© Test"])
  })

  it("files the answers and the location in the chosen channel", async () => {
    const api = fakeFetch(routes)
    vi.stubGlobal("fetch", api.fetch)
    const { element, root } = await mount()
    const saved: Array<ReportSavedEvent> = []
    element.addEventListener("fr-report-saved", (event) => saved.push(event))

    const text = root.querySelectorAll("fr-answer-input")[1]!.shadowRoot!.querySelector("input")!
    text.value = "Streetlight out"
    text.dispatchEvent(new Event("input"))
    root
      .querySelector("fr-location-picker")!
      .dispatchEvent(new LocationChangeEvent({ latitude: -41.29, longitude: 174.78 }, ""))
    root.querySelector("form")!.requestSubmit()
    await until(() => saved.length > 0, "the report to be filed")

    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      report: {
        account_id: 7,
        location: { latitude: -41.29, longitude: 174.78 },
        f_7_2_2: "Streetlight out",
      },
    })
    expect(saved[0]?.reportId).toBe(55)
    expect(saved[0]?.created).toBe(true)
  })
})
