import { describe, expect, it } from "@effect/vitest"
import { Redacted } from "effect"
import { AdminUser, AdminUserCreate, AdminUserUpdate, CreatedUser, User, UserUpdate } from "../src/User.ts"
import { decoded, errors } from "./internal/decode.ts"

const me = {
  id: 14,
  email: "ana@example.com",
  first_name: "Ana",
  last_name: "Lee",
  admin: false,
  user_image: null,
  app_version: "2.9.6",
  bluetooth_enabled: true,
  location_enabled: true,
  push_notification_enabled: true,
}

describe("User", () => {
  it.each([
    ["without a picture", me],
    ["with a picture", { ...me, user_image: "https://files.example.com/3/medium.png" }],
  ])("reads the current user %s", (_, value) => {
    expect(decoded(User, value)).toEqual(value)
  })
})

describe("UserUpdate", () => {
  it.each([
    [
      "device state",
      {
        app_version: "2.9.7",
        bluetooth_enabled: false,
        location_enabled: false,
        push_notification_enabled: true,
      },
    ],
    ["a picture", { image_attachment_id: 31 }],
    ["no picture", { image_attachment_id: null }],
    ["names", { first_name: "Ana", last_name: "Lee" }],
  ])("takes %s", (_, body) => {
    expect(decoded(UserUpdate, body, "user")).toEqual(body)
  })

  it("never takes the e-mail or admin rights", () => {
    expect(decoded(UserUpdate, { email: "x@example.com", admin: true, id: 1 }, "user")).toEqual({})
  })

  it("takes a new password and the current one, both redacted", () => {
    const update = decoded(UserUpdate, { password: "correct horse", current_password: "old one" }, "user")
    expect(update.password && Redacted.value(update.password)).toBe("correct horse")
    expect(update.current_password && Redacted.value(update.current_password)).toBe("old one")
    expect(String(update.current_password)).not.toContain("old one")
  })

  it.each([
    [
      "a password of 9 characters",
      { password: "123456789" },
      { "user.password": ["must be at least 10 characters"] },
    ],
    [
      "an empty current password",
      { current_password: "" },
      { "user.current_password": ["must not be empty"] },
    ],
    [
      "a password of 257 characters",
      { password: "x".repeat(257) },
      { "user.password": ["must be at most 256 characters"] },
    ],
    ["a blank first name", { first_name: " " }, { "user.first_name": ["must not be blank"] }],
    [
      "a picture that is not an id",
      { image_attachment_id: "me.png" },
      {
        "user.image_attachment_id": ["must be an attachment id or null"],
      },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(UserUpdate, body, "user")).toEqual(expected)
  })

  it.each([["x".repeat(10)], ["x".repeat(256)]])("takes a password of %s.length characters", (password) => {
    expect(errors(UserUpdate, { password }, "user")).toBeUndefined()
  })
})

describe("AdminUser", () => {
  it("reads a user as administrators see them", () => {
    const user = {
      id: 14,
      email: "ana@example.com",
      first_name: "Ana",
      last_name: "Lee",
      admin: false,
      deactivated: false,
    }
    expect(decoded(AdminUser, user)).toEqual(user)
  })
})

describe("CreatedUser", () => {
  const user = { id: 14, email: "ana@example.com", first_name: "Ana", last_name: "Lee", admin: false }

  it("reads a new user, who is not deactivated and is not said to be", () => {
    expect(decoded(CreatedUser, user)).toEqual(user)
  })

  it("does not need deactivated, and drops it", () => {
    expect(decoded(CreatedUser, { ...user, deactivated: false })).toEqual(user)
  })
})

describe("AdminUserCreate", () => {
  const body = { email: "ana@example.com", first_name: "Ana", last_name: "Lee", password: "correct horse" }

  it("makes a user who is not an administrator unless asked", () => {
    const user = decoded(AdminUserCreate, body, "user")
    expect(user.admin).toBe(false)
    expect(decoded(AdminUserCreate, { ...body, admin: true }, "user").admin).toBe(true)
  })

  it.each(Object.keys(body))("requires %s", (key) => {
    const without = Object.fromEntries(Object.entries(body).filter(([name]) => name !== key))
    expect(errors(AdminUserCreate, without, "user")).toEqual({ [`user.${key}`]: ["is required"] })
  })

  it.each([
    ["an e-mail without @", { email: "ana.example.com" }, { "user.email": ["must be an e-mail address"] }],
    ["a short password", { password: "short" }, { "user.password": ["must be at least 10 characters"] }],
  ])("refuses %s", (_, change, expected) => {
    expect(errors(AdminUserCreate, { ...body, ...change }, "user")).toEqual(expected)
  })
})

describe("AdminUserUpdate", () => {
  it.each([
    ["deactivation", { deactivated: true }],
    ["admin rights", { admin: true }],
    ["names", { first_name: "Ana", last_name: "Li" }],
  ])("takes %s", (_, body) => {
    expect(decoded(AdminUserUpdate, body, "user")).toEqual(body)
  })

  it("never takes the e-mail", () => {
    expect(decoded(AdminUserUpdate, { email: "x@example.com" }, "user")).toEqual({})
  })
})
