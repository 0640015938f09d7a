/**
 * Timestamps of the wire (docs/api.md, Values): read from ISO 8601 text with a time zone offset or
 * `Z`, held as a UTC `DateTime`, written with milliseconds and `Z`.
 *
 * Reading accepts what existing clients send: `2016-10-10T16:13:27.142+13:00`, `…Z`, offsets
 * written `+13:00`, `+1300` or `+13`, a space instead of the `T` (the legacy server wrote
 * `2023-01-14 13:32:00 +1300`, and clients send its values back), seconds and fractions optional.
 * A time without an offset is refused: it would mean a different instant in every zone.
 */
import { DateTime, Effect, Option, Schema, SchemaIssue, SchemaTransformation } from "effect"
import * as TextLimits from "./TextLimits.ts"

/**
 * What a client is told when a value is not a timestamp.
 *
 * @example
 * ```ts
 * InvalidInput.at("task.time", Timestamp.invalid)
 * ```
 */
export const invalid = "must be an ISO 8601 timestamp with a time zone offset or Z"

const pattern =
  /^(?<year>\d{4})-(?<month>\d{2})-(?<day>\d{2})[T ](?<hour>\d{2}):(?<minute>\d{2})(?::(?<second>\d{2})(?:[.,](?<fraction>\d+))?)? ?(?:Z|(?<sign>[+-])(?<offsetHours>\d{2})(?::?(?<offsetMinutes>\d{2}))?)$/i

const isLeapYear = (year: number): boolean => year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0)

const daysInMonth = (year: number, month: number): number => {
  if (month === 2) return isLeapYear(year) ? 29 : 28
  return [4, 6, 9, 11].includes(month) ? 30 : 31
}

/**
 * Reads ISO 8601 text with an offset into a UTC instant; `None` when it is not such text or names
 * a date or time that does not exist (February 30, 24:00, an offset of 25 hours).
 *
 * @example
 * ```ts
 * parse("2016-10-10T16:13:27.142+13:00") // Option.some(DateTime for 2016-10-10T03:13:27.142Z)
 * parse("2016-10-10T16:13:27") // Option.none(): no offset
 * ```
 */
export const parse = (text: string): Option.Option<DateTime.Utc> => {
  const parts = pattern.exec(text)?.groups
  if (parts === undefined) return Option.none()
  const year = Number(parts.year)
  const month = Number(parts.month)
  const day = Number(parts.day)
  const hour = Number(parts.hour)
  const minute = Number(parts.minute)
  const second = Number(parts.second ?? 0)
  const offsetHours = Number(parts.offsetHours ?? 0)
  const offsetMinutes = Number(parts.offsetMinutes ?? 0)
  const exists =
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 23 &&
    offsetMinutes <= 59
  if (!exists) return Option.none()
  // Digits past the millisecond are dropped: the wire carries milliseconds.
  const millisecond = Number((parts.fraction ?? "").padEnd(3, "0").slice(0, 3))
  const local = DateTime.makeUnsafe({ year, month, day, hour, minute, second, millisecond })
  const offset = (parts.sign === "-" ? -1 : 1) * (offsetHours * 60 + offsetMinutes)
  return Option.some(DateTime.subtract(local, { minutes: offset }))
}

/**
 * Writes an instant as the API does: UTC with milliseconds and `Z`.
 *
 * @example
 * ```ts
 * format(DateTime.makeUnsafe(0)) // "1970-01-01T00:00:00.000Z"
 * ```
 */
export const format = (instant: DateTime.Utc): string => DateTime.formatIso(instant)

/**
 * The timestamp schema: decodes wire text (at most `TextLimits.code` characters) into a
 * `DateTime.Utc`, encodes it back as `YYYY-MM-DDTHH:mm:ss.sssZ`.
 *
 * @example
 * ```ts
 * const instant = Schema.decodeUnknownSync(Timestamp)("2023-01-14 13:32:00 +1300")
 * Schema.encodeSync(Timestamp)(instant) // "2023-01-14T00:32:00.000Z"
 * ```
 */
export const Timestamp = TextLimits.upTo(TextLimits.code).pipe(
  Schema.decodeTo(
    Schema.DateTimeUtc,
    SchemaTransformation.transformEffect({
      decode: (text, options) =>
        Option.match(parse(text), {
          onNone: () => Effect.fail(new SchemaIssue.InvalidValue({ message: invalid }, text, options)),
          onSome: Effect.succeed,
        }),
      encode: (instant) => Effect.succeed(format(instant)),
    }),
  ),
)

/**
 * A decoded timestamp: a UTC instant.
 *
 * @example
 * ```ts
 * const createdAt: Timestamp = DateTime.makeUnsafe("2024-05-01T00:00:00Z")
 * ```
 */
export type Timestamp = typeof Timestamp.Type
