/**
 * The notification fan-out (docs/api.md, Notifications): the handlers of the jobs the reports
 * service enqueues when a report is filed (`report.created`) and when an update moves it
 * (`report.moved`).
 *
 * Who is told is the domain's rule (`NotificationTargeting`); this module gathers what it needs:
 *
 * - the channel's members who follow it or want its alerts (invitations not yet accepted left out);
 * - the alert areas containing the report's location, from the areas kept in memory
 *   (`AlertAreaIndex`: an R-tree of their boxes, then the domain's exact geometry, great-circle
 *   distance for circles, polygons with their holes, the boundary inside); whether their owners
 *   want this channel's alerts is for the audience to say;
 * - who already has a notification about the report.
 *
 * A run starts once the answers in hand are written. It reads, then writes with one insert, which
 * skips users already notified (so a job retried after a crash, or run twice, notifies nobody
 * twice) and writes nothing when the report has been deleted meanwhile. On PostgreSQL the run is
 * one transaction; on SQLite the insert commits by itself (`Transaction.singleWriteRunner`).
 */
import * as NotificationTargeting from "@fieldreport/domain/NotificationTargeting"
import type { Position } from "@fieldreport/domain/Position"
import { Effect, Layer } from "effect"
import { AppConfig } from "../Config.ts"
import { AlertAreaIndex } from "../store/AlertAreaIndex.ts"
import { NotificationStore } from "../store/NotificationStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import * as JobKinds from "./JobKinds.ts"
import { JobRunner } from "./JobRunner.ts"

/**
 * One turn of the event loop, so that the answers in hand are written before a run starts. The
 * worker wakes when the write that enqueued the job commits, while its request is still making its
 * answer; on SQLite, whose queries run on this thread and share one connection, that answer would
 * otherwise wait for the whole run (the analytics-and-alerts benchmark times both).
 */
const answersFirst = Effect.promise(() => new Promise<void>((resolve) => setImmediate(resolve)))

/** Which rule of `NotificationTargeting` a run follows. */
type Occasion = "created" | "moved"

const targetingOf: Record<
  Occasion,
  (audience: NotificationTargeting.ReportAudience) => ReadonlyArray<number>
> = {
  created: NotificationTargeting.forNewReport,
  moved: NotificationTargeting.forMovedReport,
}

/**
 * Registers the fan-out handlers with the job runner.
 *
 * @example
 * ```ts
 * const withFanOut = NotificationFanOut.layer.pipe(Layer.provide(JobRunner.layer))
 * ```
 */
export const layer = Layer.effectDiscard(
  Effect.gen(function* () {
    const inOneWrite = yield* Transaction.singleWriteRunner
    const jobs = yield* JobRunner
    const index = yield* AlertAreaIndex
    const notifications = yield* NotificationStore

    const fanOut = (occasion: Occasion) => {
      const run = traced(`NotificationFanOut.${occasion}`)(function* (payload: {
        readonly report_id: number
      }) {
        const report = yield* notifications.reportToNotify(payload.report_id)
        // Deleted (with its channel) since the job was enqueued: nobody is left to tell.
        if (report === undefined) return
        const location: Position | undefined =
          report.longitude === null || report.latitude === null
            ? undefined
            : [report.longitude, report.latitude]
        const areasContainingLocation = location === undefined ? [] : yield* index.containing(location)
        const alerted = [...new Set(areasContainingLocation.map((area) => area.user_id))]
        const recipients = targetingOf[occasion]({
          reporterId: report.user_id,
          members: yield* notifications.audienceOf(report.channel_id, alerted),
          areasContainingLocation,
          alreadyNotified: yield* notifications.notifiedAbout(report.id),
        })
        yield* notifications.insertMany(report, recipients, yield* nowIso)
      }, inOneWrite)
      return (payload: { readonly report_id: number }) => Effect.andThen(answersFirst, run(payload))
    }

    yield* jobs.register(JobKinds.ReportCreated, fanOut("created"))
    yield* jobs.register(JobKinds.ReportMoved, fanOut("moved"))
    // A process that runs jobs reads the areas now, in the background, not at its first report.
    if ((yield* AppConfig).jobWorkers > 0) yield* Effect.forkScoped(index.warm)
  }),
)
