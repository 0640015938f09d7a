/**
 * Report searches by free text and by the criteria people filter by (docs/api.md, Report
 * searches): `filter[q]` over titles, addresses, text answers, notes and report comments, counting
 * only what the searcher may read; `order[relevance]`; `report_state_ids`, `category_ids`,
 * `assignee_ids`, `user_ids` (never finding an anonymous report) and the creation time; the tiles
 * search with text; the reference's parameters.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Person } from "../support/People.ts"
import { postReport, putTestForm, statesOf, type TestForm } from "../support/ReportFixtures.ts"
import { searchIds, startSearch } from "../support/Searches.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type ChannelInfo, createChannel, type World } from "../support/World.ts"

let server: TestServer
let world: World
let form: TestForm
let hidden: ChannelInfo
let subcategoryId: number
/** Report ids by name. */
const reports: Record<string, number> = {}
/** The time between the reports filed first and those filed after them. */
let between: string

const file = async (name: string, person: Person, report: Record<string, unknown>) => {
  const answer = await postReport(server, person, { account_id: world.channel.id, ...report })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  reports[name] = answer.body.id
  // Distinct creation times keep the orders free of ties.
  await new Promise((resolve) => setTimeout(resolve, 3))
  return answer.body.id as number
}

const expectOk = (answer: { readonly status: number; readonly body: unknown }, status = 201) =>
  expect(answer.status, JSON.stringify(answer.body)).toBe(status)

beforeAll(async () => {
  server = await startTestServer()
  world = await buildWorld(server)
  form = await putTestForm(server, world.owner, world.channel.id)
  hidden = await createChannel(server, world.owner, world.teamId, "Hidden stream")
  const subcategory = await server.request("POST", `/api/v4/channels/${world.channel.id}/categories`, {
    token: world.owner.token,
    body: { category: { name: "Spills", pin_color: "blue", parent_id: world.channel.category_id } },
  })
  expectOk(subcategory)
  subcategoryId = subcategory.body.id

  await file("wharf", world.reporter, {
    title: "Oil sheen near the wharf",
    address: "Lambton Quay",
    location: { latitude: -41.28, longitude: 174.78 },
    [form.what]: "Diesel smell",
    [form.secret]: "Kerosene drums",
  })
  const pipe = await file("pipe", world.owner, {
    title: "Broken pipe",
    address: "Cuba Street",
    location: { latitude: -41.29, longitude: 174.77 },
  })
  await file("tip", world.reporter, {
    title: "Tip about oil drums",
    address: "Jervois Road",
    is_anonymous: true,
  })
  between = new Date().toISOString()
  await new Promise((resolve) => setTimeout(resolve, 3))
  await file("spill", world.owner, { title: "Spill", address: "Oriental Bay", category_id: subcategoryId })
  await file("flood", world.owner, { title: "Flood", address: "Evans Bay" })
  await file("floods", world.owner, {
    title: "Flood at the flood gate",
    address: "Evans Bay",
    [form.description]: "Flooding again",
  })

  expectOk(
    await server.request("POST", `/api/v4/reports/${pipe}/note_comments`, {
      token: world.operator.token,
      body: { note_comment: { comment: "Arsonist suspected" } },
    }),
  )
  expectOk(
    await server.request("POST", `/api/v4/reports/${pipe}/note_comments`, {
      token: world.operator.token,
      body: { note_comment: { comment: "Council notified", public: true } },
    }),
  )
  expectOk(
    await server.request("POST", "/api/v4/report_comments", {
      token: world.viewer.token,
      body: { report_comment: { report_id: pipe, content: "Thanks, fixed!" } },
    }),
  )
  const states = await statesOf(server, world.owner, world.channel.id)
  const later = Object.values(states).find((id) => id !== Math.min(...Object.values(states)))
  expectOk(
    await server.request("PATCH", `/api/v4/reports/${pipe}`, {
      token: world.owner.token,
      body: { report: { report_state_id: later } },
    }),
    200,
  )
  reports.laterState = later ?? 0
  expectOk(
    await server.request("PATCH", `/api/v4/reports/${reports.wharf}`, {
      token: world.owner.token,
      body: { report: { assignee_id: world.operator.id } },
    }),
    200,
  )
  const elsewhere = await postReport(server, world.owner, {
    account_id: hidden.id,
    title: "Oil in the hidden stream",
    address: "Mount Street",
  })
  expectOk(elsewhere)
  reports.hidden = elsewhere.body.id
  const outside = await postReport(server, world.outsider, {
    account_id: world.outsiderChannel.id,
    title: "Oil in the harbour",
    address: "Port Road",
  })
  expectOk(outside)
  reports.outside = outside.body.id
})
afterAll(() => server.close())

const ids = (...names: ReadonlyArray<string>) => names.map((name) => reports[name]!)

const sorted = (list: ReadonlyArray<number>) => [...list].sort((a, b) => a - b)

/** The ids a search finds, in id order. */
const found = async (person: Person, query: string) =>
  sorted(await searchIds(server, person, `${query}&order[id]=asc`))

const q = (text: string) => `filter[q]=${encodeURIComponent(text)}`

describe("GET /api/v4/reports/search with filter[q]", () => {
  it("finds the reports whose title, address, text answers and comments begin a word with each word", async () => {
    expect(await found(world.viewer, q("oil"))).toEqual(ids("wharf", "tip"))
    expect(await found(world.viewer, q("Lambton DIES"))).toEqual(ids("wharf"))
    expect(await found(world.viewer, q("council thanks cuba"))).toEqual(ids("pipe"))
    expect(await found(world.viewer, q("flooding"))).toEqual(ids("floods"))
    expect(await found(world.viewer, q("oil pipe"))).toEqual([])
    expect(await found(world.viewer, `exclude[q]=oil`)).toEqual(ids("pipe", "spill", "flood", "floods"))
  })

  it("never lets words the searcher may not read find a report, nor leave one out", async () => {
    // A private answer: for the channel's staff and the report's reporter.
    expect(await found(world.viewer, q("kerosene"))).toEqual([])
    expect(await found(world.reporter, q("kerosene"))).toEqual(ids("wharf"))
    expect(await found(world.operator, q("kerosene"))).toEqual(ids("wharf"))
    // An internal note: for the staff only.
    for (const person of [world.viewer, world.reporter])
      expect(await found(person, q("arsonist"))).toEqual([])
    for (const person of [world.operator, world.owner])
      expect(await found(person, q("arsonist"))).toEqual(ids("pipe"))
    expect(await found(world.viewer, "exclude[q]=arsonist")).toContain(reports.pipe)
    expect(await found(world.operator, "exclude[q]=arsonist")).not.toContain(reports.pipe)
    // Reports of channels the searcher does not read, whatever their words.
    expect(await found(world.viewer, q("harbour"))).toEqual([])
    expect(await found(world.viewer, q("hidden"))).toEqual([])
    expect(await found(world.owner, q("oil"))).toEqual(ids("wharf", "tip", "hidden"))
    expect(await found(world.outsider, q("oil"))).toEqual(ids("outside"))
  })

  it("reads whatever is typed as plain words: quotes, operators and unicode are never syntax", async () => {
    for (const [text, expected] of [
      ['"oil" (wharf*) & | : -', ids("wharf")],
      ["NEAR(oil, wharf)", ids("wharf")],
      ["oil OR pipe", []],
      ["oil AND wharf", []],
      ["oil NOT wharf", []],
      ["'; DROP TABLE reports; --", []],
      ["Ōtaki 河流 café", []],
      ["*oil*", ids("wharf", "tip")],
    ] as const) {
      expect(await found(world.viewer, q(text)), text).toEqual(expected)
    }
  })

  it.each([
    ["no word", q("*** ::"), "filter[q]", "must hold a word: letters or digits"],
    ["too long", q("a".repeat(201)), "filter[q]", "must be at most 200 characters"],
    ["eleven words", q("a b c d e f g h i j k"), "filter[q]", "must hold at most 10 different words"],
    ["given twice", "filter[q]=a&filter[q]=b", "filter[q]", "must be given once, as a single value"],
    [
      "order[relevance] without filter[q]",
      "order[relevance]=desc",
      "order[relevance]",
      "needs filter[q]: reports are ranked by how well they match it",
    ],
  ])("answers 400 for %s, naming the parameter", async (_, query, parameter, message) => {
    const answer = await startSearch(server, world.viewer, query)
    expect(answer.status).toBe(400)
    expect(answer.body.errors).toEqual({ [parameter]: [message] })
  })

  it("orders by relevance when asked: more of the words, in more places, first", async () => {
    expect(await searchIds(server, world.viewer, `${q("flood")}&order[relevance]=desc`)).toEqual(
      ids("floods", "flood"),
    )
    expect(await searchIds(server, world.viewer, `${q("flood")}&order[relevance]=asc`)).toEqual(
      ids("flood", "floods"),
    )
  })
})

describe("GET /api/v4/reports/search by state, category, assignee, reporter and creation time", () => {
  it("finds the reports in the states named", async () => {
    expect(await found(world.viewer, `filter[report_state_ids]=${reports.laterState}`)).toEqual(ids("pipe"))
    expect(await found(world.viewer, `exclude[report_state_ids]=${reports.laterState}&${q("oil")}`)).toEqual(
      ids("wharf", "tip"),
    )
  })

  it("finds the reports of the categories named, a subcategory only when named too", async () => {
    expect(await found(world.viewer, `filter[category_ids]=${subcategoryId}`)).toEqual(ids("spill"))
    expect(await found(world.viewer, `filter[category_ids]=${world.channel.category_id}`)).not.toContain(
      reports.spill,
    )
    expect(
      await found(world.viewer, `filter[category_ids]=${world.channel.category_id},${subcategoryId}`),
    ).toEqual(ids("wharf", "pipe", "tip", "spill", "flood", "floods"))
  })

  it("finds the reports assigned to the users named; leaving them out keeps the unassigned", async () => {
    expect(await found(world.viewer, `filter[assignee_ids]=${world.operator.id}`)).toEqual(ids("wharf"))
    expect(await found(world.viewer, `exclude[assignee_ids]=${world.operator.id}&${q("oil")}`)).toEqual(
      ids("tip"),
    )
  })

  it("finds the reports the users named filed, never an anonymous one, whoever asks", async () => {
    for (const person of [world.viewer, world.owner, world.reporter])
      expect(await found(person, `filter[user_ids]=${world.reporter.id}`)).toEqual(ids("wharf"))
    expect(await found(world.viewer, `exclude[user_ids]=${world.reporter.id}&${q("oil")}`)).toEqual(
      ids("tip"),
    )
  })

  it("finds the reports filed within the times given", async () => {
    expect(await found(world.viewer, `filter[created_before]=${encodeURIComponent(between)}`)).toEqual(
      ids("wharf", "pipe", "tip"),
    )
    expect(
      await found(world.viewer, `filter[created_after]=${encodeURIComponent(between)}&${q("flood")}`),
    ).toEqual(ids("flood", "floods"))
  })
})

describe("GET /api/v4/reports/tiles with filter[q]", () => {
  it("counts only the reports whose readable text matches", async () => {
    const tiles = async (query: string) => {
      const answer = await server.request(
        "GET",
        `/api/v4/reports/tiles?scale=1&bbox=174,-42,175,-41&${query}`,
        {
          token: world.operator.token,
        },
      )
      expect(answer.status, JSON.stringify(answer.body)).toBe(200)
      return answer.body.map((tile: { report_count: number }) => tile.report_count)
    }
    expect(await tiles("")).toEqual([2])
    expect(await tiles(q("wharf"))).toEqual([1])
    expect(await tiles(q("arsonist"))).toEqual([1])
    expect(await tiles("exclude[q]=oil")).toEqual([1])
  })
})

describe("the API reference", () => {
  it("declares filter[q], exclude[q], the new criteria and order[relevance] on the report search", async () => {
    const document = await server.request("GET", "/api/v4/openapi.json")
    const names = document.body.paths["/api/v4/reports/search"].get.parameters.map(
      (parameter: { name: string }) => parameter.name,
    )
    for (const name of [
      "filter[q]",
      "exclude[q]",
      "filter[report_state_ids]",
      "filter[category_ids]",
      "filter[assignee_ids]",
      "filter[user_ids]",
      "filter[created_after]",
      "exclude[created_before]",
      "order[relevance]",
    ])
      expect(names).toContain(name)
    const text = document.body.paths["/api/v4/reports/search"].get.parameters.find(
      (parameter: { name: string }) => parameter.name === "filter[q]",
    )
    expect(text.schema.maxLength).toBe(200)
  })
})
