import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import fc from "fast-check"
import {
  bucketStart,
  bucketStarts,
  chooseWidth,
  dayOfWeek,
  hourOfDay,
  offsetIntervals,
  parseQuery,
  type RangeWidth,
  rangeWidths,
} from "../src/AnalyticsBucket.ts"
import { MalformedRequest } from "../src/Invalid.ts"

const at = (iso: string) => DateTime.makeUnsafe(iso)
const iso = (instant: DateTime.DateTime) => DateTime.formatIso(instant)
const zone = (name: string) => DateTime.zoneMakeNamedUnsafe(name)

const query = { channel_id: "7", start_date: "2024-03-01T00:00:00Z", end_date: "2024-04-01T00:00:00Z" }

const parsed = (params: Record<string, unknown>) => {
  const result = parseQuery(params)
  if (Result.isFailure(result)) throw new Error(`expected success, got ${result.failure.message}`)
  return result.success
}

const failure = (params: Record<string, unknown>) => {
  const result = parseQuery(params)
  if (Result.isSuccess(result)) throw new Error("expected a failure")
  expect(result.failure).toBeInstanceOf(MalformedRequest)
  return result.failure.errors
}

const timestampMessage = "must be an ISO 8601 timestamp with a time zone, like 2024-05-01T09:30:00Z"

describe("AnalyticsBucket.parseQuery", () => {
  it("reads the parameters, defaulting the zone to UTC and choosing the width", () => {
    const q = parsed(query)
    expect(q.channelId).toBe(7)
    expect(iso(q.start)).toBe("2024-03-01T00:00:00.000Z")
    expect(iso(q.end)).toBe("2024-04-01T00:00:00.000Z")
    expect(DateTime.zoneToString(q.timeZone)).toBe("UTC")
    expect(q.width).toBe("day")
  })

  it.each(rangeWidths)("keeps the width given: %s", (width) => {
    expect(parsed({ ...query, datetime_range_width: width }).width).toBe(width)
  })

  it("chooses the width in the zone given", () => {
    const twoAucklandDays = { ...query, start_date: "2024-04-06T11:00:00Z", end_date: "2024-04-08T12:00:00Z" }
    expect(parsed(twoAucklandDays).width).toBe("day")
    expect(parsed({ ...twoAucklandDays, time_zone: "Pacific/Auckland" }).width).toBe("hour")
  })

  it.each([
    ["2024-03-01T13:00:00+13:00", "2024-03-01T00:00:00.000Z"],
    ["2024-02-29T19:00:00.123456-05:00", "2024-03-01T00:00:00.123Z"],
    // An unencoded `+` arrives as a space.
    ["2024-03-01T13:00:00 13:00", "2024-03-01T00:00:00.000Z"],
  ])("reads the timestamp %s as %s", (text, instant) => {
    expect(iso(parsed({ ...query, start_date: text }).start)).toBe(instant)
  })

  it.each([
    ["pacific/auckland", "Pacific/Auckland"],
    ["US/Eastern", "America/New_York"],
    ["Etc/GMT+5", "Etc/GMT+5"],
    ["", "UTC"],
  ])("accepts the zone %s as %s", (text, name) => {
    expect(DateTime.zoneToString(parsed({ ...query, time_zone: text }).timeZone)).toBe(name)
  })

  it.each<[string, Record<string, unknown>, Record<string, ReadonlyArray<string>>]>([
    ["no channel", { ...query, channel_id: undefined }, { channel_id: ["is required"] }],
    ["an empty channel", { ...query, channel_id: "" }, { channel_id: ["is required"] }],
    [
      "a channel that is not an integer",
      { ...query, channel_id: "7.5" },
      { channel_id: ["must be an integer"] },
    ],
    [
      "a repeated channel",
      { ...query, channel_id: ["7", "8"] },
      { channel_id: ["must be given once, as a single value"] },
    ],
    ["no start", { ...query, start_date: undefined }, { start_date: ["is required"] }],
    ["no end", { ...query, end_date: "" }, { end_date: ["is required"] }],
    [
      "a start that is not a timestamp",
      { ...query, start_date: "March 1, 2024" },
      { start_date: [timestampMessage] },
    ],
    [
      "a start without a zone",
      { ...query, start_date: "2024-03-01T00:00:00" },
      { start_date: [timestampMessage] },
    ],
    [
      "an end on a day that does not exist",
      { ...query, end_date: "2024-02-30T00:00:00Z" },
      { end_date: [timestampMessage] },
    ],
    [
      "an end before the start",
      { ...query, end_date: "2024-02-01T00:00:00Z" },
      { end_date: ["must be after start_date"] },
    ],
    [
      "an end at the start",
      { ...query, end_date: query.start_date },
      { end_date: ["must be after start_date"] },
    ],
    [
      "a range over 5 years",
      { ...query, end_date: "2029-03-01T00:00:00.001Z" },
      { end_date: ["must be at most 5 years after start_date"] },
    ],
    [
      "a range over 5 years of the zone's calendar",
      {
        ...query,
        time_zone: "Pacific/Auckland",
        start_date: "2024-03-01T00:00:00+13:00",
        end_date: "2029-03-01T00:00:00.001+13:00",
      },
      { end_date: ["must be at most 5 years after start_date"] },
    ],
    [
      "an unknown zone",
      { ...query, time_zone: "Mars/Olympus_Mons" },
      { time_zone: ["must be an IANA time zone, such as Pacific/Auckland"] },
    ],
    [
      "a repeated zone",
      { ...query, time_zone: ["UTC", "UTC"] },
      { time_zone: ["must be given once, as a single value"] },
    ],
    [
      "an unknown width",
      { ...query, datetime_range_width: "fortnight" },
      { datetime_range_width: ["must be one of hour, day, week, month, year"] },
    ],
    [
      "several mistakes at once",
      { channel_id: "x", start_date: "soon", time_zone: "Nowhere" },
      {
        channel_id: ["must be an integer"],
        start_date: [timestampMessage],
        end_date: ["is required"],
        time_zone: ["must be an IANA time zone, such as Pacific/Auckland"],
      },
    ],
  ])("rejects %s", (_, params, errors) => {
    expect(failure(params)).toEqual(errors)
  })

  it("allows exactly 5 years", () => {
    expect(parsed({ ...query, end_date: "2029-03-01T00:00:00Z" }).width).toBe("month")
    const auckland = { time_zone: "Pacific/Auckland", start_date: "2024-03-01T00:00:00+13:00" }
    expect(parsed({ ...query, ...auckland, end_date: "2029-03-01T00:00:00+13:00" }).width).toBe("month")
  })
})

describe("AnalyticsBucket.chooseWidth", () => {
  it.each<[string, string, string, RangeWidth]>([
    ["UTC", "2024-03-01T00:00:00Z", "2024-03-03T00:00:00Z", "hour"],
    ["UTC", "2024-03-01T00:00:00Z", "2024-03-03T00:00:00.001Z", "day"],
    ["UTC", "2024-03-01T00:00:00Z", "2024-04-30T00:00:00Z", "day"],
    ["UTC", "2024-03-01T00:00:00Z", "2024-04-30T00:00:00.001Z", "week"],
    ["UTC", "2024-03-01T00:00:00Z", "2025-03-01T00:00:00Z", "week"],
    ["UTC", "2024-03-01T00:00:00Z", "2025-03-01T00:00:00.001Z", "month"],
    // Two local days across the end of daylight saving time are 49 hours.
    ["Pacific/Auckland", "2024-04-06T11:00:00Z", "2024-04-08T12:00:00Z", "hour"],
    ["UTC", "2024-04-06T11:00:00Z", "2024-04-08T12:00:00Z", "day"],
  ])("in %s picks for %s to %s: %s", (timeZone, start, end, width) => {
    expect(chooseWidth({ start: at(start), end: at(end), timeZone: zone(timeZone) })).toBe(width)
  })
})

describe("AnalyticsBucket.bucketStart", () => {
  it.each<[string, RangeWidth, string, string]>([
    ["UTC", "hour", "2024-03-01T10:59:59.999Z", "2024-03-01T10:00:00.000Z"],
    ["UTC", "day", "2024-03-01T23:59:59Z", "2024-03-01T00:00:00.000Z"],
    // ISO weeks start on Monday, across a year boundary too.
    ["UTC", "week", "2021-01-01T12:00:00Z", "2020-12-28T00:00:00.000Z"],
    ["UTC", "week", "2021-01-03T23:59:59Z", "2020-12-28T00:00:00.000Z"],
    ["UTC", "week", "2021-01-04T00:00:00Z", "2021-01-04T00:00:00.000Z"],
    ["UTC", "week", "2025-01-01T00:00:00Z", "2024-12-30T00:00:00.000Z"],
    ["UTC", "month", "2024-02-29T12:00:00Z", "2024-02-01T00:00:00.000Z"],
    ["UTC", "year", "2024-12-31T23:59:59Z", "2024-01-01T00:00:00.000Z"],
    // Local midnight of the week's Monday, even where UTC is still on Sunday.
    ["Pacific/Auckland", "week", "2025-01-01T00:00:00Z", "2024-12-29T11:00:00.000Z"],
    ["America/New_York", "week", "2025-01-01T00:00:00Z", "2024-12-30T05:00:00.000Z"],
    ["Pacific/Auckland", "month", "2024-04-30T11:59:59Z", "2024-03-31T11:00:00.000Z"],
    ["Pacific/Auckland", "month", "2024-04-30T12:00:00Z", "2024-04-30T12:00:00.000Z"],
    ["Pacific/Auckland", "year", "2024-07-01T00:00:00Z", "2023-12-31T11:00:00.000Z"],
    ["America/New_York", "year", "2024-07-01T00:00:00Z", "2024-01-01T05:00:00.000Z"],
    // The day of a transition starts at local midnight in the offset before it.
    ["America/New_York", "day", "2024-11-03T23:00:00Z", "2024-11-03T04:00:00.000Z"],
    ["America/New_York", "day", "2024-03-10T23:00:00Z", "2024-03-10T05:00:00.000Z"],
    ["Pacific/Auckland", "day", "2024-04-07T11:00:00Z", "2024-04-06T11:00:00.000Z"],
    ["Pacific/Auckland", "day", "2024-09-29T10:00:00Z", "2024-09-28T12:00:00.000Z"],
    // The repeated 01:00 of a fall-back night is one bucket, from its first occurrence.
    ["America/New_York", "hour", "2024-11-03T05:30:00Z", "2024-11-03T05:00:00.000Z"],
    ["America/New_York", "hour", "2024-11-03T06:30:00Z", "2024-11-03T05:00:00.000Z"],
    ["America/New_York", "hour", "2024-11-03T07:00:00Z", "2024-11-03T07:00:00.000Z"],
    ["Pacific/Auckland", "hour", "2024-04-06T14:30:00Z", "2024-04-06T13:00:00.000Z"],
    // Half and quarter hour offsets: local hours start off the UTC hour.
    ["Asia/Kolkata", "hour", "2024-03-01T10:00:00Z", "2024-03-01T09:30:00.000Z"],
    ["Asia/Kathmandu", "day", "2024-03-01T10:00:00Z", "2024-02-29T18:15:00.000Z"],
    // Santiago skips midnight: the day starts at 01:00 local, the transition.
    ["America/Santiago", "day", "2024-09-08T12:00:00Z", "2024-09-08T04:00:00.000Z"],
  ])("in %s, the %s of %s starts at %s", (timeZone, width, instant, start) => {
    expect(iso(bucketStart(at(instant), { width, timeZone: zone(timeZone) }))).toBe(start)
  })
})

describe("AnalyticsBucket.bucketStarts", () => {
  const starts = (timeZone: string, width: RangeWidth, start: string, end: string) =>
    bucketStarts({ start: at(start), end: at(end), width, timeZone: zone(timeZone) }).map(iso)

  it.each<[string, string, RangeWidth, string, string, ReadonlyArray<string>]>([
    [
      "a 23-hour day when New York springs forward",
      "America/New_York",
      "day",
      "2024-03-09T05:00:00Z",
      "2024-03-12T04:00:00Z",
      ["2024-03-09T05:00:00.000Z", "2024-03-10T05:00:00.000Z", "2024-03-11T04:00:00.000Z"],
    ],
    [
      "a 25-hour day when New York falls back",
      "America/New_York",
      "day",
      "2024-11-03T04:00:00Z",
      "2024-11-05T05:00:00Z",
      ["2024-11-03T04:00:00.000Z", "2024-11-04T05:00:00.000Z"],
    ],
    [
      "no bucket for the skipped 02:00 in New York",
      "America/New_York",
      "hour",
      "2024-03-10T05:00:00Z",
      "2024-03-10T09:00:00Z",
      [
        "2024-03-10T05:00:00.000Z",
        "2024-03-10T06:00:00.000Z",
        "2024-03-10T07:00:00.000Z",
        "2024-03-10T08:00:00.000Z",
      ],
    ],
    [
      "one two-hour bucket for the repeated 01:00 in New York",
      "America/New_York",
      "hour",
      "2024-11-03T04:00:00Z",
      "2024-11-03T09:00:00Z",
      [
        "2024-11-03T04:00:00.000Z",
        "2024-11-03T05:00:00.000Z",
        "2024-11-03T07:00:00.000Z",
        "2024-11-03T08:00:00.000Z",
      ],
    ],
    [
      "a 25-hour day when Auckland falls back",
      "Pacific/Auckland",
      "day",
      "2024-04-06T11:00:00Z",
      "2024-04-08T12:00:00Z",
      ["2024-04-06T11:00:00.000Z", "2024-04-07T12:00:00.000Z"],
    ],
    [
      "a 23-hour day when Auckland springs forward",
      "Pacific/Auckland",
      "day",
      "2024-09-28T12:00:00Z",
      "2024-09-30T11:00:00Z",
      ["2024-09-28T12:00:00.000Z", "2024-09-29T11:00:00.000Z"],
    ],
    [
      "no bucket for the skipped 02:00 in Auckland",
      "Pacific/Auckland",
      "hour",
      "2024-09-28T12:00:00Z",
      "2024-09-28T16:00:00Z",
      [
        "2024-09-28T12:00:00.000Z",
        "2024-09-28T13:00:00.000Z",
        "2024-09-28T14:00:00.000Z",
        "2024-09-28T15:00:00.000Z",
      ],
    ],
    [
      "ISO weeks across a year boundary, from the bucket of the start",
      "UTC",
      "week",
      "2020-12-31T00:00:00Z",
      "2021-01-12T00:00:00Z",
      ["2020-12-28T00:00:00.000Z", "2021-01-04T00:00:00.000Z", "2021-01-11T00:00:00.000Z"],
    ],
    [
      "months in Auckland across the end of daylight saving time",
      "Pacific/Auckland",
      "month",
      "2024-03-15T00:00:00Z",
      "2024-05-15T00:00:00Z",
      ["2024-02-29T11:00:00.000Z", "2024-03-31T11:00:00.000Z", "2024-04-30T12:00:00.000Z"],
    ],
    [
      "years in New York",
      "America/New_York",
      "year",
      "2023-06-01T00:00:00Z",
      "2025-01-01T05:00:00Z",
      ["2023-01-01T05:00:00.000Z", "2024-01-01T05:00:00.000Z"],
    ],
    ["nothing for an empty range", "UTC", "day", "2024-03-01T00:00:00Z", "2024-03-01T00:00:00Z", []],
  ])("lists %s", (_, timeZone, width, start, end, expected) => {
    expect(starts(timeZone, width, start, end)).toEqual(expected)
  })

  it("lists every day of a year, empty ones too", () => {
    expect(starts("Pacific/Auckland", "day", "2023-12-31T11:00:00Z", "2024-12-31T11:00:00Z")).toHaveLength(
      366,
    )
  })

  it("lists five years of hours", () => {
    // One less than the hours elapsed for each fall-back night, whose repeated hour is one bucket.
    expect(starts("Pacific/Auckland", "hour", "2020-01-01T00:00:00Z", "2025-01-01T00:00:00Z")).toHaveLength(
      366 * 24 * 2 + 365 * 24 * 3 - 5,
    )
  })

  const zones = [
    "UTC",
    "Pacific/Auckland",
    "America/New_York",
    "Asia/Kathmandu",
    "America/Santiago",
    "Australia/Lord_Howe",
  ]
  const instants = fc.integer({ min: Date.UTC(2015, 0, 1), max: Date.UTC(2030, 0, 1) })

  it("puts every instant of the range in the listed bucket that starts last at or before it", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...zones),
        fc.constantFrom(...rangeWidths),
        instants,
        fc.integer({ min: 1, max: 40 * 24 * 3_600_000 }),
        fc.double({ min: 0, max: 1, noNaN: true, maxExcluded: true }),
        (timeZone, width, start, length, position) => {
          const range = { start: DateTime.makeUnsafe(start), end: DateTime.makeUnsafe(start + length) }
          const listed = bucketStarts({ ...range, width, timeZone: zone(timeZone) }).map(
            DateTime.toEpochMillis,
          )
          const instant = start + Math.floor(length * position)
          const own = DateTime.toEpochMillis(
            bucketStart(DateTime.makeUnsafe(instant), { width, timeZone: zone(timeZone) }),
          )
          expect(listed).toContain(own)
          expect(own).toBeLessThanOrEqual(instant)
          expect(listed.filter((listedStart) => listedStart <= instant).at(-1)).toBe(own)
          expect(listed).toEqual([...new Set(listed)].sort((a, b) => a - b))
        },
      ),
      { numRuns: 300 },
    )
  })
})

describe("AnalyticsBucket.hourOfDay and dayOfWeek", () => {
  it.each<[string, string, number, number]>([
    ["UTC", "2024-03-03T00:00:00Z", 0, 0],
    ["UTC", "2024-03-09T23:59:59Z", 23, 6],
    ["Pacific/Auckland", "2024-01-15T23:30:00Z", 12, 2],
    ["Pacific/Auckland", "2024-07-15T23:30:00Z", 11, 2],
    ["America/New_York", "2024-03-03T03:00:00Z", 22, 6],
    // Both 01:00s of the fall-back night are hour 1.
    ["America/New_York", "2024-11-03T05:30:00Z", 1, 0],
    ["America/New_York", "2024-11-03T06:30:00Z", 1, 0],
    ["America/New_York", "2024-03-10T07:00:00Z", 3, 0],
  ])("in %s, %s is hour %i of weekday %i", (timeZone, instant, hour, weekday) => {
    expect(hourOfDay(at(instant), zone(timeZone))).toBe(hour)
    expect(dayOfWeek(at(instant), zone(timeZone))).toBe(weekday)
  })
})

describe("AnalyticsBucket.offsetIntervals", () => {
  const intervals = (timeZone: string, start: string, end: string) =>
    offsetIntervals({ start: at(start), end: at(end), timeZone: zone(timeZone) }).map((interval) => [
      iso(interval.utcStart),
      iso(interval.utcEnd),
      interval.offsetMinutes,
    ])

  it.each<[string, string, string, string, ReadonlyArray<[string, string, number]>]>([
    [
      "New York falling back",
      "America/New_York",
      "2024-11-01T00:00:00Z",
      "2024-11-10T00:00:00Z",
      [
        ["2024-11-01T00:00:00.000Z", "2024-11-03T06:00:00.000Z", -240],
        ["2024-11-03T06:00:00.000Z", "2024-11-10T00:00:00.000Z", -300],
      ],
    ],
    [
      "Auckland through a year",
      "Pacific/Auckland",
      "2024-01-01T00:00:00Z",
      "2025-01-01T00:00:00Z",
      [
        ["2024-01-01T00:00:00.000Z", "2024-04-06T14:00:00.000Z", 780],
        ["2024-04-06T14:00:00.000Z", "2024-09-28T14:00:00.000Z", 720],
        ["2024-09-28T14:00:00.000Z", "2025-01-01T00:00:00.000Z", 780],
      ],
    ],
    [
      "Lord Howe's half-hour daylight saving",
      "Australia/Lord_Howe",
      "2024-04-01T00:00:00Z",
      "2024-05-01T00:00:00Z",
      [
        ["2024-04-01T00:00:00.000Z", "2024-04-06T15:00:00.000Z", 660],
        ["2024-04-06T15:00:00.000Z", "2024-05-01T00:00:00.000Z", 630],
      ],
    ],
    [
      "Kathmandu, which has no daylight saving",
      "Asia/Kathmandu",
      "2020-01-01T00:00:00Z",
      "2025-01-01T00:00:00Z",
      [["2020-01-01T00:00:00.000Z", "2025-01-01T00:00:00.000Z", 345]],
    ],
    ["an empty range", "UTC", "2024-01-01T00:00:00Z", "2024-01-01T00:00:00Z", []],
  ])("splits %s", (_, timeZone, start, end, expected) => {
    expect(intervals(timeZone, start, end)).toEqual(expected)
  })

  it("starts a new interval at a transition on the range's last millisecond", () => {
    expect(intervals("America/New_York", "2024-11-03T00:00:00Z", "2024-11-03T06:00:00.001Z")).toEqual([
      ["2024-11-03T00:00:00.000Z", "2024-11-03T06:00:00.000Z", -240],
      ["2024-11-03T06:00:00.000Z", "2024-11-03T06:00:00.001Z", -300],
    ])
  })
})
