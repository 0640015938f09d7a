/**
 * Alert areas: a user's circles and polygons, used to notify them of new reports inside
 * (docs/api.md, Alert areas). A circle is a WKT POINT with a radius of 1 to 100,000 metres; a
 * polygon is a WKT POLYGON, holes allowed, with no radius.
 *
 * Containment is exact, the boundary counting as inside: great-circle distance for circles, the
 * polygon with its holes in plain longitude and latitude for polygons. The database only narrows the
 * candidates with the bounding box of each area.
 *
 * `latitude` and `longitude` of a polygon are the centre of its bounding box: what a map needs to
 * frame the area, cheap and stable. It can fall outside a concave polygon (a crescent, a ring-shaped
 * area); it is not meant as a point of the area.
 */
import { Result, Schema } from "effect"
import * as BoundingBox from "./BoundingBox.ts"
import * as GeometryValidation from "./GeometryValidation.ts"
import * as GreatCircle from "./GreatCircle.ts"
import { decodeInput, InvalidInput } from "./Invalid.ts"
import * as PointInPolygon from "./PointInPolygon.ts"
import type { Position } from "./Position.ts"
import * as TextLimits from "./TextLimits.ts"
import * as Wkt from "./Wkt.ts"

/**
 * An alert area as the API returns it.
 *
 * @example
 * ```ts
 * const circle: AlertArea = {
 *   id: 7,
 *   name: "Home",
 *   shape_type: "circle",
 *   radius: 5000,
 *   area: "POINT (174.7762 -41.2865)",
 *   latitude: -41.2865,
 *   longitude: 174.7762,
 * }
 * ```
 */
export const AlertArea = Schema.Struct({
  id: Schema.Int,
  /** What the user calls the area ("Home", "The farm"); null when they gave it no name. */
  name: Schema.NullOr(Schema.String),
  shape_type: Schema.Literals(["circle", "poly"]),
  radius: Schema.NullOr(Schema.Int),
  area: Schema.String,
  latitude: Schema.Number,
  longitude: Schema.Number,
})

/**
 * An alert area as the API returns it.
 *
 * @example
 * ```ts
 * const isCircle = (area: AlertArea) => area.shape_type === "circle"
 * ```
 */
export type AlertArea = typeof AlertArea.Type

/** The most metres a circle may reach. */
const MAX_RADIUS = 100_000

const Radius = Schema.Number.check(
  Schema.isInt({ message: "must be a whole number of metres" }),
  Schema.isBetween(
    { minimum: 1, maximum: MAX_RADIUS },
    { message: `must be between 1 and ${MAX_RADIUS} metres` },
  ),
)

/**
 * The body of a create (`POST /api/v4/alert_areas`) or update (`PATCH /api/v4/alert_areas/{id}`).
 * `name` is optional: a create without it makes an unnamed area, an update without it keeps the
 * name the area has, so a client that only knows geometry never loses a name.
 *
 * @example
 * ```ts
 * const body: AlertAreaBody = { alert_area: { name: "Home", area: "POINT (174.7762 -41.2865)", radius: 5000 } }
 * ```
 */
export const AlertAreaBody = Schema.Struct({
  alert_area: Schema.Struct({
    name: Schema.optionalKey(Schema.NullOr(TextLimits.upTo(TextLimits.name))),
    area: TextLimits.upTo(TextLimits.geometry),
    radius: Schema.optionalKey(
      Schema.NullOr(Radius).annotate({ message: "must be a whole number of metres, or null for a polygon" }),
    ),
  }),
})

/**
 * The body of a create or update.
 *
 * @example
 * ```ts
 * const polygon: AlertAreaBody = { alert_area: { area: "POLYGON ((0 0, 1 0, 1 1, 0 0))", radius: null } }
 * ```
 */
export type AlertAreaBody = typeof AlertAreaBody.Type

/**
 * What a valid create or update writes: the fields of the alert area but its id, with `area`
 * rewritten in canonical WKT, and the box its spatial index keeps. `name` is trimmed, blank read as
 * null, and absent when the body left it out (an update then keeps the stored one).
 *
 * @example
 * ```ts
 * const input: AlertAreaInput = {
 *   name: "Home",
 *   shape_type: "circle",
 *   radius: 5000,
 *   area: "POINT (174.7762 -41.2865)",
 *   latitude: -41.2865,
 *   longitude: 174.7762,
 *   bbox: GreatCircle.boundingBox({ center: [174.7762, -41.2865], radius: 5000 }),
 * }
 * ```
 */
export interface AlertAreaInput extends Omit<AlertArea, "id" | "name"> {
  readonly name?: string | null
  readonly bbox: BoundingBox.BoundingBox
}

/**
 * What an alert area covers, read from its WKT and radius.
 *
 * @example
 * ```ts
 * const region: Region = { shape_type: "circle", center: [174.7762, -41.2865], radius: 5000 }
 * ```
 */
export type Region =
  | ({ readonly shape_type: "circle" } & GreatCircle.Circle)
  | { readonly shape_type: "poly"; readonly polygon: Wkt.Polygon }

/**
 * Validates the body of a create or update. Every failure is `InvalidInput` (422) at
 * `alert_area.name` (longer than a name may be), `alert_area.area` or `alert_area.radius`.
 *
 * @example
 * ```ts
 * AlertArea.fromBody({ alert_area: { name: " Home ", area: "point(174.7762 -41.2865)", radius: 5000 } })
 * // Result.succeed({ name: "Home", shape_type: "circle", radius: 5000, area: "POINT (174.7762 -41.2865)",
 * //                  latitude: -41.2865, longitude: 174.7762, bbox: {…} })
 * AlertArea.fromBody({ alert_area: { area: "POINT (174.7762 -41.2865)" } })
 * // Result.fail(InvalidInput { "alert_area.radius": ["is required for a circle (a POINT area)"] })
 * ```
 */
export const fromBody = (body: unknown): Result.Result<AlertAreaInput, InvalidInput> =>
  decodeInput(AlertAreaBody, body).pipe(
    Result.flatMap(({ alert_area }) =>
      Result.map(region(alert_area), (covered) =>
        alert_area.name === undefined
          ? toInput(covered)
          : { ...toInput(covered), name: nameOf(alert_area.name) },
      ),
    ),
  )

/** A name as stored: trimmed, and null when nothing is left. */
const nameOf = (name: string | null): string | null => {
  const trimmed = name?.trim() ?? ""
  return trimmed === "" ? null : trimmed
}

/**
 * Reads what an area covers, with the rules of a create or update (paths `alert_area.area` and
 * `alert_area.radius`). The radius itself is not range-checked here: `fromBody` does that.
 *
 * @example
 * ```ts
 * AlertArea.region({ area: "POINT (174.7762 -41.2865)", radius: 5000 })
 * // Result.succeed({ shape_type: "circle", center: [174.7762, -41.2865], radius: 5000 })
 * ```
 */
export const region = (area: {
  readonly area: string
  readonly radius?: number | null
}): Result.Result<Region, InvalidInput> =>
  Wkt.parse(area.area, AREA).pipe(
    Result.flatMap((geometry) => GeometryValidation.validate(geometry, AREA)),
    Result.flatMap((geometry): Result.Result<Region, InvalidInput> => {
      const radius = area.radius ?? undefined
      switch (geometry.type) {
        case "Point":
          return radius === undefined
            ? Result.fail(InvalidInput.at(RADIUS, "is required for a circle (a POINT area)"))
            : Result.succeed({ shape_type: "circle", center: geometry.coordinates, radius })
        case "Polygon":
          return radius === undefined
            ? Result.succeed({ shape_type: "poly", polygon: geometry })
            : Result.fail(InvalidInput.at(RADIUS, "must be null for a polygon (a POLYGON area)"))
        default:
          return Result.fail(InvalidInput.at(AREA, "must be a POINT (a circle, with radius) or a POLYGON"))
      }
    }),
  )

const AREA = "alert_area.area"
const RADIUS = "alert_area.radius"

/**
 * The box an area lies in, for the spatial index. A circle across the antimeridian or over a pole
 * gets every longitude (see `GreatCircle.boundingBox`).
 *
 * @example
 * ```ts
 * AlertArea.boundingBox({ shape_type: "poly", polygon: { type: "Polygon", coordinates: [[[0, 0], [2, 0], [2, 1], [0, 0]]] } })
 * // { minLongitude: 0, minLatitude: 0, maxLongitude: 2, maxLatitude: 1 }
 * ```
 */
export const boundingBox = (region: Region): BoundingBox.BoundingBox =>
  region.shape_type === "circle" ? GreatCircle.boundingBox(region) : BoundingBox.of(region.polygon)

/**
 * Whether an area covers a position; its boundary counts as inside.
 *
 * @example
 * ```ts
 * AlertArea.contains({ shape_type: "circle", center: [0, 0], radius: 111_200 }, [1, 0]) // true
 * ```
 */
export const contains = (region: Region, point: Position): boolean =>
  region.shape_type === "circle"
    ? GreatCircle.contains(region, point)
    : PointInPolygon.contains(region.polygon, point)

/**
 * The areas (of one user, say) that contain a position: the exact test after the index has narrowed
 * the candidates. An area whose WKT cannot be read contains nothing (stored areas were validated
 * when written, so this does not happen).
 *
 * @example
 * ```ts
 * AlertArea.containing(
 *   [
 *     { id: 1, area: "POINT (174.7762 -41.2865)", radius: 5000 },
 *     { id: 2, area: "POLYGON ((0 0, 1 0, 1 1, 0 0))", radius: null },
 *   ],
 *   [174.78, -41.29],
 * ) // [{ id: 1, … }]
 * ```
 */
export const containing = <A extends { readonly area: string; readonly radius?: number | null }>(
  areas: ReadonlyArray<A>,
  point: Position,
): Array<A> =>
  areas.filter((area) =>
    Result.match(region(area), { onSuccess: (covered) => contains(covered, point), onFailure: () => false }),
  )

const toInput = (region: Region): AlertAreaInput => {
  const bbox = boundingBox(region)
  const [longitude, latitude] = region.shape_type === "circle" ? region.center : BoundingBox.center(bbox)
  return region.shape_type === "circle"
    ? {
        shape_type: "circle",
        radius: region.radius,
        area: Wkt.write({ type: "Point", coordinates: region.center }),
        latitude,
        longitude,
        bbox,
      }
    : { shape_type: "poly", radius: null, area: Wkt.write(region.polygon), latitude, longitude, bbox }
}
