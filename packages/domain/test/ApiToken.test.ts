import { describe, expect, it } from "@effect/vitest"
import { ApiToken, ApiTokenCreate, CreatedApiToken } from "../src/ApiToken.ts"
import { decoded, errors } from "./internal/decode.ts"

const listed = { id: 3, name: "Gauge importer", scope: "read", created_at: "2024-01-01T00:00:00Z" }

describe("ApiToken", () => {
  it("lists a token without its secret, and shows it once on creation", () => {
    expect(errors(ApiToken, listed)).toBeUndefined()
    expect(Object.keys(decoded(ApiToken, { ...listed, token: "frt_secret" }))).not.toContain("token")
    expect(decoded(CreatedApiToken, { ...listed, token: "frt_secret" }).token).toBe("frt_secret")
    expect(errors(CreatedApiToken, listed)).toEqual({ token: ["is required"] })
    expect(errors(ApiToken, { ...listed, scope: "admin" })).toEqual({ scope: ["must be one of read, write"] })
  })
})

describe("ApiTokenCreate", () => {
  it.each([
    ["a name", { name: "Gauge importer" }, undefined],
    ["no name", {}, { "api_token.name": ["is required"] }],
    ["a blank name", { name: "  " }, { "api_token.name": ["must not be blank"] }],
    [
      "an unknown scope",
      { name: "Gauge importer", scope: "admin" },
      { "api_token.scope": ["must be one of read, write"] },
    ],
  ])("reads %s", (_, body, expected) => {
    expect(errors(ApiTokenCreate, body, "api_token")).toEqual(expected)
  })

  it("makes a write token unless asked for a read one", () => {
    expect(decoded(ApiTokenCreate, { name: "Importer" }, "api_token").scope).toBe("write")
    expect(decoded(ApiTokenCreate, { name: "Dashboard", scope: "read" }, "api_token").scope).toBe("read")
  })
})
