import { describe, expect, it } from "@effect/vitest"
import { Redacted } from "effect"
import { EmailVerification, SignUp } from "../src/SignUp.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("SignUp", () => {
  const body = {
    email: "ana@example.com",
    first_name: "Ana",
    last_name: "Lee",
    password: "kiwi fern harbour tide",
  }

  it("takes the new account and never an admin flag", () => {
    const signUp = decoded(SignUp, { ...body, admin: true }, "user")
    expect({ ...signUp, password: Redacted.value(signUp.password) }).toEqual(body)
  })

  it("names each field at fault", () => {
    expect(errors(SignUp, { email: "ana", first_name: "", password: "short" }, "user")).toEqual({
      "user.email": ["must be an e-mail address"],
      "user.first_name": ["must not be blank"],
      "user.last_name": ["is required"],
      "user.password": ["must be at least 10 characters"],
    })
  })
})

describe("EmailVerification", () => {
  it("takes the token of the e-mail", () => {
    expect(Redacted.value(decoded(EmailVerification, { token: "frv_abc" }).token)).toBe("frv_abc")
    expect(errors(EmailVerification, {})).toEqual({ token: ["is required"] })
  })
})
