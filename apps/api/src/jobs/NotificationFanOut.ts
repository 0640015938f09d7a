/**
 * The notification fan-out (api-decisions §7): the handlers of the jobs the reports service
 * enqueues when a report is filed (`report.created`) and when an update moves it
 * (`report.moved`).
 *
 * Who is told is the domain's rule (`NotificationTargeting`); this module gathers what it needs:
 *
 * - the channel's members who follow it or want its alerts (invitations not yet accepted left out);
 * - the alert areas containing the report's location: the R*Tree gives the areas whose box holds
 *   it, of members with `alert` on, and the domain's exact geometry keeps those that contain it
 *   (great-circle distance for circles, polygons with their holes, the boundary inside), so no run
 *   reads more areas than the few around the location;
 * - who already has a notification about the report.
 *
 * A run is one transaction and inserts skip users already notified, so a job retried after a
 * crash, or run twice, notifies nobody twice.
 */
import * as AlertArea from "@fieldreport/domain/AlertArea"
import * as NotificationTargeting from "@fieldreport/domain/NotificationTargeting"
import type { Position } from "@fieldreport/domain/Position"
import type * as Wkt from "@fieldreport/domain/Wkt"
import { Effect, Layer } from "effect"
import { ReportCreatedJob, ReportMovedJob } from "../services/Reports.ts"
import { type AlertAreaCandidate, AlertAreaStore } from "../store/AlertAreaStore.ts"
import { nowIso } from "../store/Clock.ts"
import { NotificationStore } from "../store/NotificationStore.ts"
import * as Transaction from "../store/Transaction.ts"
import { JobRunner } from "./JobRunner.ts"

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
 * What a stored area covers, read without validating it again (it was when written): a circle from
 * its centre columns, a polygon from its rings' JSON. Reading the WKT would cost some 40 µs a
 * polygon, and a report in a busy city has hundreds of candidates.
 */
const regionOf = (candidate: AlertAreaCandidate): AlertArea.Region | undefined => {
  if (candidate.shape_type === "circle" && candidate.radius !== null)
    return {
      shape_type: "circle",
      center: [candidate.longitude, candidate.latitude],
      radius: candidate.radius,
    }
  if (candidate.shape_type === "poly" && candidate.rings !== null)
    return {
      shape_type: "poly",
      polygon: { type: "Polygon", coordinates: JSON.parse(candidate.rings) as Wkt.Polygon["coordinates"] },
    }
  return undefined
}

/**
 * The alert areas containing a location, of the channel's members with `alert` on: the R*Tree's
 * candidates, then the domain's exact test (`AlertArea.contains`). What the fan-out matches a
 * report with (the benchmark times it alone).
 *
 * @example
 * ```ts
 * const areas = yield* areasContaining(yield* AlertAreaStore, report.channel_id, [174.77, -36.85])
 * ```
 */
export const areasContaining = (
  areas: AlertAreaStore["Service"],
  channelId: number,
  location: Position,
): Effect.Effect<ReadonlyArray<AlertAreaCandidate>> =>
  Effect.map(areas.candidatesAt(channelId, location), (candidates) =>
    candidates.filter((candidate) => {
      const region = regionOf(candidate)
      return region !== undefined && AlertArea.contains(region, location)
    }),
  )

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
    const inTransaction = yield* Transaction.runner
    const jobs = yield* JobRunner
    const areas = yield* AlertAreaStore
    const notifications = yield* NotificationStore

    const fanOut = (occasion: Occasion) =>
      Effect.fn(`NotificationFanOut.${occasion}`)(function* (payload: { readonly report_id: number }) {
        const report = yield* notifications.reportToNotify(payload.report_id)
        // Deleted (with its channel) since the job was enqueued: nobody is left to tell.
        if (report === undefined) return
        const location: Position | undefined =
          report.longitude === null || report.latitude === null
            ? undefined
            : [report.longitude, report.latitude]
        const areasContainingLocation =
          location === undefined ? [] : yield* areasContaining(areas, report.channel_id, location)
        const alerted = [...new Set(areasContainingLocation.map((area) => area.user_id))]
        const recipients = targetingOf[occasion]({
          reporterId: report.user_id,
          members: yield* notifications.audienceOf(report.channel_id, alerted),
          areasContainingLocation,
          alreadyNotified: yield* notifications.notifiedAbout(report.id),
        })
        yield* notifications.insertMany(report, recipients, yield* nowIso)
      }, inTransaction)

    yield* jobs.register(ReportCreatedJob, fanOut("created"))
    yield* jobs.register(ReportMovedJob, fanOut("moved"))
  }),
)
