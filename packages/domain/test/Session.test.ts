import { describe, expect, it } from "@effect/vitest"
import { Redacted } from "effect"
import {
  CurrentSession,
  Session,
  SessionCreate,
  SessionRotation,
  SessionWithoutTokens,
} from "../src/Session.ts"
import { decoded, errors } from "./internal/decode.ts"

const login = { app_bundle_id: "com.fieldreport.app", email: "ana@example.com", password: "correct horse" }

describe("SessionCreate", () => {
  it("takes the app, the e-mail and the password, kept redacted", () => {
    const session = decoded(SessionCreate, login, "session")
    expect(session.email).toBe("ana@example.com")
    expect(Redacted.value(session.password)).toBe("correct horse")
    expect(String(session.password)).not.toContain("correct horse")
  })

  it.each([
    ["no app", { app_bundle_id: undefined }, { "session.app_bundle_id": ["is required"] }],
    [
      "an app that is not a bundle id",
      { app_bundle_id: "fieldreport" },
      {
        "session.app_bundle_id": ["must be a bundle id such as com.example.fieldapp"],
      },
    ],
    ["a blank e-mail", { email: "" }, { "session.email": ["must not be blank"] }],
    ["an empty password", { password: "" }, { "session.password": ["must not be empty"] }],
    ["a password that is not text", { password: 1234 }, { "session.password": ["must be a string"] }],
  ])("refuses %s", (_, change, expected) => {
    expect(errors(SessionCreate, JSON.parse(JSON.stringify({ ...login, ...change })), "session")).toEqual(
      expected,
    )
  })
})

describe("SessionRotation", () => {
  it("takes both tokens", () => {
    const rotation = decoded(SessionRotation, { access_token: "fra_1", refresh_token: "frr_1" }, "session")
    expect([Redacted.value(rotation.access_token), Redacted.value(rotation.refresh_token)]).toEqual([
      "fra_1",
      "frr_1",
    ])
  })

  it("refuses a missing refresh token", () => {
    expect(errors(SessionRotation, { access_token: "fra_1" }, "session")).toEqual({
      "session.refresh_token": ["is required"],
    })
  })
})

describe("Session", () => {
  const current = {
    token_expire_at: "2023-06-02T16:15:24.824+12:00",
    app_bundle_id: "com.fieldreport.app",
    branded_app_id: 24,
    client_uuid: "eeeeeeee-dddd-4ccc-bbbb-aaaaaaaaaaaa",
    profile: { user_id: 14, preferred_team_id: null },
  }

  it("reads a session with and without its tokens", () => {
    expect(errors(Session, { ...current, access_token: "fra_1", refresh_token: "frr_1" })).toBeUndefined()
    expect(errors(SessionWithoutTokens, current)).toBeUndefined()
    expect(errors(Session, current)).toEqual({
      access_token: ["is required"],
      refresh_token: ["is required"],
    })
  })

  it("reads the current session of an API token: no expiry, no client uuid", () => {
    expect(errors(CurrentSession, current)).toBeUndefined()
    expect(errors(CurrentSession, { ...current, token_expire_at: null, client_uuid: "" })).toBeUndefined()
    expect(errors(SessionWithoutTokens, { ...current, token_expire_at: null })).toBeDefined()
  })

  it("reads a preferred team", () => {
    expect(
      errors(SessionWithoutTokens, { ...current, profile: { user_id: 14, preferred_team_id: 3 } }),
    ).toBeUndefined()
  })
})
