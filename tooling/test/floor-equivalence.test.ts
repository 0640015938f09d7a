/**
 * The floor server does the API's work, no less: for the same requests on the same generated
 * database it answers the same status, body bytes and headers that matter (`Content-Type`,
 * `Content-Range`, `Location`), and runs the same SQLite statements with the same values, as both
 * processes' statement logs (`statement-log.ts`) show. What legitimately differs between two calls
 * is set aside by name (`support/FloorComparison.ts`).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type LoadContext, loadScenarios } from "../bench/LoadScenarios.ts"
import { openTarget } from "../bench/LoadTarget.ts"
import { startApi, startFloor } from "../bench/Servers.ts"
import { generateDatabase } from "../generate/GeneratedDatabase.ts"
import {
  askBoth,
  type Call,
  callsOf,
  host,
  type Logged,
  small,
  updatedReportId,
} from "./support/FloorComparison.ts"

/** The report an update names, as it is now, and a way to put it back so. */
const reportBefore = (call: Call): (() => Promise<void>) => {
  const id = updatedReportId(call)
  if (id === undefined) return async () => {}
  const db = new DatabaseSync(join(dataDir, "fieldreport.db"))
  try {
    const before = db.prepare("SELECT address, title FROM reports WHERE id = ?").get(id) as {
      address: string
      title: string
    }
    return async () => {
      const again = new DatabaseSync(join(dataDir, "fieldreport.db"))
      try {
        again
          .prepare("UPDATE reports SET address = ?, title = ? WHERE id = ?")
          .run(before.address, before.title, id)
      } finally {
        again.close()
      }
    }
  } finally {
    db.close()
  }
}

/** Asks both servers the same, the API first, and answers what each answered and ran. */
const both = (call: Call) => askBoth(api, floor, call, reportBefore(call))

let dataDir: string
let context: LoadContext
let api: Logged
let floor: Logged
/** Reports with photos: their fetches sign file addresses, their updates link the files again. */
let withPhotos: ReadonlyArray<number>

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "fieldreport-floor-test-"))
  await generateDatabase(dataDir, small, () => {})
  // The first API logs in and runs the search the scenarios list and poll, then makes way.
  const target = await openTarget({ dataDir, reports: small.reports, seed: small.seed, log: () => {} })
  context = target.context
  await target.close()
  const reader = new DatabaseSync(join(dataDir, "fieldreport.db"), { readOnly: true })
  withPhotos = reader
    .prepare("SELECT DISTINCT report_id FROM report_attachments ORDER BY report_id LIMIT 3")
    .all()
    .map((row) => Number(row.report_id))
  reader.close()
  const logs = [join(dataDir, "api-statements.jsonl"), join(dataDir, "floor-statements.jsonl")] as const
  for (const log of logs) writeFileSync(log, "")
  // Without job workers, the API runs no statement but those of the requests.
  api = { server: await startApi(dataDir, { statementLog: logs[0], jobWorkers: 0 }), file: logs[0] }
  floor = { server: await startFloor(dataDir, { statementLog: logs[1] }), file: logs[1] }
})

afterAll(async () => {
  await api?.server.stop()
  await floor?.server.stop()
  rmSync(dataDir, { recursive: true, force: true })
})

describe("the floor server", () => {
  const hot = () => loadScenarios(context).filter((scenario) => scenario.floor)

  it("serves the hot requests of the load benchmark", () => {
    expect(hot().map((scenario) => scenario.key)).toEqual([
      "me",
      "fetch",
      "fetch-form",
      "list",
      "poll",
      "tiles",
      "create",
      "update",
    ])
  })

  it("answers each hot request as the API does, with the same statements", async () => {
    for (const scenario of hot()) {
      const [first] = callsOf(scenario, 1)
      const photos = withPhotos.flatMap((id) =>
        scenario.key === "fetch-form" || scenario.key === "update"
          ? [{ ...(first as Call), path: (first as Call).path.replace(/\/reports\/\d+/, `/reports/${id}`) }]
          : [],
      )
      for (const call of [...callsOf(scenario, 4), ...photos]) {
        const { fromApi, fromFloor } = await both(call)
        expect({ scenario: scenario.key, status: fromApi?.status }).toEqual({
          scenario: scenario.key,
          status: scenario.status,
        })
        // Authentication at the least, read from the database on every request: the log does see it.
        expect(fromApi?.statements.some(({ sql }) => /\bFROM sessions\b/.test(sql))).toBe(true)
        expect({ scenario: scenario.key, ...fromFloor }).toEqual({ scenario: scenario.key, ...fromApi })
      }
    }
  })

  it("signs the file addresses of reports with photos as the API does", async () => {
    const id = withPhotos[0]
    const { fromApi, fromFloor } = await both({
      method: "GET",
      path: `/api/v4/reports/${id}?fields=form_fields`,
      headers: { Authorization: `Token token=${context.token}` },
    })
    expect(fromApi?.body).toContain(`"original_url":"http://${host}/api/v4/files/`)
    expect(fromFloor?.body).toBe(fromApi?.body)
  })

  it("authenticates every request against the database", async () => {
    const { fromApi, fromFloor } = await both({
      method: "GET",
      path: "/api/v4/users/me",
      headers: { Authorization: "Token token=fra_not-a-session" },
    })
    expect([fromApi?.status, fromFloor?.status]).toEqual([401, 401])
    expect(fromFloor?.statements).toEqual(fromApi?.statements)
  })
})
