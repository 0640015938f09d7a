import { readFileSync, rmSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "@effect/vitest"
import { Duration, Effect } from "effect"
import { TestClock } from "effect/testing"
import * as ProblemReport from "../src/ProblemReport.ts"
import * as Progress from "../src/Progress.ts"
import * as Tally from "../src/Tally.ts"
import { temporaryDirectory } from "./support/Fixtures.ts"

describe("ProblemReport", () => {
  it.effect("writes a CSV row per problem, quoting what needs it", () =>
    Effect.gen(function* () {
      const directory = temporaryDirectory()
      const path = join(directory, "report.csv")
      yield* Effect.scoped(
        Effect.gen(function* () {
          const report = yield* ProblemReport.open(path)
          yield* report.add({
            file: "a.geojson",
            feature: 3,
            outcome: "invalid",
            reason: "geometry: is empty",
          })
          yield* report.add({ file: "b.csv", feature: 9, outcome: "failed", reason: 'said "no", twice' })
        }),
      )
      expect(readFileSync(path, "utf8")).toBe(
        'file,feature,outcome,reason\na.geojson,3,invalid,geometry: is empty\nb.csv,9,failed,"said ""no"", twice"\n',
      )
      rmSync(directory, { recursive: true })
    }),
  )

  it.effect("fails with the path when the file cannot be written", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Effect.scoped(ProblemReport.open("/nonexistent/folder/report.csv")))
      expect(error.message).toMatch(/^cannot write the report \/nonexistent\/folder\/report.csv: ENOENT/)
    }),
  )
})

describe("Tally", () => {
  it("sums up an import and a dry run", () => {
    const tally = { created: 1_200, planned: 0, existing: 5, invalid: 2, failed: 1 }
    expect(Tally.summary(tally, Duration.millis(3_250), false)).toBe(
      "created 1,200, skipped 7 (5 already imported, 2 invalid), failed 1, in 3.3 s",
    )
    expect(Tally.summary({ ...Tally.empty(), planned: 4 }, Duration.seconds(1), true)).toBe(
      "would create 4, skipped 0 (0 already imported, 0 invalid), failed 0, in 1.0 s",
    )
  })
})

describe("Progress", () => {
  it("tells the share read, the rate and the time left", () => {
    expect(Progress.describe({ share: 0.25, features: 5_000, elapsedMs: 10_000 })).toEqual({
      share: "25%",
      features: "5,000 features",
      rate: "500/s",
      eta: "0:30",
    })
  })

  it.effect("writes plain lines when not on a terminal", () =>
    Effect.gen(function* () {
      const lines: Array<string> = []
      const progress = yield* Progress.make({
        totalBytes: 100,
        terminal: false,
        write: (text) => lines.push(text),
      })
      progress.read(50)
      yield* progress.show({ ...Tally.empty(), created: 10 })
      expect(lines).toEqual([])
      yield* TestClock.adjust(Duration.seconds(5))
      yield* progress.show({ ...Tally.empty(), created: 10 })
      expect(lines).toEqual(["progress: 50% of input read, 10 features (10 created), 2/s, about 0:05 left\n"])
    }),
  )

  it.effect("redraws one line with a bar on a terminal, and clears it at the end", () =>
    Effect.gen(function* () {
      const writes: Array<string> = []
      const progress = yield* Progress.make({
        totalBytes: 200,
        terminal: true,
        write: (text) => writes.push(text),
      })
      progress.read(50)
      yield* TestClock.adjust(Duration.seconds(2))
      yield* progress.show({ ...Tally.empty(), created: 30, existing: 10 })
      yield* progress.end
      expect(writes).toEqual([
        `\r${"█".repeat(6)}${"░".repeat(18)} 25% · 40 features · 20/s · ETA 0:06\u001b[K`,
        "\r\u001b[K",
      ])
    }),
  )
})
