/**
 * The alert area resource on the wire (docs/api.md, Alert areas).
 */
import type { AlertArea } from "@fieldreport/domain/AlertArea"
import type { AlertAreaRow } from "../store/AlertAreaStore.ts"

/**
 * The alert area resource of a row.
 *
 * @example
 * ```ts
 * alertAreaBody(row) // { id: 7, name: "Home", shape_type: "circle", radius: 5000, area: "POINT (174.7762 -41.2865)", latitude: -41.2865, longitude: 174.7762 }
 * ```
 */
export const alertAreaBody = (row: AlertAreaRow): AlertArea => ({
  id: row.id,
  name: row.name,
  shape_type: row.shape_type,
  radius: row.radius,
  area: row.area,
  latitude: row.latitude,
  longitude: row.longitude,
})
