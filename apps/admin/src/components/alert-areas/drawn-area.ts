/**
 * An alert area as the map draws and edits it: a circle (centre and radius in metres) or a polygon
 * (its corners), in latitude and longitude, and the conversions to and from the API's WKT.
 */

import type { AlertArea, AlertAreaBody } from "@fieldreport/domain/AlertArea"
import type { Position } from "@fieldreport/domain/Position"
import * as Wkt from "@fieldreport/domain/Wkt"
import { msg, str } from "@lit/localize"
import { Result } from "effect"
import { plural } from "../../shared/localization.ts"
import { formatCount } from "../../shared/size.ts"

/** A point as Leaflet holds it. */
export interface LatLng {
  readonly lat: number
  readonly lng: number
}

/**
 * A circle or a polygon; a polygon's corners are listed once (the ring is closed when written).
 *
 * @example
 * ```ts
 * const circle: DrawnArea = { kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 500 }
 * ```
 */
export type DrawnArea =
  | { readonly kind: "circle"; readonly center: LatLng; readonly radius: number }
  | { readonly kind: "poly"; readonly corners: ReadonlyArray<LatLng> }

const position = (point: LatLng): Position => [point.lng, point.lat]
const latLng = ([lng, lat]: Position): LatLng => ({ lat, lng })

/**
 * The body that creates or updates the area, with its name (blank for none: an update then clears
 * the one it had). A polygon's ring is closed by repeating its first corner.
 *
 * @example
 * ```ts
 * toBody({ kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 500 }, "Home")
 * // { alert_area: { name: "Home", area: "POINT (174.78 -41.29)", radius: 500 } }
 * ```
 */
export const toBody = (area: DrawnArea, name: string): AlertAreaBody => {
  const named = name.trim() === "" ? null : name.trim()
  return area.kind === "circle"
    ? {
        alert_area: {
          name: named,
          area: Wkt.write({ type: "Point", coordinates: position(area.center) }),
          radius: Math.round(area.radius),
        },
      }
    : {
        alert_area: {
          name: named,
          area: Wkt.write({
            type: "Polygon",
            coordinates: [[...area.corners, ...area.corners.slice(0, 1)].map(position)],
          }),
          radius: null,
        },
      }
}

/**
 * What the map draws for a stored area, or undefined when its WKT does not read. Only the outer
 * ring of a polygon is edited; the closing corner is dropped.
 *
 * @example
 * ```ts
 * fromAlertArea({ id: 1, name: null, shape_type: "circle", radius: 500, area: "POINT (174.78 -41.29)", latitude: -41.29, longitude: 174.78 })
 * // { kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 500 }
 * ```
 */
export const fromAlertArea = (area: AlertArea): DrawnArea | undefined => {
  const geometry = Wkt.parse(area.area, "area")
  if (Result.isFailure(geometry)) return undefined
  const shape = geometry.success
  if (shape.type === "Point")
    return { kind: "circle", center: latLng(shape.coordinates), radius: area.radius ?? 0 }
  if (shape.type === "Polygon") {
    const ring = shape.coordinates[0] ?? []
    return { kind: "poly", corners: ring.slice(0, -1).map(latLng) }
  }
  return undefined
}

/** The mean of the corners, enough to tell one polygon from another in a list. */
const middle = (corners: ReadonlyArray<LatLng>): string => {
  const mean = (values: ReadonlyArray<number>) =>
    values.reduce((sum, value) => sum + value, 0) / values.length
  return `${mean(corners.map((corner) => corner.lat)).toFixed(5)}, ${mean(corners.map((corner) => corner.lng)).toFixed(5)}`
}

/**
 * A short description for the list and for screen readers.
 *
 * @example
 * ```ts
 * describe({ kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 500 })
 * // "Circle of 500 m around -41.29000, 174.78000"
 * ```
 */
export const describe = (area: DrawnArea): string =>
  area.kind === "circle"
    ? msg(
        str`Circle of ${formatCount(area.radius)} m around ${area.center.lat.toFixed(5)}, ${area.center.lng.toFixed(5)}`,
        {
          id: "alertAreas.circle",
        },
      )
    : area.corners.length === 0
      ? msg("Polygon of 0 corners", { id: "alertAreas.polygonEmpty" })
      : plural(area.corners.length, {
          one: (count) =>
            msg(str`Polygon of ${count} corner around ${middle(area.corners)}`, {
              id: "alertAreas.polygon.one",
            }),
          other: (count) =>
            msg(str`Polygon of ${count} corners around ${middle(area.corners)}`, {
              id: "alertAreas.polygon.other",
            }),
        })

/**
 * What the list calls a stored area: its name with what it is, or what it is when it has no name.
 *
 * @example
 * ```ts
 * areaLabel({ name: "Home", … }, { kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 500 })
 * // "Home: Circle of 500 m around -41.29000, 174.78000"
 * ```
 */
export const areaLabel = (area: AlertArea, drawn: DrawnArea | undefined): string => {
  const shape = drawn === undefined ? area.area : describe(drawn)
  return area.name === null ? shape : `${area.name}: ${shape}`
}
