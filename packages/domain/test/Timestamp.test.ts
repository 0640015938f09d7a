import { describe, expect, it } from "@effect/vitest"
import { DateTime, Option, Result, Schema } from "effect"
import { decodeInput } from "../src/Invalid.ts"
import { format, parse, Timestamp } from "../src/Timestamp.ts"

const read = (text: string): string | undefined => Option.getOrUndefined(Option.map(parse(text), format))

describe("Timestamp", () => {
  it.each([
    ["2016-10-10T16:13:27.142+13:00", "2016-10-10T03:13:27.142Z"],
    ["2016-10-10T03:13:27Z", "2016-10-10T03:13:27.000Z"],
    ["2016-10-10t03:13:27z", "2016-10-10T03:13:27.000Z"],
    ["2023-01-14 13:32:00 +1300", "2023-01-14T00:32:00.000Z"],
    ["2023-01-14T13:32:00+1300", "2023-01-14T00:32:00.000Z"],
    ["2023-01-14T13:32+13", "2023-01-14T00:32:00.000Z"],
    ["2023-01-14T00:00:00-05:30", "2023-01-14T05:30:00.000Z"],
    ["2023-01-14T00:00:00.123456Z", "2023-01-14T00:00:00.123Z"],
    ["2023-01-14T00:00:00.5Z", "2023-01-14T00:00:00.500Z"],
    ["2023-01-14T00:00:00,25Z", "2023-01-14T00:00:00.250Z"],
    ["2024-02-29T12:00:00Z", "2024-02-29T12:00:00.000Z"],
    ["2000-02-29T12:00:00Z", "2000-02-29T12:00:00.000Z"],
    ["0099-06-01T00:00:00Z", "0099-06-01T00:00:00.000Z"],
  ])("reads %s as %s", (text, written) => {
    expect(read(text)).toBe(written)
  })

  it.each([
    ["no offset", "2016-10-10T16:13:27"],
    ["date only", "2016-10-10"],
    ["not a timestamp", "yesterday"],
    ["February 30", "2023-02-30T00:00:00Z"],
    ["February 29 of a common year", "2023-02-29T00:00:00Z"],
    ["February 29 of 1900", "1900-02-29T00:00:00Z"],
    ["April 31", "2023-04-31T00:00:00Z"],
    ["month 13", "2023-13-01T00:00:00Z"],
    ["day 0", "2023-01-00T00:00:00Z"],
    ["hour 24", "2023-01-01T24:00:00Z"],
    ["minute 60", "2023-01-01T23:60:00Z"],
    ["second 60", "2023-01-01T23:59:60Z"],
    ["offset of 24 hours", "2023-01-01T00:00:00+24:00"],
    ["offset minutes 60", "2023-01-01T00:00:00+01:60"],
    ["two-digit year", "23-01-01T00:00:00Z"],
  ])("refuses %s", (_, text) => {
    expect(Option.isNone(parse(text))).toBe(true)
  })

  it("decodes to an instant and encodes with milliseconds and Z", () => {
    const instant = Schema.decodeUnknownSync(Timestamp)("2016-10-10T16:13:27.142+13:00")
    expect(DateTime.toEpochMillis(instant)).toBe(Date.UTC(2016, 9, 10, 3, 13, 27, 142))
    expect(Schema.encodeSync(Timestamp)(instant)).toBe("2016-10-10T03:13:27.142Z")
  })

  it.each([
    [
      "text without offset",
      "2016-10-10T16:13:27",
      "must be an ISO 8601 timestamp with a time zone offset or Z",
    ],
    ["a number", 1476069207142, "must be a string"],
  ])("explains a bad timestamp (%s) at its path", (_, value, message) => {
    const result = decodeInput(Schema.Struct({ due_at: Timestamp }), { due_at: value }, "task")
    expect(Result.getFailure(result).pipe(Option.map((error) => error.errors))).toEqual(
      Option.some({ "task.due_at": [message] }),
    )
  })
})
