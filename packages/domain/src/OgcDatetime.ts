/**
 * The `datetime` of an OGC API – Features items request: an instant, or an interval whose ends may
 * be open, compared with a report's creation time (docs/api.md, OGC API – Features).
 *
 * - An instant is an RFC 3339 date-time with its offset (`2026-11-27T09:00:00+13:00`); one without
 *   an offset is refused, as everywhere in the API. It selects what happened at that instant, to
 *   the millisecond.
 * - An interval is two ends joined by `/`, both included: `start/end`, `start/..` or `start/`
 *   (open end), `../end` or `/end` (open start). At least one end is given, and the start does not
 *   come after the end.
 * - A date alone (`2026-11-27`) is that day in UTC: as an instant, the whole day; as a start, its
 *   first millisecond; as an end, its last.
 *
 * Ends are written as the reports table holds times (UTC, milliseconds, `Z`), so the store compares
 * them as text on both engines.
 */
import { DateTime, Option, Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as Timestamp from "./Timestamp.ts"

/**
 * The instants selected, both ends included; an open end is `undefined`.
 *
 * @example
 * ```ts
 * const november: OgcDatetime = { start: "2026-11-01T00:00:00.000Z", end: undefined }
 * ```
 */
export interface OgcDatetime {
  readonly start: string | undefined
  readonly end: string | undefined
}

const message =
  "must be a date-time with its offset (2026-11-27T09:00:00Z), a date (2026-11-27), or an interval of them start/end where either end may be .. (open), not ending before it starts"

const malformed = () => Result.fail(MalformedRequest.at("datetime", message))

/** The first and last millisecond a date-time or a date names, or `undefined` when it is neither. */
const span = (text: string): OgcDatetime | undefined => {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
  const first = date === null ? Timestamp.parse(text) : Timestamp.parse(`${text}T00:00:00Z`)
  if (Option.isNone(first)) return undefined
  // A day that does not exist (February 30) fails to parse above; one that parses is kept as sent.
  const start = Timestamp.format(first.value)
  if (date === null) return { start, end: start }
  if (start.slice(0, 10) !== text) return undefined
  return { start, end: Timestamp.format(DateTime.add(first.value, { days: 1, milliseconds: -1 })) }
}

/**
 * Reads a `datetime` parameter.
 *
 * @example
 * ```ts
 * OgcDatetime.parse("2026-11-27T09:00:00+13:00") // { start: "2026-11-26T20:00:00.000Z", end: same }
 * OgcDatetime.parse("2026-11-01/..") // { start: "2026-11-01T00:00:00.000Z", end: undefined }
 * OgcDatetime.parse("2026-11-27/2026-11-01") // fails naming "datetime"
 * ```
 */
export const parse = (text: string): Result.Result<OgcDatetime, MalformedRequest> => {
  const ends = text.split("/")
  if (ends.length === 1) {
    const instant = span(text)
    return instant === undefined ? malformed() : Result.succeed(instant)
  }
  if (ends.length !== 2) return malformed()
  const [from = "", to = ""] = ends
  const open = (end: string) => end === "" || end === ".."
  if (open(from) && open(to)) return malformed()
  const start = open(from) ? undefined : span(from)?.start
  const end = open(to) ? undefined : span(to)?.end
  if ((!open(from) && start === undefined) || (!open(to) && end === undefined)) return malformed()
  if (start !== undefined && end !== undefined && start > end) return malformed()
  return Result.succeed({ start, end })
}

/**
 * Whether an instant (as the reports table writes it) lies in the interval.
 *
 * @example
 * ```ts
 * OgcDatetime.contains({ start: "2026-11-01T00:00:00.000Z", end: undefined }, "2026-11-27T09:00:00.000Z") // true
 * ```
 */
export const contains = (interval: OgcDatetime, instant: string): boolean =>
  (interval.start === undefined || instant >= interval.start) &&
  (interval.end === undefined || instant <= interval.end)
