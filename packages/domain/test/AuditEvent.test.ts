import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result } from "effect"
import { AuditEvent, AuditEventParameters, parseQuery } from "../src/AuditEvent.ts"
import type { Query } from "../src/QueryValue.ts"
import { errors } from "./internal/decode.ts"

const read = (query: Query) => {
  const result = parseQuery(query)
  if (Result.isFailure(result)) throw new Error(`expected to read, got ${result.failure.message}`)
  return result.success
}

const refusal = (query: Query) => {
  const result = parseQuery(query)
  return Result.isFailure(result) ? result.failure.errors : undefined
}

describe("AuditEvent.parseQuery", () => {
  it("reads no filter as none", () => {
    expect(read({})).toEqual({
      actorId: undefined,
      teamId: undefined,
      kinds: undefined,
      since: undefined,
      until: undefined,
    })
  })

  it("reads every filter, kinds in any list form and times with their offsets", () => {
    const query = read({
      actor_id: "2",
      team_id: "4",
      kind: ["channel.deleted", "team.deleted"],
      since: "2026-01-01T13:00:00+13:00",
      until: "2026-02-01T00:00:00Z",
    })
    expect(query.actorId).toBe(2)
    expect(query.teamId).toBe(4)
    expect(query.kinds).toEqual(["channel.deleted", "team.deleted"])
    expect(query.since && DateTime.formatIso(query.since)).toBe("2026-01-01T00:00:00.000Z")
    expect(query.until && DateTime.formatIso(query.until)).toBe("2026-02-01T00:00:00.000Z")
    expect(read({ kind: "login.failed,login.succeeded" }).kinds).toEqual(["login.failed", "login.succeeded"])
    expect(read({ kind: "login.failed" }).kinds).toEqual(["login.failed"])
    expect(read({ kind: "", team_id: "" })).toEqual(read({}))
  })

  it.each<[string, Query, string]>([
    ["an actor that is no id", { actor_id: "me" }, "actor_id"],
    ["a team id of zero", { team_id: "0" }, "team_id"],
    ["an unknown kind", { kind: "channel.deleted,channel.renamed" }, "kind"],
    ["a time without a zone", { since: "2026-01-01T00:00:00" }, "since"],
    ["a date for a time", { until: "yesterday" }, "until"],
    [
      "a range that ends before it starts",
      { since: "2026-02-01T00:00:00Z", until: "2026-01-01T00:00:00Z" },
      "until",
    ],
    ["a team given twice", { team_id: ["4", "5"] }, "team_id"],
  ])("refuses %s, naming the parameter", (_, query, parameter) => {
    expect(Object.keys(refusal(query) ?? {})).toEqual([parameter])
  })
})

describe("AuditEvent schemas", () => {
  it("describe an event and the list's parameters", () => {
    expect(
      errors(AuditEvent, {
        id: 5,
        occurred_at: "2026-01-01T00:00:00.000Z",
        kind: "channel.deleted",
        actor_id: null,
        branded_app_id: 1,
        team_id: null,
        target_type: "channel",
        target_id: "31",
        outcome: "success",
        client_address: "203.0.113.9",
        request_id: null,
        detail: { name: "Roads", reports: 3, archived: false, note: null },
      }),
    ).toBeUndefined()
    expect(errors(AuditEventParameters, { kind: ["team.renamed"] })).toEqual({
      "kind.0": [expect.stringContaining("must be one of")],
    })
  })
})
