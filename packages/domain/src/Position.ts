/**
 * A position on the Earth in degrees, longitude first: the order of WKT and GeoJSON
 * (`POINT (174.7 -41.3)` is longitude 174.7, latitude -41.3).
 */

/**
 * Longitude then latitude, in degrees (WGS 84).
 *
 * @example
 * ```ts
 * const wellington: Position = [174.7762, -41.2865]
 * ```
 */
export type Position = readonly [longitude: number, latitude: number]
