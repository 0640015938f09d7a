/**
 * A branded app: a white-label app, known by its bundle id (`com.example.fieldapp`), that has its
 * own teams and shapes. Clients name it in the `X-AppId` header (docs/api.md, Branded app and
 * team).
 */
import { Schema } from "effect"
import { Id, Name } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * A bundle id: dot-separated words, reverse-DNS style.
 *
 * @example
 * ```ts
 * Schema.is(BundleId)("com.example.fieldapp") // true
 * ```
 */
export const BundleId = Schema.String.check(
  Schema.isPattern(/^[A-Za-z][\w-]*(?:\.[\w-]+)+$/, {
    message: "must be a bundle id such as com.example.fieldapp",
  }),
  TextLimits.atMost(TextLimits.code),
)

/**
 * The branded app resource.
 *
 * @example
 * ```ts
 * const app: BrandedApp = { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport" }
 * ```
 */
export const BrandedApp = Schema.Struct({
  id: Id,
  bundle_id: Schema.String,
  name: Schema.String,
})
export type BrandedApp = typeof BrandedApp.Type

/**
 * The body of `POST /api/v4/admin/branded_apps` (under `branded_app`).
 *
 * @example
 * ```ts
 * decodeInput(BrandedAppCreate, { bundle_id: "com.example.fieldapp", name: "Field app" }, "branded_app")
 * ```
 */
export const BrandedAppCreate = Schema.Struct({
  bundle_id: BundleId,
  name: Name,
})
export type BrandedAppCreate = typeof BrandedAppCreate.Type
