/**
 * The analytics endpoints (docs/api.md, Analytics): counts over the reports of one channel created
 * in `[start, end)`, for anyone who may read the channel.
 *
 * The database counts (`AnalyticsStore`); this service asks it once per stretch of constant UTC
 * offset where local time matters, adds the stretches up, names what was counted (states,
 * categories, options) and lists what nothing fell in with a count of 0: every bucket of
 * `reports_over_time`, every hour, weekday, state, category and option.
 *
 * Details docs/api.md does not spell out:
 *
 * - Every endpoint takes the range over report creation time, as the guide says of all of them:
 *   `reports_read` counts the opens, whenever they happened, of the reports created in the range,
 *   and `user_awareness` the notifications about those reports. So each answers "what became of the
 *   reports filed in this period", and no endpoint mixes two clocks.
 * - `reports_images` lists each image of an Image field once, in the order the reports were filed;
 *   its `created_at` is the image's own (when it was uploaded).
 * - `reports_per_field_selection` counts the reports whose category is exactly the category (not
 *   those of its subcategories), and lists every category of the channel, root first; for a
 *   DropDown or Radio field, every option of the field's data in display order, disabled ones too,
 *   since older reports may have chosen them. A `field_id` that is not a field of the channel's
 *   form (another channel's, a removed one) is `422`, like a field of another type.
 * - `reports_per_user` and the `alert_source_reports` of `user_awareness` leave anonymous reports
 *   out: counting them per reporter would tell who filed them.
 * - `user_awareness` lists the users with something to count: alerted about a report of the
 *   range, or the reporter of one that alerted others; by last, then first name.
 */
import type {
  ReportImage,
  ReportsOverTime,
  ReportsPerDayHour,
  ReportsPerFieldSelection,
  ReportsPerState,
  ReportsPerUser,
  ReportsPerWeekDay,
} from "@fieldreport/domain/Analytics"
import * as AnalyticsBucket from "@fieldreport/domain/AnalyticsBucket"
import { choiceOptions } from "@fieldreport/domain/FormField"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as Timestamp from "@fieldreport/domain/Timestamp"
import { Context, DateTime, Effect, Layer } from "effect"
import type { Forbidden, NotFound } from "../Errors.ts"
import {
  AnalyticsStore,
  type AwarenessRow,
  type KeyCount,
  type LocalRange,
  type ReadCounts,
  type ReportRange,
} from "../store/AnalyticsStore.ts"
import { CategoryStore } from "../store/CategoryStore.ts"
import { FormStore } from "../store/FormStore.ts"
import { ReportStateStore } from "../store/ReportStateStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import { Attachments } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"

/** The field types `reports_per_field_selection` counts. */
const countedFieldTypes: ReadonlyArray<string> = ["Category", "DropDown", "Radio"]

const rangeOf = (query: AnalyticsBucket.AnalyticsQuery): ReportRange => ({
  channelId: query.channelId,
  start: Timestamp.format(query.start),
  end: Timestamp.format(query.end),
})

/** The range cut where the zone's offset changes, each part with its offset. */
const localRangesOf = (query: AnalyticsBucket.AnalyticsQuery): ReadonlyArray<LocalRange> =>
  AnalyticsBucket.offsetIntervals(query).map((interval) => ({
    channelId: query.channelId,
    start: Timestamp.format(interval.utcStart),
    end: Timestamp.format(interval.utcEnd),
    offsetMinutes: interval.offsetMinutes,
  }))

/** Counts per key added up over the parts of a range, keys `0 … size - 1`. */
const totalsOf = (parts: ReadonlyArray<ReadonlyArray<KeyCount<number>>>, size: number): Array<number> => {
  const totals = Array.from({ length: size }, () => 0)
  for (const rows of parts)
    for (const row of rows) totals[row.key] = (totals[row.key] ?? 0) + row.report_count
  return totals
}

const countsByKey = <K>(rows: ReadonlyArray<KeyCount<K>>): ReadonlyMap<K, number> =>
  new Map(rows.map((row) => [row.key, row.report_count]))

/**
 * The analytics service. Each method first checks that the actor may read the channel
 * (another tenant's channel is `404`).
 *
 * @example
 * ```ts
 * const query = yield* Effect.fromResult(AnalyticsBucket.parseQuery(req.query))
 * const buckets = yield* (yield* Analytics).reportsOverTime(actor, query)
 * ```
 */
export class Analytics extends Context.Service<
  Analytics,
  {
    /** The images of the reports; `origin` (`https://host`) signs their addresses when no public URL is set. */
    readonly reportsImages: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
      origin: string,
    ) => Effect.Effect<ReadonlyArray<typeof ReportImage.Encoded>, NotFound | Forbidden>
    /** The reports per bucket of `query.width`, from the bucket holding `start` to the one before `end`. */
    readonly reportsOverTime: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<typeof ReportsOverTime.Encoded>, NotFound | Forbidden>
    /** The reports per category or option of a Category, DropDown or Radio field of the channel's form. */
    readonly reportsPerFieldSelection: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
      fieldId: number,
    ) => Effect.Effect<
      ReadonlyArray<typeof ReportsPerFieldSelection.Encoded>,
      NotFound | Forbidden | InvalidInput
    >
    /** The reports per state of the channel, by position. */
    readonly reportsPerState: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<typeof ReportsPerState.Encoded>, NotFound | Forbidden>
    /** The reports per reporter, most first. */
    readonly reportsPerUser: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<typeof ReportsPerUser.Encoded>, NotFound | Forbidden>
    /** The reports per local hour, all 24. */
    readonly reportsPerDayHour: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<typeof ReportsPerDayHour.Encoded>, NotFound | Forbidden>
    /** The reports per local day of the week, all 7 from Sunday. */
    readonly reportsPerWeekDay: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<typeof ReportsPerWeekDay.Encoded>, NotFound | Forbidden>
    /** Every reading count; the caller renders those `fields` selects. */
    readonly reportsRead: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadCounts, NotFound | Forbidden>
    /** Every awareness count per user; the caller renders those `fields` selects. */
    readonly userAwareness: (
      actor: Actor,
      query: AnalyticsBucket.AnalyticsQuery,
    ) => Effect.Effect<ReadonlyArray<AwarenessRow>, NotFound | Forbidden>
  }
>()("api/services/Analytics") {
  static readonly layer = Layer.effect(
    Analytics,
    Effect.gen(function* () {
      const access = yield* Access
      const attachments = yield* Attachments
      const store = yield* AnalyticsStore
      const forms = yield* FormStore
      const categories = yield* CategoryStore
      const states = yield* ReportStateStore

      const readable = (actor: Actor, query: AnalyticsBucket.AnalyticsQuery) =>
        access.channelFor(actor, query.channelId, "read")

      const reportsImages = traced("Analytics.reportsImages")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
        origin: string,
      ) {
        yield* readable(actor, query)
        const images = yield* store.images(rangeOf(query))
        // Image fields take only images, which always have both renditions (served from the
        // original until they are made).
        const renditionUrls = yield* attachments.renditionSigner(origin, images)
        return images.map((image) => ({
          report_image_id: image.id,
          account_id: query.channelId,
          report_id: image.report_id,
          created_at: image.created_at,
          styles: renditionUrls(image),
        }))
      })

      const reportsOverTime = traced("Analytics.reportsOverTime")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        const parts = yield* Effect.forEach(localRangesOf(query), (range) =>
          store.countsPerUnit(range, query.width),
        )
        // A unit repeated by a fall-back night groups once per stretch; both fall in one bucket.
        const counts = new Map<number, number>()
        for (const rows of parts) {
          for (const row of rows) {
            const bucket = DateTime.toEpochMillis(
              AnalyticsBucket.bucketStart(DateTime.makeUnsafe(row.first_created_at), query),
            )
            counts.set(bucket, (counts.get(bucket) ?? 0) + row.report_count)
          }
        }
        return AnalyticsBucket.bucketStarts(query).map((start) => ({
          account_id: query.channelId,
          datetime_range_start: Timestamp.format(start),
          report_count: counts.get(DateTime.toEpochMillis(start)) ?? 0,
          datetime_range_width: query.width,
        }))
      })

      const reportsPerFieldSelection = traced("Analytics.reportsPerFieldSelection")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
        fieldId: number,
      ) {
        yield* readable(actor, query)
        const form = yield* forms.findByChannel(query.channelId)
        const fields = form === undefined ? [] : yield* forms.fields(form.id, { removed: false })
        const field = fields.find((candidate) => candidate.id === fieldId)
        if (field === undefined)
          return yield* InvalidInput.at("field_id", "is not a field of this channel's form")
        if (!countedFieldTypes.includes(field.field_type)) {
          return yield* InvalidInput.at(
            "field_id",
            `is a ${field.field_type} field; only Category, DropDown and Radio fields can be counted`,
          )
        }
        const record = (name: string, value: string, report_count: number) => ({
          field_id: field.id,
          account_id: query.channelId,
          name,
          value,
          report_count,
        })
        if (field.field_type === "Category") {
          const counts = countsByKey(yield* store.countsPerCategory(rangeOf(query)))
          return (yield* categories.listOfChannel(query.channelId)).map((category) =>
            record(category.name, String(category.id), counts.get(category.id) ?? 0),
          )
        }
        const counts = countsByKey(yield* store.countsPerAnswer(rangeOf(query), field.key))
        return [...choiceOptions(field)]
          .sort((a, b) => a.display_order - b.display_order)
          .map((option) => record(option.label, option.value, counts.get(option.value) ?? 0))
      })

      const reportsPerState = traced("Analytics.reportsPerState")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        const counts = countsByKey(yield* store.countsPerState(rangeOf(query)))
        return (yield* states.listOfChannels([query.channelId])).map((state) => ({
          id: state.id,
          name: state.name,
          account_id: query.channelId,
          report_count: counts.get(state.id) ?? 0,
        }))
      })

      const reportsPerUser = traced("Analytics.reportsPerUser")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        const rows = yield* store.countsPerUser(rangeOf(query))
        return [...rows]
          .sort((a, b) => b.report_count - a.report_count || a.key - b.key)
          .map((row) => ({ user_id: row.key, account_id: query.channelId, report_count: row.report_count }))
      })

      const reportsPerDayHour = traced("Analytics.reportsPerDayHour")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        const parts = yield* Effect.forEach(localRangesOf(query), store.countsPerHour)
        return totalsOf(parts, 24).map((report_count, hour) => ({
          account_id: query.channelId,
          hour,
          report_count,
        }))
      })

      const reportsPerWeekDay = traced("Analytics.reportsPerWeekDay")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        const parts = yield* Effect.forEach(localRangesOf(query), store.countsPerWeekDay)
        return totalsOf(parts, 7).map((report_count, dow) => ({
          account_id: query.channelId,
          dow,
          report_count,
        }))
      })

      const reportsRead = traced("Analytics.reportsRead")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        return yield* store.reads(rangeOf(query))
      })

      const userAwareness = traced("Analytics.userAwareness")(function* (
        actor: Actor,
        query: AnalyticsBucket.AnalyticsQuery,
      ) {
        yield* readable(actor, query)
        return yield* store.awareness(rangeOf(query))
      })

      return Analytics.of({
        reportsImages,
        reportsOverTime,
        reportsPerFieldSelection,
        reportsPerState,
        reportsPerUser,
        reportsPerDayHour,
        reportsPerWeekDay,
        reportsRead,
        userAwareness,
      })
    }),
  )
}
