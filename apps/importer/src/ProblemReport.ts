/**
 * The report file: one CSV row per feature that was not imported, so nothing is dropped silently.
 * Rows are written as they happen, so a long import with many problems holds none of them in
 * memory and a stopped import leaves the rows it got to.
 */
import { createWriteStream, type WriteStream } from "node:fs"
import { Effect, Schema, type Scope } from "effect"

/**
 * A feature not imported: `invalid` when it broke a geometry rule before sending, `failed` when the
 * API refused it or could not be reached.
 *
 * @example
 * ```ts
 * const problem: Problem = { file: "parcels.geojson", feature: 12, outcome: "invalid", reason: "geometry: outer ring is not closed" }
 * ```
 */
export interface Problem {
  readonly file: string
  readonly feature: number
  readonly outcome: "invalid" | "failed"
  readonly reason: string
}

/**
 * The report file cannot be written.
 *
 * @example
 * ```ts
 * new ReportError({ path: "/readonly/report.csv", reason: "EACCES: permission denied" })
 * ```
 */
export class ReportError extends Schema.TaggedError<ReportError>()("ReportError", {
  path: Schema.String,
  reason: Schema.String,
}) {
  override get message(): string {
    return `cannot write the report ${this.path}: ${this.reason}`
  }
}

const header = "file,feature,outcome,reason"

/** A CSV field, quoted when it holds a comma, a quote or a line break. */
const field = (value: string | number): string => {
  const text = String(value)
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text
}

/**
 * The CSV line of a problem.
 *
 * @example
 * ```ts
 * ProblemReport.line({ file: "a.csv", feature: 3, outcome: "failed", reason: "422 Invalid input: x, y" })
 * // 'a.csv,3,failed,"422 Invalid input: x, y"'
 * ```
 */
export const line = (problem: Problem): string =>
  [problem.file, problem.feature, problem.outcome, problem.reason].map(field).join(",")

/**
 * An open report.
 *
 * @example
 * ```ts
 * const report = yield* ProblemReport.open("/tmp/report.csv")
 * yield* report.add({ file: "a.csv", feature: 3, outcome: "invalid", reason: "geometry: is empty" })
 * ```
 */
export interface ProblemReport {
  readonly path: string
  readonly add: (problem: Problem) => Effect.Effect<void>
}

/**
 * Creates (or replaces) the report file with its header; it is closed, all rows written, when the
 * scope ends.
 *
 * @example
 * ```ts
 * yield* Effect.scoped(Effect.flatMap(ProblemReport.open(path), (report) => report.add(problem)))
 * ```
 */
export const open = (path: string): Effect.Effect<ProblemReport, ReportError, Scope.Scope> =>
  Effect.map(
    Effect.acquireRelease(
      Effect.callback<WriteStream, ReportError>((resume) => {
        const out = createWriteStream(path)
        out.once("error", (error) => resume(Effect.fail(new ReportError({ path, reason: error.message }))))
        out.once("open", () => resume(Effect.succeed(out)))
      }),
      (out) => Effect.callback<void>((resume) => void out.end(() => resume(Effect.void))),
    ),
    (out) => {
      out.write(`${header}\n`)
      return { path, add: (problem) => Effect.sync(() => void out.write(`${line(problem)}\n`)) }
    },
  )
