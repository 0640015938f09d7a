/**
 * The branded app resource on the wire (docs/api.md, The current user and app).
 */
import type { BrandedApp } from "@fieldreport/domain/BrandedApp"
import type { BrandedAppRow } from "../store/BrandedAppStore.ts"

/**
 * The branded app resource.
 *
 * @example
 * ```ts
 * brandedAppBody(app) // { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport" }
 * ```
 */
export const brandedAppBody = (app: BrandedAppRow): BrandedApp => ({
  id: app.id,
  bundle_id: app.bundle_id,
  name: app.name,
  self_sign_up: app.self_sign_up === 1,
})
