/**
 * A GeoJSON geometry from a file, checked and turned into one of the geometries the API stores.
 * Files are not trusted: every level of the coordinates is checked, an altitude is dropped (shapes
 * are flat), and a GeometryCollection of one kind (how KML writes a MultiGeometry) becomes the
 * matching multi-geometry. Mixed collections are refused: the API stores no collections.
 */
import type { Position } from "@fieldreport/domain/Position"
import type * as Wkt from "@fieldreport/domain/Wkt"
import { Result } from "effect"

type Problem = string

const position = (value: unknown): Position | undefined => {
  if (!Array.isArray(value) || value.length < 2) return undefined
  const [longitude, latitude] = value
  return typeof longitude === "number" &&
    typeof latitude === "number" &&
    Number.isFinite(longitude) &&
    Number.isFinite(latitude)
    ? [longitude, latitude]
    : undefined
}

/** Reads a list with `item`, or `undefined` when it is not a list or an item is not readable. */
const listOf =
  <A>(item: (value: unknown) => A | undefined) =>
  (value: unknown): ReadonlyArray<A> | undefined => {
    if (!Array.isArray(value)) return undefined
    const items: Array<A> = []
    for (const each of value) {
      const read = item(each)
      if (read === undefined) return undefined
      items.push(read)
    }
    return items
  }

const positions = listOf(position)
const lines = listOf(positions)
const polygons = listOf(lines)

const expected: Record<Wkt.Geometry["type"], string> = {
  Point: "a position [longitude, latitude]",
  LineString: "a list of positions",
  MultiPoint: "a list of positions",
  Polygon: "a list of rings of positions",
  MultiLineString: "a list of lines of positions",
  MultiPolygon: "a list of polygons of rings of positions",
}

const simple = (type: Wkt.Geometry["type"], coordinates: unknown): Result.Result<Wkt.Geometry, Problem> => {
  const geometry = ((): Wkt.Geometry | undefined => {
    switch (type) {
      case "Point": {
        const read = position(coordinates)
        return read && { type, coordinates: read }
      }
      case "LineString":
      case "MultiPoint": {
        const read = positions(coordinates)
        return read && { type, coordinates: read }
      }
      case "Polygon":
      case "MultiLineString": {
        const read = lines(coordinates)
        return read && { type, coordinates: read }
      }
      case "MultiPolygon": {
        const read = polygons(coordinates)
        return read && { type, coordinates: read }
      }
    }
  })()
  if (geometry === undefined) {
    return Result.fail(`${type} coordinates must be ${expected[type]}, each with finite numbers`)
  }
  return geometry.coordinates.length === 0 ? Result.fail(`${type} is empty`) : Result.succeed(geometry)
}

/** The members of a collection as one multi-geometry, when they are all of one kind. */
const collection = (members: ReadonlyArray<Wkt.Geometry>): Result.Result<Wkt.Geometry, Problem> => {
  if (members.length === 0) return Result.fail("GeometryCollection is empty")
  const kinds = new Set(members.map((member) => member.type.replace(/^Multi/, "")))
  const [kind] = kinds
  if (kinds.size > 1) {
    return Result.fail("GeometryCollection mixes points, lines and polygons; shapes hold one kind")
  }
  switch (kind) {
    case "Point":
      return Result.succeed({
        type: "MultiPoint",
        coordinates: members.flatMap((member) =>
          member.type === "Point"
            ? [member.coordinates]
            : member.type === "MultiPoint"
              ? member.coordinates
              : [],
        ),
      })
    case "LineString":
      return Result.succeed({
        type: "MultiLineString",
        coordinates: members.flatMap((member) =>
          member.type === "LineString"
            ? [member.coordinates]
            : member.type === "MultiLineString"
              ? member.coordinates
              : [],
        ),
      })
    default:
      return Result.succeed({
        type: "MultiPolygon",
        coordinates: members.flatMap((member) =>
          member.type === "Polygon"
            ? [member.coordinates]
            : member.type === "MultiPolygon"
              ? member.coordinates
              : [],
        ),
      })
  }
}

/**
 * Reads a GeoJSON geometry; failures say what is wrong in words a GIS user knows. The result is
 * not yet checked against the API's geometry rules (`GeometryValidation`).
 *
 * @example
 * ```ts
 * GeoJsonGeometry.read({ type: "Point", coordinates: [174.7, -41.3, 12] })
 * // Result.succeed({ type: "Point", coordinates: [174.7, -41.3] })
 * GeoJsonGeometry.read(null) // Result.fail("has no geometry")
 * ```
 */
export const read = (value: unknown): Result.Result<Wkt.Geometry, Problem> => {
  if (typeof value !== "object" || value === null) return Result.fail("has no geometry")
  const { type, coordinates, geometries } = value as Record<string, unknown>
  switch (type) {
    case "Point":
    case "LineString":
    case "Polygon":
    case "MultiPoint":
    case "MultiLineString":
    case "MultiPolygon":
      return simple(type, coordinates)
    case "GeometryCollection": {
      if (!Array.isArray(geometries)) return Result.fail("GeometryCollection has no list of geometries")
      const members: Array<Wkt.Geometry> = []
      for (const member of geometries) {
        const result = read(member)
        if (Result.isFailure(result)) return result
        members.push(result.success)
      }
      return collection(members)
    }
    default:
      return Result.fail(`has a geometry of unknown type ${JSON.stringify(type)}`)
  }
}
