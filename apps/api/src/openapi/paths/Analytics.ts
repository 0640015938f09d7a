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
import { type Endpoint, fields, type Group, type QueryParameter, query } from "../Endpoint.ts"

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

/** One analytics endpoint: its name, what it answers, and any parameters beyond the range. */
const analytics = (
  name: string,
  summary: string,
  record: Schema.Top,
  options: { readonly list?: boolean; readonly query?: ReadonlyArray<QueryParameter> } = {},
): Endpoint => ({
  method: "get",
  path: `/api/v4/analytics/${name}`,
  operationId: `analytics${name.replace(/(?:^|_)([a-z])/g, (_, letter: string) => letter.toUpperCase())}`,
  summary,
  query: [...range, ...(options.query ?? [])],
  replies: {
    200: {
      description: options.list === false ? "The counters." : "One record per bucket.",
      schema: record,
      list: options.list ?? true,
    },
  },
})

/** The analytics endpoints. */
export const analyticsGroup: Group = {
  name: "Analytics",
  noun: "channel",
  description:
    "Every endpoint counts the reports of `channel_id` created in the half-open range `[start_date, end_date)`.",
  endpoints: [
    analytics("reports_images", "The images attached to the reports", ReportImage),
    analytics("reports_over_time", "Reports per bucket of time", ReportsOverTime, {
      query: [
        query(
          "datetime_range_width",
          parameter.datetime_range_width.schema,
          "The bucket width. By default chosen from the range: up to 2 days hour, up to 60 days day, up to a year " +
            "week (ISO weeks from Monday), else month. Empty buckets are returned with a count of 0.",
        ),
      ],
    }),
    analytics("reports_per_field_selection", "Reports per option of a field", ReportsPerFieldSelection, {
      query: [
        query(
          "field_id",
          parameter.field_id.schema,
          "The form field: its field_type must be Category, DropDown or Radio.",
          true,
        ),
      ],
    }),
    analytics("reports_per_state", "Reports per state", ReportsPerState),
    analytics("reports_per_user", "Reports per reporter", ReportsPerUser),
    analytics("reports_per_day_hour", "Reports per hour of the day", ReportsPerDayHour),
    analytics("reports_per_week_day", "Reports per day of the week", ReportsPerWeekDay),
    analytics("reports_read", "How often the reports were read", ReportsRead, {
      list: false,
      query: [fields(FieldCatalogue.reportsRead)],
    }),
    analytics("user_awareness", "The alerts each user received", UserAwareness, {
      query: [fields(FieldCatalogue.userAwareness)],
    }),
  ],
}
