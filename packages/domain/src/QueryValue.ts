/**
 * Query parameters read the lenient way existing clients send them (docs/api.md, Leniency for
 * existing clients).
 *
 * The input is the query object Express builds with its "extended" parser (qs): a value is a
 * string, an array, or a nested object for bracketed names (`filter[tile][scale]=0.5` becomes
 * `{ filter: { tile: { scale: "0.5" } } }`). Every reader takes the parameter's name as a client
 * writes it, brackets included; that name is looked up through the nesting and is the one a
 * `MalformedRequest` reports, so a client is told exactly which parameter to fix.
 *
 * An absent parameter and an empty one (`fields=`) both read as `undefined`: legacy clients send
 * empty values to mean "not given".
 *
 * qs reads shapes no route asks for without complaint: `a[][]=1` flattens to `a[]=1`, parts past
 * its fifth bracket become a key of their own, parameters past its thousandth are dropped.
 * `checkNames` refuses those names from the raw query string before qs reads it, so a client is
 * told which parameter the API cannot read instead of getting an answer to another question.
 */
import { type DateTime, Option, Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as Timestamp from "./Timestamp.ts"

/**
 * A parsed query string, or one nested group of it (`filter` of `filter[tile_id]=…`).
 *
 * @example
 * ```ts
 * const query: Query = { fields: "id,-title", filter: { tile: { scale: "0.5" } } }
 * ```
 */
export type Query = Readonly<Record<string, unknown>>

const isGroup = (value: unknown): value is Query =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const isAbsent = (value: unknown): value is undefined | "" => value === undefined || value === ""

/** `filter[tile][scale]` → `["filter", "tile", "scale"]`, the path qs nests the value under. */
const segments = (name: string): ReadonlyArray<string> =>
  name.split("[").map((segment) => segment.replace(/]$/, ""))

const lookup = (query: Query, name: string): Result.Result<unknown, MalformedRequest> => {
  let value: unknown = query
  let path = ""
  for (const segment of segments(name)) {
    if (isAbsent(value)) return Result.succeed(undefined)
    if (!isGroup(value))
      return Result.fail(MalformedRequest.at(path, `must be given as ${path}[…] parameters`))
    // qs keeps `constructor=1` as an own key; inherited members must never read as parameters.
    value = Object.hasOwn(value, segment) ? value[segment] : undefined
    path = path === "" ? segment : `${path}[${segment}]`
  }
  return Result.succeed(isAbsent(value) ? undefined : value)
}

/**
 * Reads a group of bracketed parameters (`filter` of `filter[…]`) that may hold only the given
 * keys; any other key is malformed, named in full (`order[foo]`).
 *
 * @example
 * ```ts
 * group({ order: { id: "asc" } }, "order", ["updated_at", "id"]) // Result.succeed({ id: "asc" })
 * group({ order: { foo: "asc" } }, "order", ["updated_at", "id"]) // fails naming "order[foo]"
 * ```
 */
export const group = (
  query: Query,
  name: string,
  keys: ReadonlyArray<string>,
): Result.Result<Query | undefined, MalformedRequest> =>
  Result.flatMap(lookup(query, name), (value) => {
    if (value === undefined) return Result.succeed(undefined)
    if (!isGroup(value))
      return Result.fail(MalformedRequest.at(name, `must be given as ${name}[…] parameters`))
    const unknown = Object.keys(value).find((key) => !keys.includes(key))
    return unknown === undefined
      ? Result.succeed(value)
      : Result.fail(
          MalformedRequest.at(
            `${name}[${unknown}]`,
            `is not a known parameter; allowed: ${keys.map((key) => `${name}[${key}]`).join(", ")}`,
          ),
        )
  })

/**
 * Reads a parameter given once, as it was sent.
 *
 * @example
 * ```ts
 * string({ filter: { tile_id: "ZmZm" } }, "filter[tile_id]") // Result.succeed("ZmZm")
 * string({ q: ["a", "b"] }, "q") // fails: given twice
 * ```
 */
export const string = (query: Query, name: string): Result.Result<string | undefined, MalformedRequest> =>
  Result.flatMap(lookup(query, name), (value) =>
    value === undefined || typeof value === "string"
      ? Result.succeed(value)
      : Result.fail(MalformedRequest.at(name, "must be given once, as a single value")),
  )

const parseWith = <A>(
  query: Query,
  name: string,
  message: string,
  parse: (value: string) => A | undefined,
): Result.Result<A | undefined, MalformedRequest> =>
  Result.flatMap(string(query, name), (value) => {
    if (value === undefined) return Result.succeed(undefined)
    const parsed = parse(value)
    return parsed === undefined ? Result.fail(MalformedRequest.at(name, message)) : Result.succeed(parsed)
  })

const listMessage = "must be a list: a=1,2, a[]=1&a[]=2 or a[0]=1&a[1]=2"

/** The strings a list parameter arrived as, in list order, or `undefined` when it has another shape. */
const listParts = (value: unknown): ReadonlyArray<unknown> | undefined => {
  if (typeof value === "string") return [value]
  if (Array.isArray(value)) return value
  // qs turns `a[0]=…` with an index above its array limit (20), or more than 20 `a[]=…`, into an
  // object with numeric keys instead of an array. Object.values lists such keys in numeric order.
  if (isGroup(value) && Object.keys(value).every((key) => /^\d+$/.test(key))) return Object.values(value)
  return undefined
}

/**
 * Reads a list parameter in any of the forms clients send: `a=1,2`, `a[]=1&a[]=2`, `a[0]=1&a[1]=2`,
 * a repeated `a=1&a=2`, or wrapped in square brackets like the search's `channels=[1,2]`. Items
 * are trimmed and empty items dropped; a list with no items reads as `undefined`.
 *
 * @example
 * ```ts
 * list({ fields: "id, title" }, "fields") // Result.succeed(["id", "title"])
 * list({ fields: ["id", "title"] }, "fields") // Result.succeed(["id", "title"])
 * list({ fields: "" }, "fields") // Result.succeed(undefined)
 * ```
 */
export const list = (
  query: Query,
  name: string,
): Result.Result<ReadonlyArray<string> | undefined, MalformedRequest> =>
  Result.flatMap(lookup(query, name), (value) => {
    if (value === undefined) return Result.succeed(undefined)
    const parts = listParts(value)
    if (parts === undefined || !parts.every((part) => typeof part === "string")) {
      return Result.fail(MalformedRequest.at(name, listMessage))
    }
    const items = parts
      .flatMap((part) => part.replace(/^\s*\[(.*)\]\s*$/, "$1").split(","))
      .map((item) => item.trim())
      .filter((item) => item !== "")
    return Result.succeed(items.length === 0 ? undefined : items)
  })

const parseInteger = (value: string): number | undefined =>
  /^-?\d+$/.test(value) && Number.isSafeInteger(Number(value)) ? Number(value) : undefined

/**
 * Reads a list of integers (ids), in any form `list` accepts.
 *
 * @example
 * ```ts
 * integerList({ user_ids: ["4", "7"] }, "user_ids") // Result.succeed([4, 7])
 * integerList({ user_ids: "4,x" }, "user_ids") // fails naming "user_ids"
 * ```
 */
export const integerList = (
  query: Query,
  name: string,
): Result.Result<ReadonlyArray<number> | undefined, MalformedRequest> =>
  Result.flatMap(list(query, name), (items) => {
    if (items === undefined) return Result.succeed(undefined)
    const bad = items.find((item) => parseInteger(item) === undefined)
    return bad === undefined
      ? Result.succeed(items.map(Number))
      : Result.fail(MalformedRequest.at(name, `must be a list of integers; "${bad}" is not one`))
  })

/**
 * Reads a boolean sent as `true`, `false`, `1` or `0`.
 *
 * @example
 * ```ts
 * boolean({ archived: "1" }, "archived") // Result.succeed(true)
 * boolean({ archived: "yes" }, "archived") // fails naming "archived"
 * ```
 */
export const boolean = (query: Query, name: string): Result.Result<boolean | undefined, MalformedRequest> =>
  parseWith(query, name, "must be true, false, 1 or 0", (value) => {
    if (value === "true" || value === "1") return true
    if (value === "false" || value === "0") return false
    return undefined
  })

/**
 * Reads a whole number (an id, a count) within JavaScript's safe integer range.
 *
 * @example
 * ```ts
 * integer({ report_id: "42" }, "report_id") // Result.succeed(42)
 * integer({ report_id: "4.2" }, "report_id") // fails naming "report_id"
 * ```
 */
export const integer = (query: Query, name: string): Result.Result<number | undefined, MalformedRequest> =>
  parseWith(query, name, "must be an integer", parseInteger)

/**
 * Reads a decimal number such as a coordinate (`-41.3`, `0.05`, `1e-3`).
 *
 * @example
 * ```ts
 * number({ scale: "0.05" }, "scale") // Result.succeed(0.05)
 * number({ scale: "0x10" }, "scale") // fails naming "scale"
 * ```
 */
export const number = (query: Query, name: string): Result.Result<number | undefined, MalformedRequest> =>
  parseWith(query, name, "must be a number", (value) =>
    /^-?(\d+(\.\d*)?|\.\d+)(e[-+]?\d+)?$/i.test(value) && Number.isFinite(Number(value))
      ? Number(value)
      : undefined,
  )

/**
 * Reads one of a fixed set of words.
 *
 * @example
 * ```ts
 * oneOf({ appearance: "loud" }, "appearance", ["normal", "loud"]) // Result.succeed("loud")
 * oneOf({ appearance: "quiet" }, "appearance", ["normal", "loud"]) // fails naming "appearance"
 * ```
 */
export const oneOf = <const A extends string>(
  query: Query,
  name: string,
  allowed: ReadonlyArray<A>,
): Result.Result<A | undefined, MalformedRequest> =>
  parseWith(query, name, `must be one of ${allowed.join(", ")}`, (value) =>
    allowed.find((candidate) => candidate === value),
  )

// An unencoded `+` in a query string arrives as a space, so a space before a trailing offset can
// only have been its sign: `…T23:45:45+13:00` sent as is reads `…T23:45:45 13:00`.
const restorePlus = (value: string): string => value.replace(/ (\d{2}(?::?\d{2})?)$/, "+$1")

/**
 * Reads an ISO 8601 timestamp that carries a time zone (`Z` or an offset), as an instant in UTC,
 * in every form `Timestamp` reads. An unencoded `+` of the offset, which arrives as a space, is
 * read as the `+` it was.
 *
 * @example
 * ```ts
 * timestamp({ updated_after: "2018-12-31T23:45:45+13:00" }, "updated_after") // 2018-12-31T10:45:45.000Z
 * timestamp({ updated_after: "2018-12-31" }, "updated_after") // fails: no time and zone
 * ```
 */
export const timestamp = (
  query: Query,
  name: string,
): Result.Result<DateTime.Utc | undefined, MalformedRequest> =>
  parseWith(
    query,
    name,
    "must be an ISO 8601 timestamp with a time zone, like 2024-05-01T09:30:00Z",
    (value) => Option.getOrUndefined(Timestamp.parse(restorePlus(value))),
  )

/**
 * The most parameters a query string may hold; qs, Express's parser, would drop the ones after.
 *
 * @example
 * ```ts
 * checkNames(Array.from({ length: 1001 }, (_, i) => `p${i}=1`).join("&"), []) // fails naming "query"
 * ```
 */
export const maxParameters = 1_000

/** The most bracketed parts of a name: `filter[id][id_array][]`, the deepest any route reads. */
const maxParts = 3

const wellFormed = /^([^[\]]+)((?:\[[^[\]]*\])*)$/

const decodeComponent = Option.liftThrowable(decodeURIComponent)

// qs decodes names as this does: `+` is a space, and a malformed escape stays as written.
const decodeName = (raw: string): string => {
  const text = raw.replaceAll("+", " ")
  return Option.getOrElse(decodeComponent(text), () => text)
}

/** What is wrong with one parameter name, or undefined when qs reads it as the API expects. */
const nameProblem = (name: string, groups: ReadonlyArray<string>): string | undefined => {
  const match = wellFormed.exec(name)
  if (match === null) return "is not a well-formed parameter name; brackets pair up, as in a[b]"
  const parts = Array.from((match[2] ?? "").matchAll(/\[([^\]]*)\]/g), (part) => part[1] ?? "")
  if (parts.length > maxParts)
    return `nests deeper than any parameter of the API (at most ${maxParts} bracketed parts)`
  if (parts.slice(0, -1).includes("")) return "may end in [] but not hold it inside, as in a[]=1&a[]=2"
  if (!groups.includes(match[1] ?? "") && parts.some((part) => part !== "" && !/^\d+$/.test(part)))
    return "takes no named parts; a list is given as a=1,2, a[]=1&a[]=2 or a[0]=1&a[1]=2"
  return undefined
}

/**
 * Checks the parameter names of a raw query string (what follows `?`): brackets that pair up, at
 * most three bracketed parts, `[]` only at the end, named parts (`filter[tile]`) only under the
 * bracketed groups routes read (`groups`; any other name takes list indexes only: `a[]`,
 * `a[0]`), and at most `maxParameters` parameters. A failure names the parameter as sent,
 * decoded (`user_ids[][]`). Values and plain names are left to the routes, which ignore names
 * they do not read.
 *
 * @example
 * ```ts
 * checkNames("user_ids[]=1&user_ids[]=2&filter[tile][scale]=0.5", ["filter"]) // Result.succeed(undefined)
 * checkNames("user_ids[][]=1", ["filter"]) // fails naming "user_ids[][]"
 * checkNames("page[size]=10", ["filter"]) // fails naming "page[size]"
 * ```
 */
export const checkNames = (
  search: string,
  groups: ReadonlyArray<string>,
): Result.Result<void, MalformedRequest> => {
  if (search === "") return Result.void
  const pairs = search.split("&")
  if (pairs.length > maxParameters)
    return Result.fail(MalformedRequest.at("query", `must hold at most ${maxParameters} parameters`))
  const errors: Record<string, Array<string>> = {}
  for (const pair of pairs) {
    if (pair === "") continue
    const at = pair.indexOf("=")
    const name = decodeName(at === -1 ? pair : pair.slice(0, at))
    const problem = nameProblem(name, groups)
    if (problem !== undefined) errors[name] = [problem]
  }
  return Object.keys(errors).length === 0 ? Result.void : Result.fail(new MalformedRequest({ errors }))
}
