/**
 * Feature properties as JSON, for `metadata.raw`: sources give more than JSON knows (Shapefile
 * dates are `Date` objects, numbers may be NaN), and the API stores JSON only.
 */
import type { Schema } from "effect"

type Json = Schema.Json

const toJsonValue = (value: unknown): Json | undefined => {
  if (value === null || typeof value === "string" || typeof value === "boolean") return value
  if (typeof value === "number") return Number.isFinite(value) ? value : null
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString()
  if (Array.isArray(value)) return value.map((item) => toJsonValue(item) ?? null)
  if (typeof value === "object") return toJson(value as Record<string, unknown>)
  // Functions, symbols, undefined and bigints have no JSON form; bigints are kept as text.
  return typeof value === "bigint" ? value.toString() : undefined
}

/**
 * The properties as a JSON object: dates as ISO text, numbers that are not finite as null, values
 * without a JSON form left out.
 *
 * @example
 * ```ts
 * Properties.toJson({ name: "Lot 1", surveyed: new Date("2024-03-01"), area: Number.NaN })
 * // { name: "Lot 1", surveyed: "2024-03-01T00:00:00.000Z", area: null }
 * ```
 */
export const toJson = (properties: Readonly<Record<string, unknown>>): { readonly [key: string]: Json } => {
  const json: Record<string, Json> = {}
  for (const [key, value] of Object.entries(properties)) {
    const converted = toJsonValue(value)
    if (converted !== undefined) json[key] = converted
  }
  return json
}

/**
 * A property value as a line of text for `metadata.display`.
 *
 * @example
 * ```ts
 * Properties.text(12.5) // "12.5"
 * Properties.text(new Date("2024-03-01")) // "2024-03-01T00:00:00.000Z"
 * ```
 */
export const text = (value: unknown): string => {
  if (typeof value === "string") return value
  const json = toJsonValue(value)
  return typeof json === "string" ? json : JSON.stringify(json ?? null)
}
