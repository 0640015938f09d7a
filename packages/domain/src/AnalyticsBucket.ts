/**
 * Time buckets of the analytics endpoints: the query parameters they share (`channel_id`,
 * `start_date`, `end_date`, `time_zone`, `datetime_range_width`) and the local calendar of a time
 * zone that `reports_over_time`, `reports_per_day_hour` and `reports_per_week_day` count in.
 *
 * A bucket is one unit of the local calendar (an hour, a day, an ISO week from Monday, a month, a
 * year): every instant whose local time falls in it. It starts at the first such instant. So a day
 * lasts 23, 24 or 25 hours; the hour skipped by a spring-forward night has no bucket; the hour
 * repeated by a fall-back night is one bucket two hours long (the grouping a database gets by
 * truncating local times); where a transition skips midnight itself (America/Santiago) the day
 * starts at the transition, 01:00 local.
 *
 * Offsets come from the runtime's time zone database through effect's `DateTime` (which reads
 * them with `Intl.DateTimeFormat`). The rest is plain arithmetic on local milliseconds (an instant
 * plus its offset) inside stretches of constant offset: exact across every transition, and cheap,
 * because a five-year range needs a few thousand offset look-ups however many buckets it has.
 * The stretches are probed a day apart, which finds every transition as long as a zone never
 * changes its offset twice within one day; no zone has since 1970.
 */
import { DateTime, Option, Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as QueryValue from "./QueryValue.ts"

/**
 * The widths of a `reports_over_time` bucket.
 *
 * @example
 * ```ts
 * rangeWidths.includes("week") // true
 * ```
 */
export const rangeWidths = ["hour", "day", "week", "month", "year"] as const

/**
 * One width of a `reports_over_time` bucket; `week` is an ISO week, from Monday.
 *
 * @example
 * ```ts
 * const width: RangeWidth = "month"
 * ```
 */
export type RangeWidth = (typeof rangeWidths)[number]

/**
 * The analytics query parameters, read and checked.
 *
 * @example
 * ```ts
 * const query: AnalyticsQuery = {
 *   channelId: 7,
 *   start: DateTime.makeUnsafe("2024-03-01T00:00:00Z"),
 *   end: DateTime.makeUnsafe("2024-04-01T00:00:00Z"),
 *   timeZone: DateTime.zoneMakeNamedUnsafe("UTC"),
 *   width: "day",
 * }
 * ```
 */
export interface AnalyticsQuery {
  readonly channelId: number
  /** First instant counted. */
  readonly start: DateTime.Utc
  /** First instant no longer counted: the range is `[start, end)`. */
  readonly end: DateTime.Utc
  readonly timeZone: DateTime.TimeZone
  /** `datetime_range_width` when given, else the width chosen for the range. */
  readonly width: RangeWidth
}

/**
 * A stretch of time in which the zone's UTC offset does not change. The store buckets in SQL with
 * these: within one, local time is `created_at` plus `offsetMinutes`, so the hour of day, the day
 * of week and the truncated local time come from plain UTC arithmetic. For `reports_over_time` it
 * groups by the truncated local time across stretches, keeps `MIN(created_at)` of each group and
 * maps that to its bucket with {@link bucketStart}.
 *
 * @example
 * ```ts
 * const summer: OffsetInterval = {
 *   utcStart: DateTime.makeUnsafe("2024-03-10T07:00:00Z"),
 *   utcEnd: DateTime.makeUnsafe("2024-11-03T06:00:00Z"),
 *   offsetMinutes: -240,
 * }
 * ```
 */
export interface OffsetInterval {
  readonly utcStart: DateTime.Utc
  /** Exclusive. */
  readonly utcEnd: DateTime.Utc
  /** Local time minus UTC; fractional only for local mean time, before time zones existed. */
  readonly offsetMinutes: number
}

const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR
const MAX_RANGE_YEARS = 5

/** Millis of an instant, the unit of every calculation below. */
type Millis = number
/** Wall-clock time of a zone, counted like millis since 1970-01-01T00:00 of that wall clock. */
type LocalMillis = number

interface Stretch {
  readonly start: Millis
  readonly end: Millis
  readonly offset: number
}

const offsetAt = (zone: DateTime.TimeZone, instant: Millis): number =>
  DateTime.zonedOffset(DateTime.makeZonedUnsafe(instant, { timeZone: zone }))

const localAt = (zone: DateTime.TimeZone, instant: Millis): LocalMillis => instant + offsetAt(zone, instant)

/** The first instant in `(before, changed]` whose offset is no longer `offset`. */
const firstChange = (zone: DateTime.TimeZone, before: Millis, changed: Millis, offset: number): Millis => {
  let low = before
  let high = changed
  while (high - low > 1) {
    const middle = low + Math.floor((high - low) / 2)
    if (offsetAt(zone, middle) === offset) low = middle
    else high = middle
  }
  return high
}

/** The stretches of constant offset that cover `[start, end)`, in order; `start < end`. */
const stretches = (zone: DateTime.TimeZone, start: Millis, end: Millis): Array<Stretch> => {
  const result: Array<Stretch> = []
  let from = start
  let offset = offsetAt(zone, start)
  let probed = start
  while (probed < end - 1) {
    const probe = Math.min(probed + DAY, end - 1)
    if (offsetAt(zone, probe) === offset) {
      probed = probe
    } else {
      const change = firstChange(zone, probed, probe, offset)
      result.push({ start: from, end: change, offset })
      from = change
      offset = offsetAt(zone, change)
      probed = change
    }
  }
  result.push({ start: from, end, offset })
  return result
}

/**
 * The first instant of `covering` at which the wall clock shows `local` or later; in a gap that is
 * the transition, for a repeated time its first occurrence. When the clock never gets there, the
 * end of `covering`.
 */
const firstInstantShowing = (local: LocalMillis, covering: ReadonlyArray<Stretch>): Millis => {
  for (const stretch of covering) {
    const instant = Math.max(local - stretch.offset, stretch.start)
    if (instant < stretch.end) return instant
  }
  return covering.at(-1)?.end ?? local
}

/** The instant of a wall-clock time in a zone (see {@link firstInstantShowing}). */
const instantOfLocal = (zone: DateTime.TimeZone, local: LocalMillis): Millis =>
  firstInstantShowing(local, stretches(zone, local - DAY, local + DAY))

const remainder = (value: number, divisor: number): number => ((value % divisor) + divisor) % divisor

const startOfUnit = (local: LocalMillis, width: RangeWidth): LocalMillis => {
  const day = new Date(local - remainder(local, DAY))
  switch (width) {
    case "hour":
      return local - remainder(local, HOUR)
    case "day":
      return day.getTime()
    case "week":
      // getUTCDay counts from Sunday; ISO weeks start on Monday.
      return day.getTime() - ((day.getUTCDay() + 6) % 7) * DAY
    case "month":
      return day.setUTCDate(1)
    case "year":
      return day.setUTCMonth(0, 1)
  }
}

const nextUnit = (unitStart: LocalMillis, width: RangeWidth): LocalMillis => {
  const date = new Date(unitStart)
  switch (width) {
    case "hour":
      return unitStart + HOUR
    case "day":
      return unitStart + DAY
    case "week":
      return unitStart + 7 * DAY
    case "month":
      return date.setUTCMonth(date.getUTCMonth() + 1)
    case "year":
      return date.setUTCFullYear(date.getUTCFullYear() + 1)
  }
}

const addLocal = (
  zone: DateTime.TimeZone,
  instant: Millis,
  amount: { days: number } | { years: number },
): Millis => {
  const local = new Date(localAt(zone, instant))
  if ("days" in amount) local.setUTCDate(local.getUTCDate() + amount.days)
  else local.setUTCFullYear(local.getUTCFullYear() + amount.years)
  return instantOfLocal(zone, local.getTime())
}

/**
 * The width `reports_over_time` uses when `datetime_range_width` is absent: `hour` up to 2 days,
 * `day` up to 60 days, `week` up to a year, else `month`. Days and years are those of the zone's
 * calendar, so two local days across a daylight saving change still count as two.
 *
 * @example
 * ```ts
 * chooseWidth({
 *   start: DateTime.makeUnsafe("2024-03-01T00:00:00Z"),
 *   end: DateTime.makeUnsafe("2024-04-01T00:00:00Z"),
 *   timeZone: DateTime.zoneMakeNamedUnsafe("UTC"),
 * }) // "day"
 * ```
 */
export const chooseWidth = (range: {
  readonly start: DateTime.DateTime
  readonly end: DateTime.DateTime
  readonly timeZone: DateTime.TimeZone
}): RangeWidth => {
  const start = DateTime.toEpochMillis(range.start)
  const end = DateTime.toEpochMillis(range.end)
  if (end <= addLocal(range.timeZone, start, { days: 2 })) return "hour"
  if (end <= addLocal(range.timeZone, start, { days: 60 })) return "day"
  if (end <= addLocal(range.timeZone, start, { years: 1 })) return "week"
  return "month"
}

/**
 * The start of the bucket an instant falls in.
 *
 * @example
 * ```ts
 * bucketStart(DateTime.makeUnsafe("2021-01-01T12:00:00Z"), {
 *   width: "week",
 *   timeZone: DateTime.zoneMakeNamedUnsafe("UTC"),
 * }) // 2020-12-28T00:00:00Z, the Monday of ISO week 53 of 2020
 * ```
 */
export const bucketStart = (
  instant: DateTime.DateTime,
  bucket: { readonly width: RangeWidth; readonly timeZone: DateTime.TimeZone },
): DateTime.Utc => {
  const millis = DateTime.toEpochMillis(instant)
  const unitStart = startOfUnit(localAt(bucket.timeZone, millis), bucket.width)
  // The bucket starts within a day (the largest offset) of its local start.
  const covering = stretches(bucket.timeZone, unitStart - DAY, millis + 1)
  return DateTime.makeUnsafe(firstInstantShowing(unitStart, covering))
}

/**
 * The starts of every bucket that covers part of `[start, end)`, in order; the first starts at or
 * before `start`. The API lists a bucket with `report_count: 0` for each start no report fell in.
 *
 * @example
 * ```ts
 * bucketStarts({
 *   start: DateTime.makeUnsafe("2024-11-03T04:00:00Z"),
 *   end: DateTime.makeUnsafe("2024-11-05T05:00:00Z"),
 *   width: "day",
 *   timeZone: DateTime.zoneMakeNamedUnsafe("America/New_York"),
 * }) // 2024-11-03T04:00:00Z (a 25-hour day), 2024-11-04T05:00:00Z
 * ```
 */
export const bucketStarts = (query: {
  readonly start: DateTime.DateTime
  readonly end: DateTime.DateTime
  readonly width: RangeWidth
  readonly timeZone: DateTime.TimeZone
}): ReadonlyArray<DateTime.Utc> => {
  const start = DateTime.toEpochMillis(query.start)
  const end = DateTime.toEpochMillis(query.end)
  if (start >= end) return []
  const firstUnit = startOfUnit(localAt(query.timeZone, start), query.width)
  const covering = stretches(query.timeZone, firstUnit - DAY, end + DAY)
  const starts: Array<Millis> = []
  for (let unit = firstUnit; ; unit = nextUnit(unit, query.width)) {
    const instant = firstInstantShowing(unit, covering)
    if (instant >= end) break
    // A unit skipped by a spring-forward transition shows up as the start of the next one.
    if (instant !== starts.at(-1)) starts.push(instant)
  }
  return starts.map((instant) => DateTime.makeUnsafe(instant))
}

/**
 * The local hour of an instant, 0 to 23, as `reports_per_day_hour` counts it.
 *
 * @example
 * ```ts
 * hourOfDay(DateTime.makeUnsafe("2024-01-15T23:30:00Z"), DateTime.zoneMakeNamedUnsafe("Pacific/Auckland")) // 12
 * ```
 */
export const hourOfDay = (instant: DateTime.DateTime, timeZone: DateTime.TimeZone): number =>
  new Date(localAt(timeZone, DateTime.toEpochMillis(instant))).getUTCHours()

/**
 * The local day of the week of an instant, 0 = Sunday to 6 = Saturday, as `reports_per_week_day`
 * counts it.
 *
 * @example
 * ```ts
 * dayOfWeek(DateTime.makeUnsafe("2024-01-15T23:30:00Z"), DateTime.zoneMakeNamedUnsafe("Pacific/Auckland")) // 2, Tuesday
 * ```
 */
export const dayOfWeek = (instant: DateTime.DateTime, timeZone: DateTime.TimeZone): number =>
  new Date(localAt(timeZone, DateTime.toEpochMillis(instant))).getUTCDay()

/**
 * The stretches of constant UTC offset that cover `[start, end)`, in order: one more for each
 * daylight saving transition inside the range. Empty when `start` is not before `end`.
 *
 * @example
 * ```ts
 * offsetIntervals({
 *   start: DateTime.makeUnsafe("2024-11-01T00:00:00Z"),
 *   end: DateTime.makeUnsafe("2024-11-10T00:00:00Z"),
 *   timeZone: DateTime.zoneMakeNamedUnsafe("America/New_York"),
 * })
 * // [{ utcStart: 2024-11-01T00:00Z, utcEnd: 2024-11-03T06:00Z, offsetMinutes: -240 },
 * //  { utcStart: 2024-11-03T06:00Z, utcEnd: 2024-11-10T00:00Z, offsetMinutes: -300 }]
 * ```
 */
export const offsetIntervals = (range: {
  readonly start: DateTime.DateTime
  readonly end: DateTime.DateTime
  readonly timeZone: DateTime.TimeZone
}): ReadonlyArray<OffsetInterval> => {
  const start = DateTime.toEpochMillis(range.start)
  const end = DateTime.toEpochMillis(range.end)
  if (start >= end) return []
  return stretches(range.timeZone, start, end).map((stretch) => ({
    utcStart: DateTime.makeUnsafe(stretch.start),
    utcEnd: DateTime.makeUnsafe(stretch.end),
    offsetMinutes: stretch.offset / 60_000,
  }))
}

// Query parameters ---------------------------------------------------------------------------------

const UTC = DateTime.zoneMakeNamedUnsafe("UTC")

const canonicalZoneName = Option.liftThrowable(
  (name: string) => new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone,
)

/**
 * Effect caches zones under the name it is given; asking with the canonical name keeps that cache
 * to the few hundred real zones, whatever spellings (`europe/PARIS`) clients send.
 */
const zoneNamed = (name: string): Option.Option<DateTime.TimeZone> =>
  Option.flatMap(canonicalZoneName(name), DateTime.zoneMakeNamed)

/**
 * Reads and checks the query parameters every analytics endpoint takes. Every problem is a
 * `MalformedRequest` (`400`), all of them at once: these are query parameters, and the API answers
 * a bad query so.
 *
 * - `channel_id`: required, an integer.
 * - `start_date`, `end_date`: required, ISO 8601 with `Z` or an offset (read as `QueryValue`
 *   reads every timestamp), `start_date` before `end_date`, at most 5 years apart in the zone's
 *   calendar.
 * - `time_zone`: optional, default `UTC`; any zone the runtime knows, case-insensitively, with its
 *   aliases (`US/Eastern`).
 * - `datetime_range_width`: optional, one of {@link rangeWidths}; absent, see {@link chooseWidth}.
 *
 * @example
 * ```ts
 * parseQuery({ channel_id: "7", start_date: "2024-03-01T00:00:00+13:00", end_date: "2024-04-01T00:00:00+13:00" })
 * // Result.succeed({ channelId: 7, start: 2024-02-29T11:00:00Z, end: 2024-03-31T11:00:00Z, width: "day", timeZone: UTC })
 * ```
 */
export const parseQuery = (query: QueryValue.Query): Result.Result<AnalyticsQuery, MalformedRequest> => {
  const errors: Record<string, Array<string>> = {}
  const note = (name: string, message: string): void => {
    errors[name] = [...(errors[name] ?? []), message]
  }
  const valueIn = <A>(read: Result.Result<A | undefined, MalformedRequest>): A | undefined => {
    if (Result.isSuccess(read)) return read.success
    for (const [name, messages] of Object.entries(read.failure.errors)) {
      for (const message of messages) note(name, message)
    }
    return undefined
  }
  const required = <A>(
    name: string,
    reader: (query: QueryValue.Query, name: string) => Result.Result<A | undefined, MalformedRequest>,
  ): A | undefined => {
    const read = reader(query, name)
    if (Result.isSuccess(read) && read.success === undefined) note(name, "is required")
    return valueIn(read)
  }

  const channelId = required("channel_id", QueryValue.integer)
  const start = required("start_date", QueryValue.timestamp)
  const end = required("end_date", QueryValue.timestamp)
  const width = valueIn(QueryValue.oneOf(query, "datetime_range_width", rangeWidths))
  const zoneName = valueIn(QueryValue.string(query, "time_zone"))
  const timeZone = zoneName === undefined ? UTC : Option.getOrUndefined(zoneNamed(zoneName))
  if (timeZone === undefined) note("time_zone", "must be an IANA time zone, such as Pacific/Auckland")

  if (start !== undefined && end !== undefined && timeZone !== undefined) {
    const startMillis = DateTime.toEpochMillis(start)
    const endMillis = DateTime.toEpochMillis(end)
    if (endMillis <= startMillis) note("end_date", "must be after start_date")
    else if (endMillis > addLocal(timeZone, startMillis, { years: MAX_RANGE_YEARS }))
      note("end_date", `must be at most ${MAX_RANGE_YEARS} years after start_date`)
  }

  // Each undefined value has its error noted; the checks are there for the compiler.
  if (
    Object.keys(errors).length > 0 ||
    channelId === undefined ||
    start === undefined ||
    end === undefined ||
    timeZone === undefined
  ) {
    return Result.fail(new MalformedRequest({ errors }))
  }
  return Result.succeed({
    channelId,
    start,
    end,
    timeZone,
    width: width ?? chooseWidth({ start, end, timeZone }),
  })
}
