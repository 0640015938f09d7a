import { describe, expect, it } from "@effect/vitest"
import { Schema } from "effect"
import { FieldData } from "../src/FormField.ts"
import * as JsonValue from "../src/JsonValue.ts"
import { ShapeCreate, ShapeMetadata } from "../src/Shape.ts"
import { decoded, errors } from "./internal/decode.ts"

/** `levels` objects nested in one another, read from JSON text (as a request body would be). */
const nested = (levels: number): unknown => JSON.parse(`${'{"a":'.repeat(levels)}"leaf"${"}".repeat(levels)}`)

describe("nestsDeeperThan", () => {
  it("counts objects and arrays as levels, and nothing else", () => {
    expect(JsonValue.nestsDeeperThan("text", 0)).toBe(false)
    expect(JsonValue.nestsDeeperThan(null, 0)).toBe(false)
    expect(JsonValue.nestsDeeperThan({}, 0)).toBe(true)
    expect(JsonValue.nestsDeeperThan({}, 1)).toBe(false)
    expect(JsonValue.nestsDeeperThan({ a: [1] }, 2)).toBe(false)
    expect(JsonValue.nestsDeeperThan({ a: [[1]] }, 2)).toBe(true)
    expect(JsonValue.nestsDeeperThan([1, { b: 2 }, "x"], 1)).toBe(true)
  })

  it("finds the deepest branch wherever it is", () => {
    const value = { wide: Array.from({ length: 100 }, () => ({ x: 1 })), deep: { a: { b: { c: {} } } } }
    expect(JsonValue.nestsDeeperThan(value, 4)).toBe(true)
    expect(JsonValue.nestsDeeperThan(value, 5)).toBe(false)
  })

  it("measures a million levels without exhausting the stack", () => {
    expect(
      JsonValue.nestsDeeperThan(JSON.parse(`${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}`), 64),
    ).toBe(true)
    expect(JsonValue.nestsDeeperThan(nested(100_000), 100_000)).toBe(false)
  })

  it("stops on a value that refers to itself", () => {
    const loop: { self?: unknown } = {}
    loop.self = loop
    expect(JsonValue.nestsDeeperThan(loop, JsonValue.maxDepth)).toBe(true)
  })
})

describe("isNestedAtMost", () => {
  const Free = Schema.Json.check(JsonValue.isNestedAtMost(3))

  it("takes the limit and refuses one level more", () => {
    expect(Schema.is(Free)(nested(3))).toBe(true)
    expect(errors(Free, nested(4), "value")).toEqual({ value: ["must be nested at most 3 levels deep"] })
  })
})

describe("free-form JSON of the request bodies", () => {
  it("shape metadata nests at most 32 levels, itself the first", () => {
    expect(decoded(ShapeMetadata, nested(JsonValue.maxDepth))).toEqual(nested(JsonValue.maxDepth))
    expect(errors(ShapeCreate, { geom: "POINT (1 1)", metadata: nested(JsonValue.maxDepth + 1) })).toEqual({
      metadata: ["must be nested at most 32 levels deep"],
    })
    expect(
      errors(ShapeCreate, { geom: "POINT (1 1)", metadata: { raw: nested(JsonValue.maxDepth) } }),
    ).toEqual({
      metadata: ["must be nested at most 32 levels deep"],
    })
  })

  it("a form field's data document nests at most 32 levels", () => {
    const text = (levels: number) => JSON.stringify(nested(levels))
    expect(Schema.is(FieldData)(text(JsonValue.maxDepth))).toBe(true)
    expect(errors(FieldData, text(JsonValue.maxDepth + 1), "data")).toEqual({
      data: ["must be nested at most 32 levels deep"],
    })
    expect(errors(FieldData, `${"[".repeat(100_000)}${"]".repeat(100_000)}`, "data")).toEqual({
      data: ["must be nested at most 32 levels deep"],
    })
  })
})
