import { describe, expect, it } from "@effect/vitest"
import { BrandedApp, BrandedAppCreate } from "../src/BrandedApp.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("BrandedApp", () => {
  it("reads an app", () => {
    const app = { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport" }
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
