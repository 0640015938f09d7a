/**
 * The counts behind the analytics endpoints (docs/api.md, Analytics), grouped by the database:
 * every query reads the reports of one channel created in `[start, end)` and answers a handful of
 * rows per group, never the reports.
 *
 * Counts per time, state, category and choice come mostly from the counts kept as reports are
 * written (migration 0010): those of the whole quarter hours of the range from
 * `report_quarter_counts`, of its whole UTC days from `report_day_counts` and
 * `report_choice_counts`, and those of the rest (less than a quarter hour or a day at either end)
 * from the reports through `reports_channel_created`. So a count over two years of a busy channel
 * reads some 70,000 quarters instead of a million reports. The counts per reporter, the reads and
 * the awareness answer a row per user, so they are read from the reports of the range, or, when it
 * holds most of the channel's reports, from the totals kept per user (migration 0013) less the
 * reports outside it (`perUserReading`).
 *
 * Local time: the caller splits a range into stretches of constant UTC offset
 * (`AnalyticsBucket.offsetIntervals`) and asks once per stretch with its offset, so the local hour,
 * weekday or calendar unit of a report is plain arithmetic on `created_at`, and of a quarter
 * integer arithmetic on its number (its local minutes are `quarter * 15 + offset`). Timestamps are the
 * ISO 8601 UTC text the store writes everywhere, which SQLite's date functions read as is.
 *
 * Answers live in `reports.answers` as JSON text; a DropDown or Radio answer is one option value
 * (`FormAnswers.validate` unwraps it), read with `json_extract` at the ends of a range.
 *
 * On PostgreSQL (`created_at` is the same text there) the queries are the same but for the
 * calendar: `created_at::timestamptz AT TIME ZONE 'UTC'` plus the offset is the local time;
 * `EXTRACT(HOUR | DOW FROM …)` (0 = Sunday, as `%w`) and `date_trunc('hour' | 'day' | 'week' |
 * 'month' | 'year', …)` (weeks from Monday, as here) group it; `answers::jsonb -> key` reads an
 * answer. The quarter arithmetic reads the same there.
 */
import type { RangeWidth } from "@fieldreport/domain/AnalyticsBucket"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"

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

/** An image attached to a report of the range: the attachment's id and upload time, and the report. */
export interface ReportImageRow {
  readonly id: number
  readonly created_at: string
  readonly report_id: number
}

/** The reports of one local calendar unit of a stretch, and the first instant one was filed. */
export interface UnitCount {
  readonly first_created_at: string
  readonly report_count: number
}

/** A count per value of some key (a state id, an hour, an option value); each key once. */
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

/** A count per key as read, before the parts of a range are added up. */
interface Counted<K> {
  readonly key: K
  readonly report_count: number
}

/** The counts of every part of a range, added up per key. */
const keyCounts = <K>(parts: ReadonlyArray<ReadonlyArray<Counted<K>>>): Array<KeyCount<K>> => {
  const totals = new Map<K, number>()
  for (const rows of parts)
    for (const row of rows) totals.set(row.key, (totals.get(row.key) ?? 0) + Number(row.report_count))
  return [...totals].map(([key, report_count]) => ({ key, report_count }))
}

const QUARTER_MILLIS = 15 * 60 * 1000
const DAY_MILLIS = 24 * 60 * 60 * 1000
/**
 * The kept counts number quarters and days `unixepoch / 900` and `/ 86400`, which round toward
 * zero before 1970, so they are read from the day after on. Local minutes are positive there too
 * (offsets reach 14 hours), so the integer divisions below are floors.
 */
const KEPT_FROM_MILLIS = DAY_MILLIS

/** Numbers `[from, to)` of whole quarters or days. */
interface Units {
  readonly from: number
  readonly to: number
}

/** A range cut into the whole units of the kept counts and the rest, read from the reports. */
interface Cut<R extends ReportRange> {
  readonly units: Units | undefined
  readonly rest: ReadonlyArray<R>
}

const cut = <R extends ReportRange>(range: R, unitMillis: number): Cut<R> => {
  const from = Math.ceil(Math.max(Date.parse(range.start), KEPT_FROM_MILLIS) / unitMillis)
  const to = Math.floor(Date.parse(range.end) / unitMillis)
  if (!(from < to)) return { units: undefined, rest: [range] }
  const rest = [
    { ...range, end: new Date(from * unitMillis).toISOString() },
    { ...range, start: new Date(to * unitMillis).toISOString() },
  ].filter((part) => part.start < part.end)
  return { units: { from, to }, rest }
}

/** A local range cut into quarters; read from the reports alone when its offset is not whole quarters (local mean time). */
const quarterCut = (range: LocalRange): Cut<LocalRange> =>
  Number.isInteger(range.offsetMinutes / 15)
    ? cut(range, QUARTER_MILLIS)
    : { units: undefined, rest: [range] }

/** Reports to count with a sign: those of a range (+1), or those outside it (−1), taken off kept totals. */
interface SignedPart {
  readonly sign: Statement.Fragment
  readonly where: Statement.Fragment
}

/** The parts of a channel's reports counted per user, and whether the kept totals are read too. */
interface PerUserReading {
  readonly kept: boolean
  readonly parts: ReadonlyArray<SignedPart>
}

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
    /** The reports per answer to a single-choice field (an option value); unanswered ones are left out. */
    readonly countsPerAnswer: (
      range: ReportRange,
      fieldKey: string,
    ) => Effect.Effect<ReadonlyArray<KeyCount<string>>>
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

      /** A report's local time on PostgreSQL: UTC plus the offset. */
      const localTime = (offsetMinutes: number) =>
        sql`(r.created_at::timestamptz AT TIME ZONE 'UTC' + ${offsetMinutes} * interval '1 minute')`

      /** The unit of `width` a report's local time falls in, for the reports of a range. */
      const localUnit = (width: RangeWidth, offsetMinutes: number) =>
        sql.onDialectOrElse({
          pg: () => sql`date_trunc(${width}, ${localTime(offsetMinutes)})`,
          orElse: () => sqliteLocalUnit(width, minutesModifier(offsetMinutes)),
        })
      const sqliteLocalUnit = (width: RangeWidth, modifier: string) => {
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

      /** The unit of `width` a local day (`local_day`, days since Thursday 1970-01-01) falls in. */
      const unitOfLocalDay = (width: Exclude<RangeWidth, "hour">) => {
        switch (width) {
          case "day":
            return sql`local_day`
          case "week":
            // Weeks since Monday 1969-12-29.
            return sql`(local_day + 3) / 7`
          case "month":
          case "year":
            return sql.onDialectOrElse({
              pg: () => sql`date_trunc(${width}, to_timestamp(local_day * 86400) AT TIME ZONE 'UTC')`,
              orElse: () =>
                width === "month"
                  ? sql`strftime('%Y-%m', local_day * 86400, 'unixepoch')`
                  : sql`strftime('%Y', local_day * 86400, 'unixepoch')`,
            })
        }
      }

      /** The kept quarters `[from, to)` of a channel. */
      const quarters = (channelId: number, units: Units) =>
        sql`FROM report_quarter_counts
          WHERE channel_id = ${channelId} AND quarter >= ${units.from} AND quarter < ${units.to}`
      // node:sqlite binds numbers as REAL: the cast keeps the divisions below integer divisions.
      const localMinutes = (offsetMinutes: number) => sql`(quarter * 15 + CAST(${offsetMinutes} AS INTEGER))`

      /** The kept days `[from, to)` of a channel. */
      const days = (channelId: number, units: Units) =>
        sql`channel_id = ${channelId} AND day >= ${units.from} AND day < ${units.to}`

      /** Counts per a local-time part: `strftime` of the reports, the same arithmetic on the quarters. */
      const countsPerLocalPart = (range: LocalRange, part: "%H" | "%w") =>
        Effect.gen(function* () {
          const { units, rest } = quarterCut(range)
          const fromReports = yield* Effect.forEach(
            rest,
            (piece) =>
              sql<Counted<number>>`SELECT
                  ${sql.onDialectOrElse({
                    pg: () =>
                      sql`CAST(EXTRACT(${sql.literal(part === "%H" ? "HOUR" : "DOW")} FROM ${localTime(piece.offsetMinutes)}) AS INTEGER)`,
                    orElse: () =>
                      sql`CAST(strftime(${part}, r.created_at, ${minutesModifier(piece.offsetMinutes)}) AS INTEGER)`,
                  })} AS key,
                  COUNT(*) AS report_count
                FROM reports r WHERE ${inRange(piece)}
                GROUP BY key`,
          )
          if (units === undefined) return keyCounts(fromReports)
          const minutes = localMinutes(range.offsetMinutes)
          // 1970-01-01 was a Thursday, day 4 of `%w`.
          const key = part === "%H" ? sql`(${minutes} / 60) % 24` : sql`(${minutes} / 1440 + 4) % 7`
          const kept = yield* sql<Counted<number>>`SELECT ${key} AS key, SUM(report_count) AS report_count
            ${quarters(range.channelId, units)}
            GROUP BY key`
          return keyCounts([...fromReports, kept])
        }).pipe(Effect.orDie)

      /** Counts per state or category: a column of the reports and of `report_day_counts` alike. */
      const countsPerDayColumn = (range: ReportRange, column: "report_state_id" | "category_id") =>
        Effect.gen(function* () {
          const { units, rest } = cut(range, DAY_MILLIS)
          const fromReports = yield* Effect.forEach(
            rest,
            (piece) =>
              sql<Counted<number>>`SELECT ${sql(column)} AS key, COUNT(*) AS report_count
                FROM reports r WHERE ${inRange(piece)} GROUP BY key`,
          )
          if (units === undefined) return keyCounts(fromReports)
          const kept = yield* sql<
            Counted<number>
          >`SELECT ${sql(column)} AS key, SUM(report_count) AS report_count
            FROM report_day_counts WHERE ${days(range.channelId, units)}
            GROUP BY key`
          return keyCounts([...fromReports, kept])
        }).pipe(Effect.orDie)

      /**
       * How to count a range per user: from the reports of the range, or, when the range holds
       * most of the channel's reports, from the totals kept per user (migration 0013) less the
       * reports outside it. Either way at most half the channel's reports are read, and a range
       * over all of them reads only the totals. The days of `report_day_counts` the range touches
       * tell how many reports it holds: an estimate, enough to choose.
       */
      const perUserReading = (range: ReportRange) =>
        Effect.gen(function* () {
          const firstDay = Math.floor(Date.parse(range.start) / DAY_MILLIS)
          const lastDay = Math.floor((Date.parse(range.end) - 1) / DAY_MILLIS)
          const [estimate] = yield* sql<{ inside: number | null; total: number | null }>`SELECT
              SUM(CASE WHEN day >= ${firstDay} AND day <= ${lastDay} THEN report_count ELSE 0 END) AS inside,
              SUM(report_count) AS total
            FROM report_day_counts WHERE channel_id = ${range.channelId}`
          const inside = Number(estimate?.inside ?? 0)
          const total = Number(estimate?.total ?? 0)
          const reading: PerUserReading =
            inside * 2 > total
              ? {
                  kept: true,
                  parts: [
                    {
                      sign: sql.literal("-1"),
                      where: sql`r.channel_id = ${range.channelId} AND r.created_at < ${range.start}`,
                    },
                    {
                      sign: sql.literal("-1"),
                      where: sql`r.channel_id = ${range.channelId} AND r.created_at >= ${range.end}`,
                    },
                  ],
                }
              : { kept: false, parts: [{ sign: sql.literal("1"), where: inRange(range) }] }
          return reading
        })
      /**
       * The reporter of the reports `r`, to group them by. The unary `+` keeps SQLite from walking
       * `reports_channel_user` in reporter order (a whole channel of reports, each looked up) to
       * save the grouping's sort: the range of `reports_channel_created` is far smaller.
       */
      const reporter = sql.literal("+r.user_id")
      /** The rows of each part and, when kept totals are read, of `kept`, as one table. */
      const unionAll = (
        reading: PerUserReading,
        kept: Statement.Fragment,
        perPart: (part: SignedPart) => Statement.Fragment,
      ) => sql.join(" UNION ALL ", false)([...(reading.kept ? [kept] : []), ...reading.parts.map(perPart)])

      return AnalyticsStore.of({
        images: (range) =>
          // The attachments' own copy of their report's filing time (migration 0019) finds them
          // without reading a report row per image.
          sql<ReportImageRow>`SELECT a.id, a.created_at, ra.report_id
            FROM report_attachments ra
            JOIN form_fields f ON f.channel_id = ra.channel_id AND f.key = ra.field_key
            JOIN attachments a ON a.id = ra.attachment_id
            WHERE ra.channel_id = ${range.channelId}
              AND ra.report_created_at >= ${range.start} AND ra.report_created_at < ${range.end}
              AND f.field_type = 'Image'
            ORDER BY ra.report_created_at, ra.report_id, a.id`.pipe(Effect.orDie),
        countsPerUnit: (range, width) =>
          Effect.gen(function* () {
            const { units, rest } = quarterCut(range)
            const fromReports = yield* Effect.forEach(
              rest,
              (piece) =>
                sql<UnitCount>`SELECT MIN(r.created_at) AS first_created_at, COUNT(*) AS report_count
                  FROM reports r WHERE ${inRange(piece)}
                  GROUP BY ${localUnit(width, piece.offsetMinutes)}`,
            )
            const minutes = localMinutes(range.offsetMinutes)
            const kept =
              units === undefined
                ? []
                : width === "hour"
                  ? yield* sql<{ first_quarter: number; report_count: number }>`SELECT
                        MIN(quarter) AS first_quarter, SUM(report_count) AS report_count
                      ${quarters(range.channelId, units)}
                      GROUP BY ${minutes} / 60`
                  : // Days first, so the calendar functions run on a few hundred days, not on every quarter.
                    yield* sql<{ first_quarter: number; report_count: number }>`SELECT
                        MIN(first_quarter) AS first_quarter, SUM(report_count) AS report_count
                      FROM (
                        SELECT ${minutes} / 1440 AS local_day, MIN(quarter) AS first_quarter,
                          SUM(report_count) AS report_count
                        ${quarters(range.channelId, units)}
                        GROUP BY local_day
                      ) days
                      GROUP BY ${unitOfLocalDay(width)}`
            return [
              ...fromReports.flat(),
              // A quarter lies in one local unit, so its start is an instant of that unit.
              ...kept.map((row) => ({
                first_created_at: new Date(row.first_quarter * QUARTER_MILLIS).toISOString(),
                report_count: row.report_count,
              })),
            ].map((row) => ({
              first_created_at: row.first_created_at,
              report_count: Number(row.report_count),
            }))
          }).pipe(Effect.orDie),
        countsPerHour: (range) => countsPerLocalPart(range, "%H"),
        countsPerWeekDay: (range) => countsPerLocalPart(range, "%w"),
        countsPerState: (range) => countsPerDayColumn(range, "report_state_id"),
        countsPerCategory: (range) => countsPerDayColumn(range, "category_id"),
        countsPerUser: (range) =>
          Effect.gen(function* () {
            const reading = yield* perUserReading(range)
            const rows = yield* sql<Counted<number>>`SELECT user_id AS key, SUM(report_count) AS report_count
              FROM (${unionAll(
                reading,
                sql`SELECT user_id, reports AS report_count FROM user_counts WHERE channel_id = ${range.channelId}`,
                (part) => sql`SELECT ${reporter} AS user_id, ${part.sign} * COUNT(*) AS report_count
                  FROM reports r WHERE ${part.where} AND r.is_anonymous = 0 GROUP BY ${reporter}`,
              )}) counted
              GROUP BY user_id HAVING SUM(report_count) > 0`
            return keyCounts([rows])
          }).pipe(Effect.orDie),
        countsPerAnswer: (range, fieldKey) =>
          Effect.gen(function* () {
            const { units, rest } = cut(range, DAY_MILLIS)
            const path = `$."${fieldKey}"`
            const fromReports = yield* Effect.forEach(rest, (piece) =>
              sql.onDialectOrElse({
                pg: () => sql<
                  Counted<string>
                >`SELECT r.answers::jsonb ->> ${fieldKey} AS key, COUNT(*) AS report_count
                    FROM reports r WHERE ${inRange(piece)} AND jsonb_typeof(r.answers::jsonb -> ${fieldKey}) = 'string'
                    GROUP BY key`,
                orElse: () => sql<
                  Counted<string>
                >`SELECT json_extract(r.answers, ${path}) AS key, COUNT(*) AS report_count
                    FROM reports r WHERE ${inRange(piece)} AND json_type(r.answers, ${path}) = 'text'
                    GROUP BY key`,
              }),
            )
            if (units === undefined) return keyCounts(fromReports)
            const kept = yield* sql<Counted<string>>`SELECT value AS key, SUM(report_count) AS report_count
              FROM report_choice_counts WHERE ${days(range.channelId, units)} AND field_key = ${fieldKey}
              GROUP BY value`
            return keyCounts([...fromReports, kept])
          }).pipe(Effect.orDie),
        reads: (range) =>
          Effect.gen(function* () {
            const reading = yield* perUserReading(range)
            const [readers] = yield* sql<Omit<ReadCounts, "reports_seen">>`SELECT
                COALESCE(SUM(opens), 0) AS total_reads, COALESCE(SUM(reports_read), 0) AS unique_reads,
                COUNT(*) AS report_readers
              FROM (
                SELECT user_id, SUM(opens) AS opens, SUM(reports_read) AS reports_read
                FROM (${unionAll(
                  reading,
                  sql`SELECT user_id, opens, reports_read FROM user_counts WHERE channel_id = ${range.channelId}`,
                  (part) => sql`SELECT rr.user_id, ${part.sign} * COUNT(*) AS opens,
                      ${part.sign} * COUNT(DISTINCT rr.report_id) AS reports_read
                    FROM reports r JOIN report_reads rr ON rr.report_id = r.id
                    WHERE ${part.where} GROUP BY rr.user_id`,
                )}) counted
                GROUP BY user_id HAVING SUM(reports_read) > 0
              ) readers`
            const [seen] = yield* sql<Pick<ReadCounts, "reports_seen">>`SELECT
                COALESCE(SUM(reports_seen), 0) AS reports_seen
              FROM (${unionAll(
                reading,
                sql`SELECT reports_seen FROM channel_counts WHERE channel_id = ${range.channelId}`,
                (part) => sql`SELECT ${part.sign} * COUNT(DISTINCT rr.report_id) AS reports_seen
                  FROM reports r JOIN report_reads rr ON rr.report_id = r.id WHERE ${part.where}`,
              )}) seen`
            return {
              total_reads: Number(readers?.total_reads ?? 0),
              unique_reads: Number(readers?.unique_reads ?? 0),
              report_readers: Number(readers?.report_readers ?? 0),
              reports_seen: Number(seen?.reports_seen ?? 0),
            }
          }).pipe(Effect.orDie),
        // A user has at most one notification about a report, so their alerts are unique alerts.
        awareness: (range) =>
          Effect.gen(function* () {
            const reading = yield* perUserReading(range)
            const rows = yield* sql<AwarenessRow>`SELECT u.id AS user_id, u.first_name, u.last_name,
                c.total_alerts, c.alert_source_reports, c.total_alerts AS unique_alerts, c.alerts_opened
              FROM (
                SELECT user_id, SUM(alerts) AS total_alerts, SUM(alerts_opened) AS alerts_opened,
                  SUM(alert_sources) AS alert_source_reports
                FROM (${unionAll(
                  reading,
                  sql`SELECT user_id, alerts, alerts_opened, alert_sources
                    FROM user_counts WHERE channel_id = ${range.channelId}`,
                  (part) => sql`SELECT n.user_id, ${part.sign} * COUNT(*) AS alerts,
                      ${part.sign} * SUM(n.read) AS alerts_opened, 0 AS alert_sources
                    FROM reports r JOIN notifications n ON n.report_id = r.id
                    WHERE ${part.where} GROUP BY n.user_id
                    UNION ALL
                    SELECT ${reporter}, 0, 0, ${part.sign} * COUNT(*)
                    FROM reports r
                    WHERE ${part.where} AND r.is_anonymous = 0
                      AND EXISTS (SELECT 1 FROM notifications n WHERE n.report_id = r.id AND n.user_id <> r.user_id)
                    GROUP BY ${reporter}`,
                )}) counted
                GROUP BY user_id
              ) c
              JOIN users u ON u.id = c.user_id
              WHERE c.total_alerts > 0 OR c.alert_source_reports > 0
              ORDER BY u.last_name, u.first_name, u.id`
            // Counts come back as numbers from both engines (`PostgresClient` reads `bigint` and
            // `numeric` as numbers): the rows are the answer as they are.
            return rows
          }).pipe(Effect.orDie),
      })
    }),
  )
}
