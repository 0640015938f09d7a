/**
 * The range an analytics dashboard asks about: whole local days of a time zone, turned into the
 * instants the API takes. The API counts `[start_date, end_date)` and buckets hours, weekdays and
 * dates in `time_zone`, so the first instant of the first day and the first instant after the last
 * day, both in that zone, make the range a person means by "1 to 31 March in Auckland".
 */
import { DateTime, Option } from "effect"

/**
 * Dates as `<input type="date">` gives them (`2024-03-01`), both days included, and an IANA zone.
 *
 * @example
 * ```ts
 * const range: LocalRange = { from: "2024-03-01", to: "2024-03-31", timeZone: "Pacific/Auckland" }
 * ```
 */
export interface LocalRange {
  readonly from: string
  readonly to: string
  readonly timeZone: string
}

const localMidnight = (date: string, timeZone: string, addDays: number): Option.Option<string> => {
  const parts = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  if (parts === null) return Option.none()
  // Date.UTC rolls day 32 into the next month, so "the day after" needs no calendar code here.
  const day = new Date(Date.UTC(Number(parts[1]), Number(parts[2]) - 1, Number(parts[3]) + addDays))
  return Option.map(
    DateTime.makeZoned(
      { year: day.getUTCFullYear(), month: day.getUTCMonth() + 1, day: day.getUTCDate() },
      { timeZone, adjustForTimeZone: true },
    ),
    DateTime.formatIso,
  )
}

/**
 * The `start_date` and `end_date` of a range of local days, or none when a date or the zone does
 * not read or the last day comes before the first.
 *
 * @example
 * ```ts
 * toQuery({ from: "2024-03-01", to: "2024-03-31", timeZone: "Pacific/Auckland" })
 * // Option.some({ start_date: "2024-02-29T11:00:00.000Z", end_date: "2024-03-31T11:00:00.000Z" })
 * ```
 */
export const toQuery = (
  range: LocalRange,
): Option.Option<{ readonly start_date: string; readonly end_date: string }> =>
  Option.flatMap(localMidnight(range.from, range.timeZone, 0), (start_date) =>
    Option.flatMap(localMidnight(range.to, range.timeZone, 1), (end_date) =>
      start_date < end_date ? Option.some({ start_date, end_date }) : Option.none(),
    ),
  )

/**
 * The zones a browser knows, for a time zone picker; UTC first.
 *
 * @example
 * ```ts
 * timeZones().includes("Pacific/Auckland") // true in any modern browser
 * ```
 */
export const timeZones = (): ReadonlyArray<string> => ["UTC", ...Intl.supportedValuesOf("timeZone")]
