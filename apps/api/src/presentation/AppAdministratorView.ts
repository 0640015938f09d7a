/**
 * A branded app's administrators on the wire, and the app as platform administrators see it with
 * them (docs/api.md, Platform administration).
 */
import type { AdminBrandedApp, AppAdministrator } from "@fieldreport/domain/AppAdministrator"
import type { AdministeredApp } from "../services/AppAdministrators.ts"
import type { AppAdministratorRow } from "../store/BrandedAppStore.ts"
import { brandedAppBody } from "./BrandedAppView.ts"

/**
 * An administrator of an app as the app lists them.
 *
 * @example
 * ```ts
 * appAdministratorBody(row) // { id: 7, email: "ana@example.com", first_name: "Ana", last_name: "Lee" }
 * ```
 */
export const appAdministratorBody = (row: AppAdministratorRow): AppAdministrator => ({
  id: row.user_id,
  email: row.email,
  first_name: row.first_name,
  last_name: row.last_name,
})

/**
 * A branded app as platform administrators see it, with its administrators.
 *
 * @example
 * ```ts
 * adminBrandedAppBody({ app, administrators }) // { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport", administrators: [] }
 * ```
 */
export const adminBrandedAppBody = ({ app, administrators }: AdministeredApp): AdminBrandedApp => ({
  ...brandedAppBody(app),
  administrators: administrators.map(appAdministratorBody),
})
