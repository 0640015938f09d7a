/**
 * Administrators of a branded app (docs/api.md, Tenancy and roles; not in the v4 dialect): users
 * whom a platform administrator put in charge of one app. They manage the app's shapes and add
 * people to any team of the app directly.
 */
import { Schema } from "effect"
import { BrandedApp } from "./BrandedApp.ts"
import { Id } from "./internal/wire.ts"

/**
 * An administrator of an app as the app lists them: the user's id, e-mail address and names.
 *
 * @example
 * ```ts
 * const administrator: AppAdministrator = { id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" }
 * ```
 */
export const AppAdministrator = Schema.Struct({
  id: Id,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
})
export type AppAdministrator = typeof AppAdministrator.Type

/**
 * The body of `POST /api/v4/admin/branded_apps/{id}/administrators` (not wrapped in an envelope):
 * the user to make an administrator of the app.
 *
 * @example
 * ```ts
 * decodeInput(AppAdministratorCreate, { user_id: 7 }) // errors name `user_id`
 * ```
 */
export const AppAdministratorCreate = Schema.Struct({
  user_id: Id,
})
export type AppAdministratorCreate = typeof AppAdministratorCreate.Type

/**
 * A branded app as platform administrators see it: the app with its administrators.
 *
 * @example
 * ```ts
 * const app: AdminBrandedApp = {
 *   id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport",
 *   administrators: [{ id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" }],
 * }
 * ```
 */
export const AdminBrandedApp = Schema.Struct({
  ...BrandedApp.fields,
  administrators: Schema.Array(AppAdministrator),
})
export type AdminBrandedApp = typeof AdminBrandedApp.Type
