import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import type { MalformedRequest } from "../src/Invalid.ts"
import * as QueryValue from "../src/QueryValue.ts"

// Each query object is what Express 5's "extended" parser (qs) builds from the query string in
// the case's name.

const errors = <A>(result: Result.Result<A, MalformedRequest>) => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure.errors : {}
}

const twentyFive = Array.from({ length: 25 }, (_, index) => String(index))

describe("QueryValue.list", () => {
  it.each<[string, QueryValue.Query, ReadonlyArray<string>]>([
    ["a=1,2", { a: "1,2" }, ["1", "2"]],
    ["a[]=1&a[]=2", { a: ["1", "2"] }, ["1", "2"]],
    ["a[0]=1&a[1]=2", { a: ["1", "2"] }, ["1", "2"]],
    ["a[30]=2&a[25]=1 (past qs's array limit: numeric keys)", { a: { "30": "2", "25": "1" } }, ["1", "2"]],
    [
      "25 × a[]= (past qs's array limit: numeric keys)",
      { a: Object.fromEntries(twentyFive.entries()) },
      twentyFive,
    ],
    ["a=1&a=2", { a: ["1", "2"] }, ["1", "2"]],
    ["a[]=1,2&a[]=3", { a: ["1,2", "3"] }, ["1", "2", "3"]],
    ["a=[1,2]", { a: "[1,2]" }, ["1", "2"]],
    ["a=1,+2,,3", { a: "1, 2,,3" }, ["1", "2", "3"]],
  ])("reads %s", (_, query, expected) => {
    expect(QueryValue.list(query, "a")).toEqual(Result.succeed(expected))
  })

  it.each<[string, QueryValue.Query]>([
    ["absent", {}],
    ["a=", { a: "" }],
    ["a[]=&a[]=", { a: ["", ""] }],
    ["a=[]", { a: "[]" }],
  ])("reads %s as not given", (_, query) => {
    expect(QueryValue.list(query, "a")).toEqual(Result.succeed(undefined))
  })

  it.each<[string, QueryValue.Query]>([
    ["a[x]=1", { a: { x: "1" } }],
    ["a[0]=1&a[x]=2", { a: { "0": "1", x: "2" } }],
    ["a[0][b]=1", { a: [{ b: "1" }] }],
  ])("rejects %s, naming the parameter", (_, query) => {
    expect(errors(QueryValue.list(query, "a"))).toEqual({
      a: ["must be a list: a=1,2, a[]=1&a[]=2 or a[0]=1&a[1]=2"],
    })
  })

  it("reads nested parameters by their bracketed name", () => {
    expect(QueryValue.list({ filter: { id: { id_array: "4,5" } } }, "filter[id][id_array]")).toEqual(
      Result.succeed(["4", "5"]),
    )
  })
})

describe("QueryValue.integerList", () => {
  it("reads integers in any list form", () => {
    expect(QueryValue.integerList({ user_ids: ["4", "7"] }, "user_ids")).toEqual(Result.succeed([4, 7]))
    expect(QueryValue.integerList({ user_ids: "[4,7]" }, "user_ids")).toEqual(Result.succeed([4, 7]))
  })

  it("names the parameter and the item that is not an integer", () => {
    expect(errors(QueryValue.integerList({ user_ids: "4,x" }, "user_ids"))).toEqual({
      user_ids: ['must be a list of integers; "x" is not one'],
    })
  })
})

describe("QueryValue.boolean", () => {
  it.each([
    ["true", true],
    ["1", true],
    ["false", false],
    ["0", false],
  ])("reads %s", (value, expected) => {
    expect(QueryValue.boolean({ archived: value }, "archived")).toEqual(Result.succeed(expected))
  })

  it.each([["yes"], ["TRUE"], ["2"]])("rejects %s", (value) => {
    expect(errors(QueryValue.boolean({ archived: value }, "archived"))).toEqual({
      archived: ["must be true, false, 1 or 0"],
    })
  })

  it("reads absent and empty as not given", () => {
    expect(QueryValue.boolean({}, "archived")).toEqual(Result.succeed(undefined))
    expect(QueryValue.boolean({ archived: "" }, "archived")).toEqual(Result.succeed(undefined))
  })

  it("rejects a value given twice (archived=1&archived=0)", () => {
    expect(errors(QueryValue.boolean({ archived: ["1", "0"] }, "archived"))).toEqual({
      archived: ["must be given once, as a single value"],
    })
  })
})

describe("QueryValue.integer", () => {
  it.each([
    ["42", 42],
    ["-3", -3],
    ["007", 7],
  ])("reads %s", (value, expected) => {
    expect(QueryValue.integer({ report_id: value }, "report_id")).toEqual(Result.succeed(expected))
  })

  it.each([["4.2"], ["1e3"], ["x"], ["12abc"], ["99999999999999999999"]])("rejects %s", (value) => {
    expect(errors(QueryValue.integer({ report_id: value }, "report_id"))).toEqual({
      report_id: ["must be an integer"],
    })
  })
})

describe("QueryValue.number", () => {
  it.each([
    ["-41.3", -41.3],
    ["0.05", 0.05],
    [".5", 0.5],
    ["1e-3", 0.001],
    ["174", 174],
  ])("reads %s", (value, expected) => {
    expect(QueryValue.number({ scale: value }, "scale")).toEqual(Result.succeed(expected))
  })

  it.each([["0x10"], ["abc"], ["1e999"], ["1,5"], ["Infinity"], [" 1"]])("rejects %j", (value) => {
    expect(errors(QueryValue.number({ scale: value }, "scale"))).toEqual({ scale: ["must be a number"] })
  })
})

describe("QueryValue.oneOf", () => {
  const appearances = ["normal", "loud"] as const

  it("reads an allowed word and rejects others, listing the allowed ones", () => {
    expect(QueryValue.oneOf({ appearance: "loud" }, "appearance", appearances)).toEqual(
      Result.succeed("loud"),
    )
    expect(errors(QueryValue.oneOf({ appearance: "quiet" }, "appearance", appearances))).toEqual({
      appearance: ["must be one of normal, loud"],
    })
  })
})

describe("QueryValue.timestamp", () => {
  const read = (value: string) =>
    Result.map(QueryValue.timestamp({ t: value }, "t"), (instant) =>
      instant === undefined ? undefined : DateTime.formatIso(instant),
    )

  it.each([
    ["t=2024-05-01T09:30:00Z", "2024-05-01T09:30:00Z", "2024-05-01T09:30:00.000Z"],
    ["t=2018-12-31T23:45:45%2B13:00", "2018-12-31T23:45:45+13:00", "2018-12-31T10:45:45.000Z"],
    ["t=2018-12-31T23:45:45-05:00", "2018-12-31T23:45:45-05:00", "2019-01-01T04:45:45.000Z"],
    ["t=2016-10-10T16:13:27.142%2B13:00", "2016-10-10T16:13:27.142+13:00", "2016-10-10T03:13:27.142Z"],
    // An unencoded `+` arrives as a space.
    ["t=2018-12-31T23:45:45+13:00", "2018-12-31T23:45:45 13:00", "2018-12-31T10:45:45.000Z"],
    ["t=2023-01-14+13:32:00++1300", "2023-01-14 13:32:00  1300", "2023-01-14T00:32:00.000Z"],
  ])("reads %s", (_, value, expected) => {
    expect(read(value)).toEqual(Result.succeed(expected))
  })

  it.each([
    ["no time zone", "2024-05-01T09:30:00"],
    ["a date only", "2024-05-01"],
    ["a day that does not exist", "2023-02-29T00:00:00Z"],
    ["a space-separated time without a zone", "2023-01-14 13:32"],
    ["words", "yesterday"],
  ])("rejects %s, naming the parameter", (_, value) => {
    expect(errors(QueryValue.timestamp({ t: value }, "t"))).toEqual({
      t: ["must be an ISO 8601 timestamp with a time zone, like 2024-05-01T09:30:00Z"],
    })
  })
})

describe("QueryValue.group", () => {
  const keys = ["updated_at", "id"]

  it("reads a group whose keys are all allowed", () => {
    expect(QueryValue.group({ order: { id: "asc" } }, "order", keys)).toEqual(Result.succeed({ id: "asc" }))
    expect(QueryValue.group({}, "order", keys)).toEqual(Result.succeed(undefined))
  })

  it("names an unknown key in full, listing the allowed ones", () => {
    expect(errors(QueryValue.group({ order: { foo: "asc" } }, "order", keys))).toEqual({
      "order[foo]": ["is not a known parameter; allowed: order[updated_at], order[id]"],
    })
  })

  it("rejects a plain value where a group belongs", () => {
    expect(errors(QueryValue.group({ order: "id" }, "order", keys))).toEqual({
      order: ["must be given as order[…] parameters"],
    })
    expect(errors(QueryValue.string({ filter: "x" }, "filter[tile_id]"))).toEqual({
      filter: ["must be given as filter[…] parameters"],
    })
  })
})

describe("QueryValue.string", () => {
  it("reads a value as sent and rejects one given twice", () => {
    expect(QueryValue.string({ filter: { tile_id: "ZmZm" } }, "filter[tile_id]")).toEqual(
      Result.succeed("ZmZm"),
    )
    expect(errors(QueryValue.string({ q: ["a", "b"] }, "q"))).toEqual({
      q: ["must be given once, as a single value"],
    })
  })

  it("never reads inherited members as parameters", () => {
    expect(QueryValue.string({}, "constructor")).toEqual(Result.succeed(undefined))
    expect(QueryValue.string({ a: {} }, "a[toString]")).toEqual(Result.succeed(undefined))
    expect(QueryValue.string({ constructor: "x" }, "constructor")).toEqual(Result.succeed("x"))
  })
})

describe("QueryValue.checkNames", () => {
  const groups = ["filter", "exclude", "order"]

  it.each([
    "",
    "a=1,2",
    "a[]=1&a[]=2",
    "a[0]=1&a[1]=2",
    "a=1&a=2",
    "fields=&_=1700000000",
    "filter[tile][latitude]=-41.3&filter[tile][scale]=0.05",
    "filter[id][id_array][]=1&exclude[id][id_array][0]=2&order[updated_at]=desc",
    "filter%5Bchannels%5D=1",
    "flag",
    "a=1&&b=2",
    "q=a%ZZb",
  ])("takes %s", (search) => {
    expect(Result.isSuccess(QueryValue.checkNames(search, groups))).toBe(true)
  })

  it.each([
    ["user_ids[][]=1", "user_ids[][]", "may end in [] but not hold it inside"],
    ["user_ids[][0]=1", "user_ids[][0]", "may end in [] but not hold it inside"],
    ["filter[a][b][c][d]=1", "filter[a][b][c][d]", "at most 3 bracketed parts"],
    ["filter%5Ba%5D%5Bb%5D%5Bc%5D%5Bd%5D=1", "filter[a][b][c][d]", "at most 3 bracketed parts"],
    ["user_ids[a]=1", "user_ids[a]", "takes no named parts"],
    ["page[size]=10", "page[size]", "takes no named parts"],
    ["a[b=1", "a[b", "not a well-formed parameter name"],
    ["a]=1", "a]", "not a well-formed parameter name"],
    ["a[b]c=1", "a[b]c", "not a well-formed parameter name"],
    ["[a]=1", "[a]", "not a well-formed parameter name"],
  ])("refuses %s, naming %s", (search, name, message) => {
    const found = errors(QueryValue.checkNames(`ok=1&${search}`, groups))
    expect(Object.keys(found)).toEqual([name])
    expect(found[name]?.[0]).toContain(message)
  })

  it("refuses more parameters than qs reads, naming the query", () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => `p${index}=1`).join("&")
    expect(Result.isSuccess(QueryValue.checkNames(many(QueryValue.maxParameters), groups))).toBe(true)
    expect(errors(QueryValue.checkNames(many(QueryValue.maxParameters + 1), groups))).toEqual({
      query: ["must hold at most 1000 parameters"],
    })
  })
})
