/**
 * What a report write tells others, through background jobs (the notification fan-out of
 * `jobs/`): a filed report goes to the channel's followers and to the alert areas it lies in, a
 * moved one to the alert areas it may now lie in. The jobs are enqueued in the write's
 * transaction, so a write that fails tells nobody and one that is kept is told for certain.
 */
import { Effect } from "effect"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import type { ReportRow } from "../store/ReportStore.ts"

/**
 * Makes the fan-out of report writes, on the job runner.
 *
 * @example
 * ```ts
 * const fanOut = yield* ReportFanOut.make
 * yield* fanOut.filed(report)
 * ```
 */
export const make = Effect.gen(function* () {
  const jobs = yield* JobRunner

  /** A report was filed. */
  const filed = (report: ReportRow) =>
    Effect.asVoid(jobs.enqueue(JobKinds.ReportCreated, { report_id: report.id }))

  /** A report's location changed. */
  const moved = (report: ReportRow) =>
    Effect.asVoid(jobs.enqueue(JobKinds.ReportMoved, { report_id: report.id }))

  return { filed, moved }
})
