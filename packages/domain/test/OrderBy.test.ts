import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import type { MalformedRequest } from "../src/Invalid.ts"
import * as OrderBy from "../src/OrderBy.ts"
import type * as QueryValue from "../src/QueryValue.ts"

const errors = <A>(result: Result.Result<A, MalformedRequest>) => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure.errors : {}
}

const taskFields =
  "allowed: <field> <direction> with field one of client_created_at, completed_at and direction asc or desc"
const teamUserFields =
  "allowed: <field> <direction> with field one of name, email, last_invited_at, last_activity, supervisor, status and direction asc or desc"

describe("OrderBy.parse", () => {
  it.each<[string, OrderBy.Ordering<string>, string, ReadonlyArray<OrderBy.Clause>]>([
    ["one task clause", OrderBy.tasks, "completed_at desc", [{ field: "completed_at", direction: "desc" }]],
    [
      "several task clauses, in order",
      OrderBy.tasks,
      "completed_at desc,client_created_at asc",
      [
        { field: "completed_at", direction: "desc" },
        { field: "client_created_at", direction: "asc" },
      ],
    ],
    [
      "an upper-case direction",
      OrderBy.tasks,
      "completed_at DESC",
      [{ field: "completed_at", direction: "desc" }],
    ],
    ["extra spaces", OrderBy.tasks, " completed_at   asc , ", [{ field: "completed_at", direction: "asc" }]],
    [
      "every notification field",
      OrderBy.notifications,
      "archived_at asc,read desc,report.updated_at desc",
      [
        { field: "archived_at", direction: "asc" },
        { field: "read", direction: "desc" },
        { field: "report.updated_at", direction: "desc" },
      ],
    ],
    [
      "one team user clause",
      OrderBy.teamUsers,
      "last_activity desc",
      [{ field: "last_activity", direction: "desc" }],
    ],
    ["nothing", OrderBy.tasks, "", []],
  ])("reads %s", (_, ordering, orderby, expected) => {
    expect(OrderBy.parse(ordering, orderby)).toEqual(Result.succeed(expected))
  })

  it.each<[string, OrderBy.Ordering<string>, string, string]>([
    ["an unknown field", OrderBy.tasks, "title asc", `unknown field "title"; ${taskFields}`],
    ["a field of another list", OrderBy.tasks, "read asc", `unknown field "read"; ${taskFields}`],
    ["an unknown direction", OrderBy.tasks, "completed_at up", `unknown direction "up"; ${taskFields}`],
    [
      "a missing direction",
      OrderBy.tasks,
      "completed_at",
      `"completed_at" is not <field> <direction>; ${taskFields}`,
    ],
    [
      "extra words",
      OrderBy.tasks,
      "completed_at asc nulls",
      `"completed_at asc nulls" is not <field> <direction>; ${taskFields}`,
    ],
    [
      "a repeated field",
      OrderBy.tasks,
      "completed_at asc,completed_at desc",
      `completed_at is given more than once; ${taskFields}`,
    ],
    [
      "too many clauses",
      OrderBy.tasks,
      "completed_at asc,client_created_at asc,completed_at desc",
      `at most 2 clauses; ${taskFields}`,
    ],
    [
      "two team user clauses",
      OrderBy.teamUsers,
      "name asc,email desc",
      `at most 1 clause; ${teamUserFields}`,
    ],
  ])("rejects %s, naming orderby and the allowed values", (_, ordering, orderby, message) => {
    expect(errors(OrderBy.parse(ordering, orderby))).toEqual({ orderby: [message] })
  })
})

describe("OrderBy.fromQuery", () => {
  it.each<[string, QueryValue.Query, ReadonlyArray<OrderBy.Clause>]>([
    ["orderby=name+asc", { orderby: "name asc" }, [{ field: "name", direction: "asc" }]],
    ["orderby[]=name+asc", { orderby: ["name asc"] }, [{ field: "name", direction: "asc" }]],
    ["orderby=", { orderby: "" }, []],
    ["no orderby", {}, []],
  ])("reads %s", (_, query, expected) => {
    expect(OrderBy.fromQuery(OrderBy.teamUsers, query)).toEqual(Result.succeed(expected))
  })
})

describe("OrderBy.reportSearch", () => {
  it.each<[string, QueryValue.Query, ReadonlyArray<OrderBy.Clause>]>([
    [
      "order[updated_at]=desc",
      { order: { updated_at: "desc" } },
      [{ field: "updated_at", direction: "desc" }],
    ],
    [
      "order[id]=asc&order[updated_at]=desc, in the order given",
      { order: { id: "asc", updated_at: "desc" } },
      [
        { field: "id", direction: "asc" },
        { field: "updated_at", direction: "desc" },
      ],
    ],
    ["order[id]=ASC", { order: { id: "ASC" } }, [{ field: "id", direction: "asc" }]],
    [
      "order[relevance]=desc&order[updated_at]=desc",
      { order: { relevance: "desc", updated_at: "desc" } },
      [
        { field: "relevance", direction: "desc" },
        { field: "updated_at", direction: "desc" },
      ],
    ],
    ["order[id]=", { order: { id: "" } }, []],
    ["no order", {}, []],
  ])("reads %s", (_, query, expected) => {
    expect(OrderBy.reportSearch(query)).toEqual(Result.succeed(expected))
  })

  it.each<[string, QueryValue.Query, Record<string, ReadonlyArray<string>>]>([
    [
      "order[foo]=asc",
      { order: { foo: "asc" } },
      {
        "order[foo]": ["is not a known parameter; allowed: order[updated_at], order[id], order[relevance]"],
      },
    ],
    ["order[id]=up", { order: { id: "up" } }, { "order[id]": ["must be asc or desc"] }],
    [
      "order[id][]=asc",
      { order: { id: ["asc"] } },
      { "order[id]": ["must be given once, as a single value"] },
    ],
    ["order=id", { order: "id" }, { order: ["must be given as order[…] parameters"] }],
  ])("rejects %s, naming the parameter", (_, query, expected) => {
    expect(errors(OrderBy.reportSearch(query))).toEqual(expected)
  })
})
