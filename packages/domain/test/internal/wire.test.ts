import { describe, expect, it } from "@effect/vitest"
import { Email, Id, Name, oneOf, Uuid } from "../../src/internal/wire.ts"
import { errors } from "./decode.ts"

describe("wire", () => {
  it.each([
    ["Id", Id, 1, undefined],
    ["Id", Id, 0, ["must be a positive integer"]],
    ["Id", Id, 2.5, ["must be an integer"]],
    ["Id", Id, "3", ["must be a number"]],
    ["Name", Name, "Cleaner streams", undefined],
    ["Name", Name, " \t", ["must not be blank"]],
    ["Name", Name, "", ["must not be blank"]],
    ["Uuid", Uuid, "3ffeef7c-0f73-4e82-b39e-5a55cce0daef", undefined],
    ["Uuid", Uuid, "3ffeef7c-0f73-4e82-b39e", ["must be a UUID"]],
    ["Email", Email, "ana@example.com", undefined],
    ["Email", Email, "ana example.com", ["must be an e-mail address"]],
    ["Email", Email, "ana@", ["must be an e-mail address"]],
    ["oneOf", oneOf(["asc", "desc"]), "desc", undefined],
    ["oneOf", oneOf(["asc", "desc"]), "up", ["must be one of asc, desc"]],
  ] as const)("%s reads %j", (_, schema, value, messages) => {
    expect(errors(schema, value, "x")).toEqual(messages === undefined ? undefined : { x: messages })
  })
})
