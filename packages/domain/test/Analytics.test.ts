import { describe, expect, it } from "@effect/vitest"
import type { Schema } from "effect"
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
} from "../src/Analytics.ts"
import { errors } from "./internal/decode.ts"

const at = "2024-03-01T00:00:00+13:00"

describe("AnalyticsParameters", () => {
  it.each([
    ["the required three", { channel_id: 7, start_date: at, end_date: at }],
    [
      "every parameter",
      {
        channel_id: 7,
        start_date: at,
        end_date: at,
        time_zone: "Pacific/Auckland",
        datetime_range_width: "week",
        field_id: 17,
      },
    ],
  ])("reads %s", (_, value) => {
    expect(errors(AnalyticsParameters, value)).toBeUndefined()
  })

  it.each([
    ["no channel", { start_date: at, end_date: at }, { channel_id: ["is required"] }],
    [
      "a start without offset",
      { channel_id: 7, start_date: "2024-03-01T00:00:00", end_date: at },
      {
        start_date: ["must be an ISO 8601 timestamp with a time zone offset or Z"],
      },
    ],
    [
      "an unknown width",
      { channel_id: 7, start_date: at, end_date: at, datetime_range_width: "fortnight" },
      {
        datetime_range_width: ["must be one of hour, day, week, month, year"],
      },
    ],
  ])("refuses %s", (_, value, expected) => {
    expect(errors(AnalyticsParameters, value)).toEqual(expected)
  })
})

describe("analytics records", () => {
  it.each<[string, Schema.Decoder<unknown>, unknown]>([
    [
      "reports_images",
      ReportImage,
      {
        report_image_id: 15,
        account_id: 1,
        report_id: 49,
        created_at: at,
        styles: { thumb: "https://x/t.png", medium: "https://x/m.png" },
      },
    ],
    [
      "reports_over_time",
      ReportsOverTime,
      { account_id: 1, datetime_range_start: at, report_count: 0, datetime_range_width: "day" },
    ],
    [
      "reports_per_field_selection",
      ReportsPerFieldSelection,
      {
        field_id: 17,
        account_id: 1,
        name: "Spill",
        value: "f_1_48_17_48_1",
        report_count: 3,
      },
    ],
    ["reports_per_state", ReportsPerState, { id: 11, name: "New", account_id: 1, report_count: 5 }],
    ["reports_per_user", ReportsPerUser, { user_id: 2, account_id: 1, report_count: 9 }],
    ["reports_per_day_hour", ReportsPerDayHour, { account_id: 1, hour: 23, report_count: 1 }],
    ["reports_per_week_day", ReportsPerWeekDay, { account_id: 1, dow: 6, report_count: 1 }],
    ["reports_read, total only", ReportsRead, { total_reads: 120 }],
    [
      "reports_read, every count",
      ReportsRead,
      { total_reads: 120, unique_reads: 80, report_readers: 12, reports_seen: 40 },
    ],
    [
      "user_awareness, total only",
      UserAwareness,
      { user_id: 2, first_name: "Ana", last_name: "Lee", total_alerts: 7 },
    ],
    [
      "user_awareness, every count",
      UserAwareness,
      {
        user_id: 2,
        first_name: "Ana",
        last_name: "Lee",
        total_alerts: 7,
        alert_source_reports: 1,
        unique_alerts: 5,
        alerts_opened: 4,
      },
    ],
  ])("reads a %s record", (_, schema, value) => {
    expect(errors(schema, value)).toBeUndefined()
  })

  it.each<[string, Schema.Decoder<unknown>, unknown, Record<string, ReadonlyArray<string>>]>([
    [
      "hour 24",
      ReportsPerDayHour,
      { account_id: 1, hour: 24, report_count: 1 },
      { hour: ["must be at most 23"] },
    ],
    ["day 7", ReportsPerWeekDay, { account_id: 1, dow: 7, report_count: 1 }, { dow: ["must be at most 6"] }],
    [
      "a negative count",
      ReportsPerUser,
      { user_id: 2, account_id: 1, report_count: -1 },
      { report_count: ["must not be negative"] },
    ],
    [
      "images without a medium style",
      ReportImage,
      {
        report_image_id: 15,
        account_id: 1,
        report_id: 49,
        created_at: at,
        styles: { thumb: "t" },
      },
      { "styles.medium": ["is required"] },
    ],
    [
      "awareness without names",
      UserAwareness,
      { user_id: 2, total_alerts: 1 },
      {
        first_name: ["is required"],
        last_name: ["is required"],
      },
    ],
  ])("refuses %s", (_, schema, value, expected) => {
    expect(errors(schema, value)).toEqual(expected)
  })
})
