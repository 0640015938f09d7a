/**
 * The nine analytics of a channel as the dashboard shows them: where each is fetched, the record it
 * answers, and how its records become a chart (labels and counts) and a table (columns).
 */

import type { analyticsGroup } from "@fieldreport/contract/endpoints/Analytics"
import {
  ReportsOverTime,
  ReportsPerDayHour,
  ReportsPerFieldSelection,
  ReportsPerState,
  ReportsPerUser,
  ReportsPerWeekDay,
  type ReportsRead,
  UserAwareness,
} from "@fieldreport/domain/Analytics"
import type { RangeWidth } from "@fieldreport/domain/AnalyticsBucket"
import { msg, str } from "@lit/localize"
import { DateTime, type Schema } from "effect"
import { intlLocale } from "../../shared/localization.ts"

/** A table column: its heading and how a record shows in it. */
export interface Column<R> {
  readonly heading: string
  readonly cell: (record: R) => string | number
}

/** The analytics that answer one record per bucket. */
export type ListedAnalytic = Exclude<
  (typeof analyticsGroup)["endpoints"][number]["operationId"],
  "analyticsReportsRead" | "analyticsReportsImages"
>

/**
 * One analytic: its operation, title, the schema of one record, extra query parameters, the chart it
 * draws, and its table. `chart` is absent where a table or pictures say more.
 */
export interface Analytic<R> {
  readonly operationId: ListedAnalytic
  readonly title: string
  readonly schema: Schema.Decoder<R>
  readonly query: Readonly<Record<string, string>>
  readonly chart?: {
    readonly kind: "bar" | "line"
    readonly label: (record: R) => string
    readonly count: (record: R) => number
  }
  readonly columns: ReadonlyArray<Column<R>>
}

/** The name of a day of the week (0 is Sunday) in the language shown. */
const weekDay = (dow: number): string =>
  new Intl.DateTimeFormat(intlLocale(), { weekday: "long", timeZone: "UTC" }).format(
    Date.UTC(2023, 0, 1 + dow),
  )

const reads = ["total_reads", "unique_reads", "report_readers", "reports_seen"] as const
const alerts = ["total_alerts", "alert_source_reports", "unique_alerts", "alerts_opened"] as const

/** Names users by id in charts and tables; the dashboard fills it from the team's users. */
export type UserNames = (userId: number) => string

/**
 * The analytics shown as a chart and a table, in the order the dashboard lays them out: all but
 * `reports_read` (one object, shown as figures), `reports_images` (shown as pictures) and
 * `reports_per_field_selection` (per field, see `fieldSelection`). The time zone turns
 * bucket starts into local dates; `width` fixes the buckets of `reports_over_time`, which the
 * server otherwise chooses from the range.
 *
 * @example
 * ```ts
 * listAnalytics("Pacific/Auckland", (id) => `user ${id}`).map((analytic) => analytic.operationId)
 * // ["analyticsReportsOverTime", "analyticsReportsPerState", …]
 * ```
 */
export const listAnalytics = (timeZone: string, userName: UserNames, width?: RangeWidth) => {
  /** A range's start in the analytics' time zone and the language shown: its hour too for hours. */
  const local = (instant: DateTime.Utc, width: string) =>
    DateTime.toDate(instant).toLocaleString(intlLocale(), {
      timeZone,
      dateStyle: "medium",
      ...(width === "hour" ? { timeStyle: "short" } : {}),
    })
  const overTime: Analytic<ReportsOverTime> = {
    operationId: "analyticsReportsOverTime",
    title: msg("Reports over time", { id: "analytics.overTime" }),
    schema: ReportsOverTime,
    query: width === undefined ? {} : { datetime_range_width: width },
    chart: {
      kind: "line",
      label: (record) => local(record.datetime_range_start, record.datetime_range_width),
      count: (record) => record.report_count,
    },
    columns: [
      {
        heading: msg("Starting", { id: "analytics.starting" }),
        cell: (record) => local(record.datetime_range_start, record.datetime_range_width),
      },
      {
        heading: msg("Width", { id: "analytics.width" }),
        cell: (record) => widthName(record.datetime_range_width),
      },
      { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
    ],
  }
  const perState: Analytic<ReportsPerState> = {
    operationId: "analyticsReportsPerState",
    title: msg("Reports per state", { id: "analytics.perState" }),
    schema: ReportsPerState,
    query: {},
    chart: { kind: "bar", label: (record) => record.name, count: (record) => record.report_count },
    columns: [
      { heading: msg("State", { id: "reportExports.state" }), cell: (record) => record.name },
      { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
    ],
  }
  const perUser: Analytic<ReportsPerUser> = {
    operationId: "analyticsReportsPerUser",
    title: msg("Reports per user", { id: "analytics.perUser" }),
    schema: ReportsPerUser,
    query: {},
    chart: {
      kind: "bar",
      label: (record) => userName(record.user_id),
      count: (record) => record.report_count,
    },
    columns: [
      { heading: msg("User", { id: "appAdministrators.user" }), cell: (record) => userName(record.user_id) },
      { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
    ],
  }
  const perHour: Analytic<ReportsPerDayHour> = {
    operationId: "analyticsReportsPerDayHour",
    title: msg("Reports per hour of the day", { id: "analytics.perHour" }),
    schema: ReportsPerDayHour,
    query: {},
    chart: {
      kind: "bar",
      label: (record) => `${String(record.hour).padStart(2, "0")}:00`,
      count: (record) => record.report_count,
    },
    columns: [
      {
        heading: msg("Hour", { id: "analytics.hour" }),
        cell: (record) => `${String(record.hour).padStart(2, "0")}:00`,
      },
      { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
    ],
  }
  const perWeekDay: Analytic<ReportsPerWeekDay> = {
    operationId: "analyticsReportsPerWeekDay",
    title: msg("Reports per day of the week", { id: "analytics.perWeekDay" }),
    schema: ReportsPerWeekDay,
    query: {},
    chart: {
      kind: "bar",
      label: (record) => weekDay(record.dow),
      count: (record) => record.report_count,
    },
    columns: [
      { heading: msg("Day", { id: "analytics.day" }), cell: (record) => weekDay(record.dow) },
      { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
    ],
  }
  const awareness: Analytic<UserAwareness> = {
    operationId: "analyticsUserAwareness",
    title: msg("User awareness", { id: "analytics.awareness" }),
    schema: UserAwareness,
    query: { fields: alerts.join(",") },
    chart: {
      kind: "bar",
      label: (record) => `${record.first_name} ${record.last_name}`,
      count: (record) => record.total_alerts ?? 0,
    },
    columns: [
      {
        heading: msg("User", { id: "appAdministrators.user" }),
        cell: (record) => `${record.first_name} ${record.last_name}`,
      },
      { heading: msg("Alerts", { id: "view.alerts" }), cell: (record) => record.total_alerts ?? 0 },
      {
        heading: msg("Reports alerted about", { id: "analytics.alertedAbout" }),
        cell: (record) => record.unique_alerts ?? 0,
      },
      {
        heading: msg("Alerts opened", { id: "analytics.alertsOpened" }),
        cell: (record) => record.alerts_opened ?? 0,
      },
      {
        heading: msg("Own reports that alerted others", { id: "analytics.alertSources" }),
        cell: (record) => record.alert_source_reports ?? 0,
      },
    ],
  }
  return [overTime, perState, perUser, perHour, perWeekDay, awareness] as const
}

/**
 * `reports_per_field_selection` for one field (Category, DropDown or Radio) of the channel's form.
 *
 * @example
 * ```ts
 * fieldSelection({ id: 17, label: "Severity" }).query // { field_id: "17" }
 * ```
 */
export const fieldSelection = (field: {
  readonly id: number
  readonly label: string
}): Analytic<ReportsPerFieldSelection> => ({
  operationId: "analyticsReportsPerFieldSelection",
  title: msg(str`Reports per answer: ${field.label}`, { id: "analytics.perAnswer" }),
  schema: ReportsPerFieldSelection,
  query: { field_id: String(field.id) },
  chart: { kind: "bar", label: (record) => record.name, count: (record) => record.report_count },
  columns: [
    { heading: msg("Answer", { id: "analytics.answer" }), cell: (record) => record.name },
    { heading: msg("Reports", { id: "view.reports" }), cell: (record) => record.report_count },
  ],
})

/**
 * `reports_read`: one object, asked for with all four counts.
 *
 * @example
 * ```ts
 * readCounts.query.fields // "total_reads,unique_reads,report_readers,reports_seen"
 * ```
 */
export const readCounts = {
  operationId: "analyticsReportsRead",
  get title() {
    return msg("Reads", { id: "analytics.reads" })
  },
  query: { fields: reads.join(",") },
  get figures() {
    return [
      {
        heading: msg("Report opens", { id: "analytics.opens" }),
        value: (read: ReportsRead) => read.total_reads ?? 0,
      },
      {
        heading: msg("Distinct user and report pairs", { id: "analytics.pairs" }),
        value: (read: ReportsRead) => read.unique_reads ?? 0,
      },
      {
        heading: msg("Readers", { id: "analytics.readers" }),
        value: (read: ReportsRead) => read.report_readers ?? 0,
      },
      {
        heading: msg("Reports seen", { id: "analytics.seen" }),
        value: (read: ReportsRead) => read.reports_seen ?? 0,
      },
    ] as const
  },
} as const

/**
 * A width of the reports over time by its name in the language shown.
 *
 * @example
 * ```ts
 * widthName("week") // "week"; "semana" in Spanish
 * ```
 */
export const widthName = (width: string): string => {
  switch (width) {
    case "hour":
      return msg("hour", { id: "analytics.width.hour" })
    case "day":
      return msg("day", { id: "analytics.width.day" })
    case "week":
      return msg("week", { id: "analytics.width.week" })
    case "month":
      return msg("month", { id: "analytics.width.month" })
    case "year":
      return msg("year", { id: "analytics.width.year" })
    default:
      return width
  }
}

/**
 * An analytic's records ready to show: chart labels and counts, and table rows.
 *
 * @example
 * ```ts
 * const shown: Shown = { title: "Reports per state", chart: "bar", labels: ["New"], counts: [3], headings: ["State", "Reports"], rows: [["New", 3]] }
 * ```
 */
export interface Shown {
  readonly name: string
  readonly title: string
  readonly chart: "bar" | "line" | undefined
  readonly labels: ReadonlyArray<string>
  readonly counts: ReadonlyArray<number>
  readonly headings: ReadonlyArray<string>
  readonly rows: ReadonlyArray<ReadonlyArray<string | number>>
}

/**
 * Lays out an analytic's records for its chart and its table.
 *
 * @example
 * ```ts
 * show(perState, [{ id: 1, name: "New", account_id: 4, report_count: 3 }]).rows // [["New", 3]]
 * ```
 */
export const show = <R>(analytic: Analytic<R>, records: ReadonlyArray<R>): Shown => ({
  name: analytic.operationId,
  title: analytic.title,
  chart: analytic.chart?.kind,
  labels: analytic.chart === undefined ? [] : records.map(analytic.chart.label),
  counts: analytic.chart === undefined ? [] : records.map(analytic.chart.count),
  headings: analytic.columns.map((column) => column.heading),
  rows: records.map((record) => analytic.columns.map((column) => column.cell(record))),
})
