/**
 * Values for the fuzz test from the JSON Schemas of the OpenAPI document: mostly what a schema
 * allows, so requests get past the first checks into the code behind them, and now and then
 * something near it that it does not (a wrong type, a value past a bound, a missing key).
 * Strings that name a geometry get WKT, well-formed or not.
 */
import fc from "fast-check"
import { wktText } from "./Wkt.ts"

/** A JSON Schema as the document writes it. */
export type JsonSchema = { readonly [key: string]: unknown }

/** Resolves a local `$ref` of the document. */
export type Resolve = (ref: string) => JsonSchema

/** Properties whose strings are WKT geometries. */
const wktProperties = new Set(["geom", "area", "intersects"])

/** Any JSON value, small: what a client may send where something else was meant. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 })

/** Numbers that break naive code: bounds, non-integers, huge and tiny. */
const oddNumber = fc.constantFrom(
  0,
  -1,
  0.5,
  -0.0,
  1e308,
  -1e308,
  2 ** 53,
  2 ** 31,
  -(2 ** 63),
  Number.MAX_SAFE_INTEGER + 2,
  5e-324,
)

/** Strings that break naive code: empty, long, control characters, markup, SQL, paths. */
export const oddString: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "NaN",
    "Infinity",
    "-1",
    "1e999",
    "null",
    "true",
    "'; DROP TABLE reports; --",
    "<script>alert(1)</script>",
    "../../etc/passwd",
    "%00",
    "\ud800",
    "𝕱𝖎𝖊𝖑𝖉",
    "2024-02-30T25:61:00Z",
    "0000-00-00",
    "__proto__",
    "constructor",
    "#ff00zz",
    "x".repeat(5000),
  ),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 20 }),
)

/** A value of the schema's `type` (or of any type when it names none). */
const ofType = (schema: JsonSchema, resolve: Resolve, depth: number, name: string): fc.Arbitrary<unknown> => {
  const type = schema.type
  if (Array.isArray(type))
    return fc.oneof(...type.map((one) => ofType({ ...schema, type: one }, resolve, depth, name)))
  switch (type) {
    case "null":
      return fc.constant(null)
    case "boolean":
      return fc.boolean()
    case "integer": {
      const min =
        typeof schema.minimum === "number"
          ? schema.minimum
          : typeof schema.exclusiveMinimum === "number"
            ? schema.exclusiveMinimum + 1
            : -1000
      const max =
        typeof schema.maximum === "number" ? Math.min(schema.maximum, min + 1_000_000) : min + 1_000_000
      return fc.integer({ min: Math.max(min, -(2 ** 31)), max: Math.min(max, 2 ** 31) })
    }
    case "number": {
      const min = typeof schema.minimum === "number" ? schema.minimum : -1e6
      const max = typeof schema.maximum === "number" ? schema.maximum : 1e6
      return fc.double({ min, max, noNaN: true })
    }
    case "string":
      return stringOf(schema, name)
    case "array": {
      const items = isSchema(schema.items) ? schema.items : {}
      const maxLength = typeof schema.maxItems === "number" ? Math.min(schema.maxItems, 5) : 5
      return fc.array(schemaValue(items, resolve, depth + 1, name), { maxLength })
    }
    case "object":
      return objectOf(schema, resolve, depth)
    default:
      return anyJson
  }
}

const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const stringOf = (schema: JsonSchema, name: string): fc.Arbitrary<string> => {
  if (wktProperties.has(name)) return wktText
  if (schema.format === "uuid") return fc.uuid()
  if (schema.format === "date-time")
    return fc
      .date({ noInvalidDate: true, min: new Date("1900-01-01"), max: new Date("2200-01-01") })
      .map((date) => date.toISOString())
  if (schema.format === "email") return fc.emailAddress()
  if (Array.isArray(schema.examples) && schema.examples.length > 0)
    return fc.oneof(fc.constantFrom(...schema.examples.map(String)), fc.string({ maxLength: 30 }))
  const maxLength = typeof schema.maxLength === "number" ? Math.min(schema.maxLength, 60) : 60
  const minLength = typeof schema.minLength === "number" ? Math.min(schema.minLength, maxLength) : 0
  return fc.string({ minLength, maxLength })
}

const objectOf = (schema: JsonSchema, resolve: Resolve, depth: number): fc.Arbitrary<unknown> => {
  const properties = isSchema(schema.properties) ? schema.properties : {}
  const required = new Set(Array.isArray(schema.required) ? schema.required.map(String) : [])
  const entries = Object.entries(properties).filter((entry): entry is [string, JsonSchema] =>
    isSchema(entry[1]),
  )
  if (entries.length === 0) return fc.dictionary(fc.string({ maxLength: 10 }), anyJson, { maxKeys: 3 })
  const record: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, property] of entries) record[key] = schemaValue(property, resolve, depth + 1, key)
  return fc.record(record, { requiredKeys: entries.map(([key]) => key).filter((key) => required.has(key)) })
}

/**
 * A value the schema allows, mostly; a tenth of the values at each level is something else.
 *
 * @example
 * ```ts
 * fc.sample(schemaValue({ type: "integer", minimum: 1 }, resolve), 3) // [17, 402, "NaN"]
 * ```
 */
export const schemaValue = (
  schema: JsonSchema,
  resolve: Resolve,
  depth = 0,
  name = "",
): fc.Arbitrary<unknown> => {
  if (depth > 6) return fc.constant(null)
  const fitting = fittingValue(schema, resolve, depth, name)
  return fc.oneof(
    { arbitrary: fitting, weight: 9 },
    { arbitrary: fc.oneof(oddNumber, oddString, anyJson), weight: 1 },
  )
}

const fittingValue = (
  schema: JsonSchema,
  resolve: Resolve,
  depth: number,
  name: string,
): fc.Arbitrary<unknown> => {
  if (typeof schema.$ref === "string") return schemaValue(resolve(schema.$ref), resolve, depth, name)
  if ("const" in schema) return fc.constant(schema.const)
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum)
  for (const key of ["anyOf", "oneOf"] as const) {
    const options = schema[key]
    if (Array.isArray(options) && options.length > 0)
      return fc.oneof(...options.filter(isSchema).map((option) => schemaValue(option, resolve, depth, name)))
  }
  if (Array.isArray(schema.allOf) && schema.allOf.length > 0 && isSchema(schema.allOf[0]))
    return schemaValue(schema.allOf[0], resolve, depth, name)
  return ofType(schema, resolve, depth, name)
}
