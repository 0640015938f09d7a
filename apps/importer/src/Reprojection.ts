/**
 * Coordinates of a projected source (a Shapefile's `.prj`, such as New Zealand Transverse Mercator)
 * turned into WGS 84 longitude and latitude, which the API stores.
 */
import proj4 from "proj4"

/**
 * A position as a source gives it: x (or longitude) first; any further numbers (altitude) are kept
 * for the geometry reader to drop.
 */
type Coordinates = ReadonlyArray<number>

/**
 * A function from a source's coordinates to WGS 84.
 *
 * @example
 * ```ts
 * const toWgs84: Reprojection = Reprojection.fromPrj(prjText)
 * toWgs84([1748731.8, 5427688.1]) // ≈ [174.78, -41.29]
 * ```
 */
export type Reprojection = (position: Coordinates) => Coordinates

/**
 * The reprojection a `.prj` (WKT of a coordinate reference system) describes; without one the
 * coordinates are taken to be WGS 84 already. Throws when proj4 cannot read the text.
 *
 * @example
 * ```ts
 * const toWgs84 = Reprojection.fromPrj(readFileSync("parcels.prj", "utf8"))
 * ```
 */
export const fromPrj = (prj: string | undefined): Reprojection => {
  if (prj === undefined || prj.trim() === "") return (position) => position
  const converter = proj4(prj.trim(), "WGS84")
  return (position) => {
    const [x, y] = position
    if (typeof x !== "number" || typeof y !== "number" || !Number.isFinite(x) || !Number.isFinite(y)) {
      return position
    }
    return converter.forward([x, y])
  }
}

/**
 * A GeoJSON geometry with every position reprojected; anything that is not a geometry is given
 * back unchanged, for the geometry reader to refuse.
 *
 * @example
 * ```ts
 * Reprojection.geometry({ type: "Point", coordinates: [1748731.8, 5427688.1] }, toWgs84)
 * ```
 */
export const geometry = (value: unknown, reproject: Reprojection): unknown => {
  if (typeof value !== "object" || value === null) return value
  const record = value as { readonly coordinates?: unknown; readonly geometries?: unknown }
  if (Array.isArray(record.geometries)) {
    return { ...record, geometries: record.geometries.map((member) => geometry(member, reproject)) }
  }
  return { ...record, coordinates: coordinates(record.coordinates, reproject) }
}

const coordinates = (value: unknown, reproject: Reprojection): unknown => {
  if (!Array.isArray(value)) return value
  if (typeof value[0] === "number") return reproject(value as Coordinates)
  return value.map((inner) => coordinates(inner, reproject))
}
