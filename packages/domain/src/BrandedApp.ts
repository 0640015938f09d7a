/**
 * A branded app: a white-label app, known by its bundle id (`com.example.fieldapp`), that has its
 * own teams and shapes. Clients name it in the `X-AppId` header (docs/api.md, Branded app and
 * team).
 */
import { Effect, Schema } from "effect"
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
 * The branded app resource. `self_sign_up`: whether people may make their own account in the app
 * (`POST /api/v4/users`), which a platform administrator turns on.
 *
 * @example
 * ```ts
 * const app: BrandedApp = { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport", self_sign_up: false }
 * ```
 */
export const BrandedApp = Schema.Struct({
  id: Id,
  bundle_id: Schema.String,
  name: Schema.String,
  self_sign_up: Schema.Boolean,
})
export type BrandedApp = typeof BrandedApp.Type

/**
 * The current branded app as the caller sees it (`GET /api/v4/branded_app`): the app, and whether
 * the caller administers it (a platform administrator, or one of the app's administrators), which
 * decides what an app's UI offers them.
 *
 * @example
 * ```ts
 * const app: CurrentBrandedApp = {
 *   id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport", self_sign_up: false, is_administrator: true,
 * }
 * ```
 */
export const CurrentBrandedApp = Schema.Struct({ ...BrandedApp.fields, is_administrator: Schema.Boolean })
export type CurrentBrandedApp = typeof CurrentBrandedApp.Type

/**
 * The body of `POST /api/v4/admin/branded_apps` (under `branded_app`); `self_sign_up` is off
 * unless given.
 *
 * @example
 * ```ts
 * decodeInput(BrandedAppCreate, { bundle_id: "com.example.fieldapp", name: "Field app" }, "branded_app")
 * ```
 */
export const BrandedAppCreate = Schema.Struct({
  bundle_id: BundleId,
  name: Name,
  self_sign_up: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
})
export type BrandedAppCreate = typeof BrandedAppCreate.Type

/**
 * The body of `PATCH /api/v4/admin/branded_apps/{id}` (under `branded_app`): a new name, sign-up
 * turned on or off, or both. The bundle id never changes, since clients name the app by it.
 *
 * @example
 * ```ts
 * decodeInput(BrandedAppUpdate, { self_sign_up: true }, "branded_app")
 * ```
 */
export const BrandedAppUpdate = Schema.Struct({
  name: Schema.optionalKey(Name),
  self_sign_up: Schema.optionalKey(Schema.Boolean),
})
export type BrandedAppUpdate = typeof BrandedAppUpdate.Type
