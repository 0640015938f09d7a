/**
 * The analytics endpoints (docs/api.md, Analytics): the query parameters they share and the record
 * each one returns. Reading a request's query string (lenient forms, defaults, the range rules) is
 * `AnalyticsBucket.parseQuery`'s; this module describes the parameters and the records for clients
 * and the API reference.
 */
import { Schema } from "effect"
import { rangeWidths } from "./AnalyticsBucket.ts"
import { Count, Id, oneOf } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The width of a `reports_over_time` bucket; `week` is an ISO week, from Monday.
 *
 * @example
 * ```ts
 * const width: RangeWidth = "week"
 * ```
 */
export const RangeWidth = oneOf(rangeWidths)
export type RangeWidth = typeof RangeWidth.Type

/**
 * The parameters every analytics endpoint takes: a channel and the range `[start_date, end_date)`
 * of report creation times; optionally the IANA `time_zone` that buckets are counted in (UTC
 * by default), the `datetime_range_width` of `reports_over_time`, and the `field_id` that
 * `reports_per_field_selection` requires.
 *
 * @example
 * ```ts
 * const query: AnalyticsParameters = {
 *   channel_id: 7, start_date: DateTime.makeUnsafe("2024-03-01T00:00:00Z"), end_date: DateTime.makeUnsafe("2024-04-01T00:00:00Z"),
 *   time_zone: "Pacific/Auckland",
 * }
 * ```
 */
export const AnalyticsParameters = Schema.Struct({
  channel_id: Id,
  start_date: Timestamp,
  end_date: Timestamp,
  time_zone: Schema.optionalKey(TextLimits.upTo(TextLimits.code)),
  datetime_range_width: Schema.optionalKey(RangeWidth),
  field_id: Schema.optionalKey(Id),
})
export type AnalyticsParameters = typeof AnalyticsParameters.Type

/**
 * `reports_images`: one image attachment of an Image field of a report in the range.
 *
 * @example
 * ```ts
 * const image: ReportImage = {
 *   report_image_id: 15, account_id: 1, report_id: 49, created_at: DateTime.makeUnsafe(0),
 *   styles: { thumb: "https://…/thumb.png", medium: "https://…/medium.png" },
 * }
 * ```
 */
export const ReportImage = Schema.Struct({
  report_image_id: Id,
  account_id: Id,
  report_id: Id,
  created_at: Timestamp,
  styles: Schema.Struct({ thumb: Schema.String, medium: Schema.String }),
})
export type ReportImage = typeof ReportImage.Type

/**
 * `reports_over_time`: the reports created in one bucket, empty buckets included.
 *
 * @example
 * ```ts
 * const bucket: ReportsOverTime = { account_id: 1, datetime_range_start: DateTime.makeUnsafe(0), report_count: 4, datetime_range_width: "day" }
 * ```
 */
export const ReportsOverTime = Schema.Struct({
  account_id: Id,
  datetime_range_start: Timestamp,
  report_count: Count,
  datetime_range_width: RangeWidth,
})
export type ReportsOverTime = typeof ReportsOverTime.Type

/**
 * `reports_per_field_selection`: the reports that chose one option (or category) of a field.
 *
 * @example
 * ```ts
 * const selection: ReportsPerFieldSelection = { field_id: 17, account_id: 1, name: "Spill", value: "f_1_48_17_48_1", report_count: 3 }
 * ```
 */
export const ReportsPerFieldSelection = Schema.Struct({
  field_id: Id,
  account_id: Id,
  name: Schema.String,
  value: Schema.String,
  report_count: Count,
})
export type ReportsPerFieldSelection = typeof ReportsPerFieldSelection.Type

/**
 * `reports_per_state`: the reports in one state.
 *
 * @example
 * ```ts
 * const state: ReportsPerState = { id: 11, name: "In progress", account_id: 1, report_count: 5 }
 * ```
 */
export const ReportsPerState = Schema.Struct({
  id: Id,
  name: Schema.String,
  account_id: Id,
  report_count: Count,
})
export type ReportsPerState = typeof ReportsPerState.Type

/**
 * `reports_per_user`: the reports one user filed.
 *
 * @example
 * ```ts
 * const reporter: ReportsPerUser = { user_id: 2, account_id: 1, report_count: 9 }
 * ```
 */
export const ReportsPerUser = Schema.Struct({
  user_id: Id,
  account_id: Id,
  report_count: Count,
})
export type ReportsPerUser = typeof ReportsPerUser.Type

/**
 * `reports_per_day_hour`: the reports created in one local hour of the day, 0 to 23.
 *
 * @example
 * ```ts
 * const morning: ReportsPerDayHour = { account_id: 1, hour: 9, report_count: 14 }
 * ```
 */
export const ReportsPerDayHour = Schema.Struct({
  account_id: Id,
  hour: Count.check(Schema.isLessThanOrEqualTo(23, { message: "must be at most 23" })),
  report_count: Count,
})
export type ReportsPerDayHour = typeof ReportsPerDayHour.Type

/**
 * `reports_per_week_day`: the reports created on one local day of the week, 0 (Sunday) to 6.
 *
 * @example
 * ```ts
 * const monday: ReportsPerWeekDay = { account_id: 1, dow: 1, report_count: 30 }
 * ```
 */
export const ReportsPerWeekDay = Schema.Struct({
  account_id: Id,
  dow: Count.check(Schema.isLessThanOrEqualTo(6, { message: "must be at most 6" })),
  report_count: Count,
})
export type ReportsPerWeekDay = typeof ReportsPerWeekDay.Type

/**
 * `reports_read`, one object: only the counts asked for in `fields` (`total_reads` when none).
 *
 * @example
 * ```ts
 * const reads: ReportsRead = { total_reads: 120, unique_reads: 80 }
 * ```
 */
export const ReportsRead = Schema.Struct({
  total_reads: Schema.optionalKey(Count),
  unique_reads: Schema.optionalKey(Count),
  report_readers: Schema.optionalKey(Count),
  reports_seen: Schema.optionalKey(Count),
})
export type ReportsRead = typeof ReportsRead.Type

/**
 * `user_awareness`, one per user: who they are, and the counts asked for in `fields`
 * (`total_alerts` when none).
 *
 * @example
 * ```ts
 * const awareness: UserAwareness = { user_id: 2, first_name: "Ana", last_name: "Lee", total_alerts: 7 }
 * ```
 */
export const UserAwareness = Schema.Struct({
  user_id: Id,
  first_name: Schema.String,
  last_name: Schema.String,
  total_alerts: Schema.optionalKey(Count),
  alert_source_reports: Schema.optionalKey(Count),
  unique_alerts: Schema.optionalKey(Count),
  alerts_opened: Schema.optionalKey(Count),
})
export type UserAwareness = typeof UserAwareness.Type
