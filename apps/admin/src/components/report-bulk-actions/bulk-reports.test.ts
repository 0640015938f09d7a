import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest } from "../../../test/support/fakeFetch.ts"
import { connect } from "../../shared/connection.ts"
import { doneSaid, outcomeText, updateReports } from "./bulk-reports.ts"

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("updateReports", () => {
  it("sends at most 200 items a call, tells how far it got, and refuses a batch the server refused whole", async () => {
    let calls = 0
    const fake = fakeFetch({
      "POST /api/v4/reports/bulk_update": (request: SentRequest) => {
        if (++calls === 2)
          return { status: 503, body: { title: "Service Unavailable", detail: "try again later" } }
        const items = request.body as Array<{ id: number }>
        return {
          body: items.map((item, ref) => ({ ref, http_status: 200, data: { id: item.id }, errors: {} })),
        }
      },
    })
    const connection = connect({ baseUrl: "http://api.test", token: "fra_test" })
    vi.stubGlobal("fetch", fake.fetch)
    const items = Array.from({ length: 450 }, (_, index) => ({ id: index + 1, assignee_id: 5 }))
    const progress: Array<string> = []

    const outcome = await updateReports(connection, items, (finished, total) =>
      progress.push(`${finished}/${total}`),
    )

    const sent = fake.sent.map((request) => (request.body as Array<unknown>).length)
    expect(sent).toEqual([200, 200, 50])
    expect(fake.sent[0]?.url.searchParams.get("fields")).toBe("id")
    expect(progress).toEqual(["200/450", "400/450", "450/450"])
    expect(outcome.done).toHaveLength(250)
    expect(outcome.refused).toHaveLength(200)
    expect(outcome.refused[0]).toEqual({ id: 201, reasons: ["try again later"] })
  })
})

describe("outcomeText", () => {
  it("says how many were done, and each reason once with the reports it refused", () => {
    expect(outcomeText({ done: [1], refused: [] }, doneSaid.deleted)).toBe("1 report deleted.")
    const refused = Array.from({ length: 7 }, (_, index) => ({
      id: index + 10,
      reasons: ["you may not edit this report"],
    }))
    expect(
      outcomeText(
        { done: [], refused: [...refused, { id: 30, reasons: ["state cannot follow New"] }] },
        doneSaid.updated,
      ),
    ).toBe(
      "0 reports updated, 8 refused: you may not edit this report (reports 10, 11, 12, 13, 14 and 2 more); " +
        "state cannot follow New (report 30).",
    )
  })
})
