import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import { decodeInput, InvalidInput, MalformedRequest } from "../src/Invalid.ts"

const Location = Schema.Struct({
  latitude: Schema.Number.check(
    Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "must be between -90 and 90" }),
  ),
  longitude: Schema.Number,
})
const Body = Schema.Struct({ title: Schema.String, location: Location })

describe("Invalid", () => {
  it("names the field path of every failure, under the root", () => {
    const result = decodeInput(Body, { location: { latitude: 91, longitude: "x" } }, "report")
    expect(Result.isFailure(result)).toBe(true)
    if (Result.isSuccess(result)) return
    expect(result.failure.errors).toEqual({
      "report.title": ["is required"],
      "report.location.latitude": ["must be between -90 and 90"],
      "report.location.longitude": ["must be a number"],
    })
    expect(result.failure.message).toContain("report.location.latitude: must be between -90 and 90")
  })

  it("decodes valid input and ignores unknown keys", () => {
    const result = decodeInput(Body, { title: "t", location: { latitude: 1, longitude: 2 }, extra: 1 })
    expect(result).toEqual(Result.succeed({ title: "t", location: { latitude: 1, longitude: 2 } }))
  })

  it("builds single-field errors and readable messages", () => {
    expect(InvalidInput.at("task.uuid", "must be a UUID").errors).toEqual({ "task.uuid": ["must be a UUID"] })
    const malformed = MalformedRequest.at("Range", "must look like objects=0-59")
    expect(malformed).toBeInstanceOf(MalformedRequest)
    expect(malformed.errors).toEqual({ Range: ["must look like objects=0-59"] })
    expect(malformed.message).toBe("Range: must look like objects=0-59")
  })
})
