import { describe, expect, it } from "@effect/vitest"
import { BrandedApp, BrandedAppCreate, BrandedAppUpdate } from "../src/BrandedApp.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("BrandedApp", () => {
  it("reads an app", () => {
    const app = { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport", self_sign_up: false }
    expect(decoded(BrandedApp, app)).toEqual(app)
  })
})

describe("BrandedAppCreate", () => {
  it.each([
    ["com.example.fieldapp"],
    ["com.thundermaps.saferme"],
    ["nz.co.example.field-app"],
    ["io.app_1.x"],
  ])("takes the bundle id %s", (bundle_id) => {
    expect(decoded(BrandedAppCreate, { bundle_id, name: "Field app" }, "branded_app")).toEqual({
      bundle_id,
      name: "Field app",
      self_sign_up: false,
    })
  })

  it("turns sign-up on when asked", () => {
    const body = { bundle_id: "com.example.open", name: "Open", self_sign_up: true }
    expect(decoded(BrandedAppCreate, body, "branded_app")).toEqual(body)
    expect(errors(BrandedAppCreate, { ...body, self_sign_up: "yes" }, "branded_app")).toEqual({
      "branded_app.self_sign_up": ["must be a boolean"],
    })
  })

  it.each([
    ["fieldapp"],
    ["com..example"],
    [".com.example"],
    ["com.example."],
    ["com.exa mple"],
    ["1com.example"],
  ])("refuses the bundle id %s", (bundle_id) => {
    expect(errors(BrandedAppCreate, { bundle_id, name: "Field app" }, "branded_app")).toEqual({
      "branded_app.bundle_id": ["must be a bundle id such as com.example.fieldapp"],
    })
  })

  it("refuses a blank name", () => {
    expect(errors(BrandedAppCreate, { bundle_id: "com.example.app", name: "" }, "branded_app")).toEqual({
      "branded_app.name": ["must not be blank"],
    })
  })
})

describe("BrandedAppUpdate", () => {
  it("changes the name, sign-up, or both, and never the bundle id", () => {
    expect(
      decoded(BrandedAppUpdate, { self_sign_up: true, bundle_id: "com.example.other" }, "branded_app"),
    ).toEqual({
      self_sign_up: true,
    })
    expect(decoded(BrandedAppUpdate, { name: "Tide watch" }, "branded_app")).toEqual({ name: "Tide watch" })
    expect(errors(BrandedAppUpdate, { name: " " }, "branded_app")).toEqual({
      "branded_app.name": ["must not be blank"],
    })
  })
})
