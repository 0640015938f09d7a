/**
 * The counts behind the analytics endpoints (api-decisions §8), grouped by the database: every
 * query reads the reports of one channel created in `[start, end)` through
 * `reports_channel_created` and answers a handful of rows per group, never the reports.
 *
 * Local time: the caller splits a range into stretches of constant UTC offset
 * (`AnalyticsBucket.offsetIntervals`) and asks once per stretch with its offset, so the local hour,
 * weekday or calendar unit of a report is plain arithmetic on `created_at`. Timestamps are the
 * ISO 8601 UTC text the store writes everywhere, which SQLite's date functions read as is.
 *
 * Answers live in `reports.answers` as JSON text; a DropDown or Radio answer is one option value
 * (`FormAnswers.validate` unwraps it), read with `json_extract` and grouped in the same pass.
 * That needs no second copy of the answers to keep in step with every report write, and the
 * range scan is the cost either way.
 *
 * The PostgreSQL equivalents, for when that engine arrives (`created_at` as text there too):
 * `created_at::timestamptz AT TIME ZONE 'UTC' + make_interval(mins => offset)` is the local
 * time; `EXTRACT(HOUR FROM …)`, `EXTRACT(DOW FROM …)` (0 = Sunday, as `%w`) and
 * `date_trunc('hour' | 'day' | 'week' | 'month' | 'year', …)` (weeks from Monday, as here) group
 * it; `answers::jsonb ->> key` reads an answer; counts come back as `bigint` text, which the
 * `Number` conversions below already absorb.
 */
import type { RangeWidth } from "@fieldreport/domain/AnalyticsBucket"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import type { AttachmentRow } from "./AttachmentStore.ts"

/** The reports of a channel created in `[start, end)`; instants as ISO 8601 UTC text. */
export interface ReportRange {
  readonly channelId: number
  readonly start: string
  readonly end: string
}

/** Part of a range in which local time is `created_at` plus a constant offset. */
export interface LocalRange extends ReportRange {
  /** Local time minus UTC, in minutes (fractional only for local mean time). */
  readonly offsetMinutes: number
}

/** An image attached to a report of the range, with the report. */
export interface ReportImageRow extends AttachmentRow {
  readonly report_id: number
}

/** The reports of one local calendar unit of a stretch, and the first instant one was filed. */
export interface UnitCount {
  readonly first_created_at: string
  readonly report_count: number
}

/** A count per value of some key (a state id, an hour, an option value). */
export interface KeyCount<K> {
  readonly key: K
  readonly report_count: number
}

/** The four reading counts of `reports_read` (a type, so the route can render it as a record). */
export type ReadCounts = {
  readonly total_reads: number
  readonly unique_reads: number
  readonly report_readers: number
  readonly reports_seen: number
}

/** One user's alerts about reports of the range, and the reports of theirs that alerted others. */
export type AwarenessRow = {
  readonly user_id: number
  readonly first_name: string
  readonly last_name: string
  readonly total_alerts: number
  readonly alert_source_reports: number
  readonly unique_alerts: number
  readonly alerts_opened: number
}

const minutesModifier = (offsetMinutes: number): string =>
  `${offsetMinutes >= 0 ? "+" : ""}${offsetMinutes} minutes`

const keyCounts = <K>(rows: ReadonlyArray<{ readonly key: K; readonly report_count: unknown }>) =>
  rows.map((row) => ({ key: row.key, report_count: Number(row.report_count) }))

/**
 * The analytics store.
 *
 * @example
 * ```ts
 * const store = yield* AnalyticsStore
 * const perState = yield* store.countsPerState({ channelId: 7, start: "2024-01-01T00:00:00.000Z", end: "2025-01-01T00:00:00.000Z" })
 * ```
 */
export class AnalyticsStore extends Context.Service<
  AnalyticsStore,
  {
    /** The attachments of the Image fields of the range's reports, in the order the reports were filed. */
    readonly images: (range: ReportRange) => Effect.Effect<ReadonlyArray<ReportImageRow>>
    /** The reports per local calendar unit of `width` (an hour, a day, a week from Monday, …). */
    readonly countsPerUnit: (range: LocalRange, width: RangeWidth) => Effect.Effect<ReadonlyArray<UnitCount>>
    /** The reports per local hour of the day, 0 to 23; hours without reports are left out. */
    readonly countsPerHour: (range: LocalRange) => Effect.Effect<ReadonlyArray<KeyCount<number>>>
    /** The reports per local day of the week, 0 (Sunday) to 6; days without reports are left out. */
    readonly countsPerWeekDay: (range: LocalRange) => Effect.Effect<ReadonlyArray<KeyCount<number>>>
    /** The reports per state they are in now. */
    readonly countsPerState: (range: ReportRange) => Effect.Effect<ReadonlyArray<KeyCount<number>>>
    /** The reports per category. */
    readonly countsPerCategory: (range: ReportRange) => Effect.Effect<ReadonlyArray<KeyCount<number>>>
    /** The reports per reporter; anonymous reports are left out, so they cannot be traced back. */
    readonly countsPerUser: (range: ReportRange) => Effect.Effect<ReadonlyArray<KeyCount<number>>>
    /** The reports per answer to a single-choice field (an option value), answered or not. */
    readonly countsPerAnswer: (
      range: ReportRange,
      fieldKey: string,
    ) => Effect.Effect<ReadonlyArray<KeyCount<string | null>>>
    /** How the range's reports were opened. */
    readonly reads: (range: ReportRange) => Effect.Effect<ReadCounts>
    /**
     * Every user alerted about a report of the range, or whose report of the range alerted
     * others (anonymous ones left out), by last then first name.
     */
    readonly awareness: (range: ReportRange) => Effect.Effect<ReadonlyArray<AwarenessRow>>
  }
>()("api/store/AnalyticsStore") {
  static readonly layer = Layer.effect(
    AnalyticsStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      /** The reports `r` of the range: a range of `reports_channel_created`. */
      const inRange = (range: ReportRange) =>
        sql`r.channel_id = ${range.channelId} AND r.created_at >= ${range.start} AND r.created_at < ${range.end}`

      const localUnit = (width: RangeWidth, modifier: string) => {
        switch (width) {
          case "hour":
            return sql`strftime('%Y-%m-%dT%H', r.created_at, ${modifier})`
          case "day":
            return sql`date(r.created_at, ${modifier})`
          case "week":
            // Back six days, then on to the next Monday: the Monday on or before the local date.
            return sql`date(r.created_at, ${modifier}, '-6 days', 'weekday 1')`
          case "month":
            return sql`strftime('%Y-%m', r.created_at, ${modifier})`
          case "year":
            return sql`strftime('%Y', r.created_at, ${modifier})`
        }
      }

      /** Counts per a local-time part `strftime` writes as digits (`%H`, `%w`). */
      const countsPerLocalPart = (range: LocalRange, part: "%H" | "%w") =>
        sql<{ key: number; report_count: number }>`SELECT
            CAST(strftime(${part}, r.created_at, ${minutesModifier(range.offsetMinutes)}) AS INTEGER) AS key,
            COUNT(*) AS report_count
          FROM reports r WHERE ${inRange(range)}
          GROUP BY key`.pipe(Effect.map(keyCounts), Effect.orDie)

      return AnalyticsStore.of({
        images: (range) =>
          sql<ReportImageRow>`SELECT a.id, a.user_id, a.filename, a.content_type, a.byte_size, a.storage_key,
              a.image, a.renditions_ready, a.used, a.created_at, a.released_at, r.id AS report_id
            FROM reports r
            JOIN report_attachments ra ON ra.report_id = r.id
            JOIN form_fields f ON f.channel_id = ra.channel_id AND f.key = ra.field_key
            JOIN attachments a ON a.id = ra.attachment_id
            WHERE ${inRange(range)} AND f.field_type = 'Image'
            ORDER BY r.created_at, r.id, a.id`.pipe(Effect.orDie),
        countsPerUnit: (range, width) =>
          sql<UnitCount>`SELECT MIN(r.created_at) AS first_created_at, COUNT(*) AS report_count
            FROM reports r WHERE ${inRange(range)}
            GROUP BY ${localUnit(width, minutesModifier(range.offsetMinutes))}`.pipe(
            Effect.map((rows) =>
              rows.map((row) => ({
                first_created_at: row.first_created_at,
                report_count: Number(row.report_count),
              })),
            ),
            Effect.orDie,
          ),
        countsPerHour: (range) => countsPerLocalPart(range, "%H"),
        countsPerWeekDay: (range) => countsPerLocalPart(range, "%w"),
        countsPerState: (range) =>
          sql<{ key: number; report_count: number }>`SELECT r.report_state_id AS key, COUNT(*) AS report_count
            FROM reports r WHERE ${inRange(range)} GROUP BY r.report_state_id`.pipe(
            Effect.map(keyCounts),
            Effect.orDie,
          ),
        countsPerCategory: (range) =>
          sql<{ key: number; report_count: number }>`SELECT r.category_id AS key, COUNT(*) AS report_count
            FROM reports r WHERE ${inRange(range)} GROUP BY r.category_id`.pipe(
            Effect.map(keyCounts),
            Effect.orDie,
          ),
        countsPerUser: (range) =>
          sql<{ key: number; report_count: number }>`SELECT r.user_id AS key, COUNT(*) AS report_count
            FROM reports r WHERE ${inRange(range)} AND r.is_anonymous = 0
            GROUP BY r.user_id`.pipe(Effect.map(keyCounts), Effect.orDie),
        countsPerAnswer: (range, fieldKey) =>
          sql<{ key: string | null; report_count: number }>`SELECT
              json_extract(r.answers, ${`$."${fieldKey}"`}) AS key, COUNT(*) AS report_count
            FROM reports r WHERE ${inRange(range)} GROUP BY key`.pipe(Effect.map(keyCounts), Effect.orDie),
        // Grouping by (report, user) first counts the distinct pairs and both distinct sides in one pass.
        reads: (range) =>
          sql<ReadCounts>`SELECT COALESCE(SUM(p.opens), 0) AS total_reads, COUNT(*) AS unique_reads,
              COUNT(DISTINCT p.user_id) AS report_readers, COUNT(DISTINCT p.report_id) AS reports_seen
            FROM (
              SELECT rr.report_id, rr.user_id, COUNT(*) AS opens
              FROM reports r JOIN report_reads rr ON rr.report_id = r.id
              WHERE ${inRange(range)}
              GROUP BY rr.report_id, rr.user_id
            ) p`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(rows[0])),
            Effect.map((row) => ({
              total_reads: Number(row.total_reads),
              unique_reads: Number(row.unique_reads),
              report_readers: Number(row.report_readers),
              reports_seen: Number(row.reports_seen),
            })),
            Effect.orDie,
          ),
        awareness: (range) =>
          sql<AwarenessRow>`WITH alerts AS (
              SELECT n.user_id, COUNT(*) AS total_alerts, COUNT(DISTINCT n.report_id) AS unique_alerts,
                SUM(n.read) AS alerts_opened
              FROM reports r JOIN notifications n ON n.report_id = r.id
              WHERE ${inRange(range)}
              GROUP BY n.user_id
            ), sources AS (
              SELECT r.user_id, COUNT(*) AS alert_source_reports
              FROM reports r
              WHERE ${inRange(range)} AND r.is_anonymous = 0
                AND EXISTS (SELECT 1 FROM notifications n WHERE n.report_id = r.id AND n.user_id <> r.user_id)
              GROUP BY r.user_id
            ), people AS (
              SELECT user_id FROM alerts UNION SELECT user_id FROM sources
            )
            SELECT u.id AS user_id, u.first_name, u.last_name,
              COALESCE(a.total_alerts, 0) AS total_alerts,
              COALESCE(s.alert_source_reports, 0) AS alert_source_reports,
              COALESCE(a.unique_alerts, 0) AS unique_alerts,
              COALESCE(a.alerts_opened, 0) AS alerts_opened
            FROM people p
            JOIN users u ON u.id = p.user_id
            LEFT JOIN alerts a ON a.user_id = p.user_id
            LEFT JOIN sources s ON s.user_id = p.user_id
            ORDER BY u.last_name, u.first_name, u.id`.pipe(
            Effect.map((rows) =>
              rows.map((row) => ({
                ...row,
                total_alerts: Number(row.total_alerts),
                alert_source_reports: Number(row.alert_source_reports),
                unique_alerts: Number(row.unique_alerts),
                alerts_opened: Number(row.alerts_opened),
              })),
            ),
            Effect.orDie,
          ),
      })
    }),
  )
}
