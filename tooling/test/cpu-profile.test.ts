import { describe, expect, it } from "vitest"
import { breakdownOf, type CpuProfile } from "../bench/CpuProfile.ts"

const frame = (id: number, functionName: string, url: string, children: Array<number> = []) => ({
  id,
  callFrame: { functionName, url },
  children,
})

const nodes = [
  frame(1, "(root)", "", [2, 3, 4, 5, 6, 7, 9]),
  frame(2, "(idle)", ""),
  frame(3, "rowsOf", "file:///srv/apps/api/src/store/sql/sqlite/SqliteClient.ts"),
  frame(4, "runLoop", "file:///srv/node_modules/effect/dist/internal/effect.js", [8]),
  frame(5, "(garbage collector)", ""),
  frame(6, "handle", "file:///srv/node_modules/express/lib/application.js", [10]),
  frame(7, "compileSourceTextModule", "node:internal/modules/esm/utils"),
  frame(8, "writeUtf8String", ""),
  frame(9, "write", "file:///srv/node_modules/sonic-boom/index.js", [11]),
  frame(10, "hash", ""),
  frame(11, "writeString", ""),
]

/** Samples of a millisecond each: `count` of them in node `id`. */
const run = (id: number, count: number) => Array.from({ length: count }, () => id)

/** A start-up of 300 ms, an idle 500 ms, 100 ms of requests (5 ms of it idle), then idle again. */
const samples = [
  ...run(7, 300),
  ...run(2, 500),
  ...run(3, 40),
  ...run(4, 20),
  ...run(8, 10),
  ...run(5, 10),
  ...run(6, 5),
  ...run(10, 5),
  ...run(11, 5),
  ...run(2, 5),
  ...run(2, 500),
]
const profile: CpuProfile = { nodes, samples, timeDeltas: samples.map(() => 1000) }

describe("breakdownOf", () => {
  it("leaves out the start-up and the idle stretches, and splits the busy time by part", () => {
    const { keptMs, parts } = breakdownOf(profile)
    expect(keptMs).toBe(100)
    expect(Object.fromEntries(parts.map(({ part, share }) => [part, Math.round(share * 100) / 100]))).toEqual(
      {
        "SQLite statements (node:sqlite)": 0.42,
        "effect runtime": 0.21,
        "socket and pipe writes": 0.11,
        "garbage collection": 0.11,
        // A native frame is charged to the JavaScript that called it.
        "Express and its helpers": 0.11,
        // The log's own writes are the log's.
        "request log (pino)": 0.05,
      },
    )
  })

  it("names the PostgreSQL clients, the API's and the floor's", () => {
    const clients = [
      frame(1, "(root)", "", [2, 3, 4]),
      frame(2, "(idle)", ""),
      frame(3, "parse", "file:///srv/node_modules/@effect/sql-pg/dist/PgClient.js"),
      frame(4, "parse", "file:///srv/node_modules/pg-protocol/dist/parser.js"),
    ]
    const busy = [...run(2, 500), ...run(3, 50), ...run(4, 50), ...run(2, 500)]
    const { parts } = breakdownOf({ nodes: clients, samples: busy, timeDeltas: busy.map(() => 1000) })
    expect(parts).toEqual([{ part: "PostgreSQL client (@effect/sql-pg, pg)", share: 1 }])
  })

  it("keeps nothing when the profile is all start-up", () => {
    const startUp: CpuProfile = { nodes, samples: run(7, 50), timeDeltas: run(1000, 50) }
    expect(breakdownOf(startUp)).toEqual({ keptMs: 0, parts: [] })
  })
})
