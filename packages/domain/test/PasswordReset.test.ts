import { describe, expect, it } from "@effect/vitest"
import { Redacted } from "effect"
import { PasswordReset, PasswordResetRequest } from "../src/PasswordReset.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("PasswordResetRequest", () => {
  it("takes an e-mail address", () => {
    expect(decoded(PasswordResetRequest, { email: "ana@example.com" })).toEqual({ email: "ana@example.com" })
  })

  it("refuses what is not an e-mail address, or one too long", () => {
    expect(errors(PasswordResetRequest, { email: "ana" })).toEqual({ email: ["must be an e-mail address"] })
    expect(errors(PasswordResetRequest, {})).toEqual({ email: ["is required"] })
    expect(
      Object.keys(errors(PasswordResetRequest, { email: `${"a".repeat(250)}@example.com` }) ?? {}),
    ).toEqual(["email"])
  })
})

describe("PasswordReset", () => {
  it("takes the token and the new password, both kept redacted", () => {
    const reset = decoded(PasswordReset, { token: "frp_abc", password: "kiwi fern harbour tide" })
    expect(Redacted.value(reset.token)).toBe("frp_abc")
    expect(Redacted.value(reset.password)).toBe("kiwi fern harbour tide")
    expect(String(reset.password)).not.toContain("kiwi")
  })

  it("names the token and a password out of bounds", () => {
    expect(errors(PasswordReset, { token: "", password: "short" })).toEqual({
      token: ["must not be empty"],
      password: ["must be at least 10 characters"],
    })
    expect(errors(PasswordReset, { token: "x".repeat(1025), password: "y".repeat(257) })).toEqual({
      token: [expect.stringMatching(/at most 1024/)],
      password: ["must be at most 256 characters"],
    })
  })
})
