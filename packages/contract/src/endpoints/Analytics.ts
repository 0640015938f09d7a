/**
 * `/api/v4/analytics/…`: counts over the reports of a channel created in a time range (docs/api.md,
 * Analytics).
 */
import {
  AnalyticsParameters,
  ReportImage,
  ReportsOverTime,
  ReportsPerDayHour,
  ReportsPerFieldSelection,
  ReportsPerState,
  ReportsPerUser,
  ReportsPerWeekDay,
  ReportsRead,
  UserAwareness,
} from "@fieldreport/domain/Analytics"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import type { Schema } from "effect"
import { fields, group, many, one, type QueryParameter, query } from "../Endpoint.ts"

const parameter = AnalyticsParameters.fields

const range: ReadonlyArray<QueryParameter> = [
  query("channel_id", parameter.channel_id, "The channel.", true),
  query("start_date", parameter.start_date, "The start of the range (ISO 8601), included.", true),
  query(
    "end_date",
    parameter.end_date,
    "The end of the range (ISO 8601), excluded; at most 5 years after the start.",
    true,
  ),
  query(
    "time_zone",
    parameter.time_zone.schema,
    "The IANA time zone that hours, weekdays and dates are counted in; UTC by default.",
  ),
]

/**
 * One analytics endpoint: its name, operation id, what it answers (one record per bucket, or with
 * `counters` one record of counters), and any parameters beyond the range.
 */
const analytics = <const Name extends string, const OperationId extends string, S extends Schema.Top>(
  name: Name,
  operationId: OperationId,
  summary: string,
  record: S,
  extra: ReadonlyArray<QueryParameter> = [],
) => ({
  method: "get" as const,
  path: `/api/v4/analytics/${name}` as const,
  operationId,
  summary,
  query: [...range, ...extra],
  replies: { 200: many(record, "One record per bucket.") },
})

/** The analytics endpoints. */
export const analyticsGroup = group({
  name: "Analytics",
  noun: "channel",
  description:
    "Every endpoint counts the reports of `channel_id` created in the half-open range `[start_date, end_date)`.",
  endpoints: [
    analytics("reports_images", "analyticsReportsImages", "The images attached to the reports", ReportImage),
    analytics(
      "reports_over_time",
      "analyticsReportsOverTime",
      "Reports per bucket of time",
      ReportsOverTime,
      [
        query(
          "datetime_range_width",
          parameter.datetime_range_width.schema,
          "The bucket width. By default chosen from the range: up to 2 days hour, up to 60 days day, up to a year " +
            "week (ISO weeks from Monday), else month. Empty buckets are returned with a count of 0.",
        ),
      ],
    ),
    analytics(
      "reports_per_field_selection",
      "analyticsReportsPerFieldSelection",
      "Reports per option of a field",
      ReportsPerFieldSelection,
      [
        query(
          "field_id",
          parameter.field_id.schema,
          "The form field: its field_type must be Category, DropDown or Radio.",
          true,
        ),
      ],
    ),
    analytics("reports_per_state", "analyticsReportsPerState", "Reports per state", ReportsPerState),
    analytics("reports_per_user", "analyticsReportsPerUser", "Reports per reporter", ReportsPerUser),
    analytics(
      "reports_per_day_hour",
      "analyticsReportsPerDayHour",
      "Reports per hour of the day",
      ReportsPerDayHour,
    ),
    analytics(
      "reports_per_week_day",
      "analyticsReportsPerWeekDay",
      "Reports per day of the week",
      ReportsPerWeekDay,
    ),
    {
      ...analytics("reports_read", "analyticsReportsRead", "How often the reports were read", ReportsRead, [
        fields(FieldCatalogue.reportsRead),
      ]),
      replies: { 200: one(ReportsRead, "The counters.") },
    },
    analytics("user_awareness", "analyticsUserAwareness", "The alerts each user received", UserAwareness, [
      fields(FieldCatalogue.userAwareness),
    ]),
  ],
})
