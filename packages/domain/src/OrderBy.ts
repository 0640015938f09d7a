/**
 * Sort orders a client may ask for: the `orderby` parameter of the task, notification and team
 * user lists (`orderby=completed_at desc,client_created_at asc`), and the `order[…]` parameters
 * of report searches (`order[updated_at]=desc`).
 *
 * Only fields a resource allows are accepted; anything else is a `MalformedRequest` that lists the
 * allowed values (docs/api.md, Ordering). The result is plain data: only the store turns it into
 * SQL.
 */
import { Result } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import * as QueryValue from "./QueryValue.ts"

/**
 * A sort direction.
 *
 * @example
 * ```ts
 * const direction: Direction = "desc"
 * ```
 */
export type Direction = "asc" | "desc"

/**
 * One sort key: a field the resource allows and its direction.
 *
 * @example
 * ```ts
 * const clause: Clause<"completed_at"> = { field: "completed_at", direction: "desc" }
 * ```
 */
export interface Clause<Field extends string = string> {
  readonly field: Field
  readonly direction: Direction
}

/**
 * What a list's `orderby` accepts: its fields, and how many clauses one request may give.
 *
 * @example
 * ```ts
 * const ordering: Ordering<"name"> = { fields: ["name"], maxClauses: 1 }
 * ```
 */
export interface Ordering<Field extends string> {
  readonly fields: ReadonlyArray<Field>
  readonly maxClauses: number
}

/**
 * Tasks: any of `client_created_at`, `completed_at`, each at most once.
 *
 * @example
 * ```ts
 * parse(tasks, "completed_at desc,client_created_at asc")
 * ```
 */
export const tasks: Ordering<"client_created_at" | "completed_at"> = {
  fields: ["client_created_at", "completed_at"],
  maxClauses: 2,
}

/**
 * Notifications: any of `archived_at`, `read`, `report.updated_at`, each at most once.
 *
 * @example
 * ```ts
 * parse(notifications, "read asc,report.updated_at desc")
 * ```
 */
export const notifications: Ordering<"archived_at" | "read" | "report.updated_at"> = {
  fields: ["archived_at", "read", "report.updated_at"],
  maxClauses: 3,
}

/**
 * Team users: one clause only, as the v4 dialect's team users list takes.
 *
 * @example
 * ```ts
 * parse(teamUsers, "last_activity desc")
 * ```
 */
export const teamUsers: Ordering<
  "name" | "email" | "last_invited_at" | "last_activity" | "supervisor" | "status"
> = {
  fields: ["name", "email", "last_invited_at", "last_activity", "supervisor", "status"],
  maxClauses: 1,
}

const directions: ReadonlyArray<Direction> = ["asc", "desc"]

// Clients differ in case (`DESC`); the direction means the same either way.
const parseDirection = (word: string): Direction | undefined =>
  directions.find((direction) => direction === word.toLowerCase())

const fromClauses = <Field extends string>(
  ordering: Ordering<Field>,
  clauses: ReadonlyArray<string>,
): Result.Result<ReadonlyArray<Clause<Field>>, MalformedRequest> => {
  const allowed = `allowed: <field> <direction> with field one of ${ordering.fields.join(", ")} and direction asc or desc`
  const fail = (problem: string) => Result.fail(MalformedRequest.at("orderby", `${problem}; ${allowed}`))
  if (clauses.length > ordering.maxClauses) {
    return fail(`at most ${ordering.maxClauses} ${ordering.maxClauses === 1 ? "clause" : "clauses"}`)
  }
  const parsed: Array<Clause<Field>> = []
  for (const text of clauses) {
    const words = text.split(/\s+/)
    if (words.length !== 2) return fail(`"${text}" is not <field> <direction>`)
    const [name = "", word = ""] = words
    const field = ordering.fields.find((candidate) => candidate === name)
    const direction = parseDirection(word)
    if (field === undefined) return fail(`unknown field "${name}"`)
    if (direction === undefined) return fail(`unknown direction "${word}"`)
    if (parsed.some((clause) => clause.field === field)) return fail(`${field} is given more than once`)
    parsed.push({ field, direction })
  }
  return Result.succeed(parsed)
}

/**
 * Parses an `orderby` value: clauses `<field> <direction>` joined by commas. An empty value gives
 * no clauses (the list's own order).
 *
 * @example
 * ```ts
 * parse(tasks, "completed_at DESC") // Result.succeed([{ field: "completed_at", direction: "desc" }])
 * parse(tasks, "title asc") // fails naming orderby
 * ```
 */
export const parse = <Field extends string>(
  ordering: Ordering<Field>,
  orderby: string,
): Result.Result<ReadonlyArray<Clause<Field>>, MalformedRequest> => fromQuery(ordering, { orderby })

/**
 * Reads `orderby` from a parsed query, in any list form (`orderby=a asc,b desc` or repeated
 * `orderby[]=…`); absent gives no clauses.
 *
 * @example
 * ```ts
 * fromQuery(teamUsers, { orderby: "name asc" }) // Result.succeed([{ field: "name", direction: "asc" }])
 * ```
 */
export const fromQuery = <Field extends string>(
  ordering: Ordering<Field>,
  query: QueryValue.Query,
): Result.Result<ReadonlyArray<Clause<Field>>, MalformedRequest> =>
  Result.flatMap(QueryValue.list(query, "orderby"), (clauses) => fromClauses(ordering, clauses ?? []))

/**
 * A field report searches may be ordered by; `relevance` is how well a report matches the search's
 * `filter[q]`, best first when descending.
 *
 * @example
 * ```ts
 * const field: ReportSearchField = "updated_at"
 * ```
 */
export type ReportSearchField = "updated_at" | "id" | "relevance"

const reportSearchFields: ReadonlyArray<ReportSearchField> = ["updated_at", "id", "relevance"]

/**
 * Reads the `order[updated_at]`, `order[id]` and `order[relevance]` parameters of a report search,
 * in the order they were given; absent gives no clauses. Any other `order[…]` key, or a value other than asc or
 * desc, fails naming that parameter.
 *
 * @example
 * ```ts
 * reportSearch({ order: { updated_at: "desc", id: "asc" } })
 * // Result.succeed([{ field: "updated_at", direction: "desc" }, { field: "id", direction: "asc" }])
 * reportSearch({ order: { title: "asc" } }) // fails naming order[title]
 * ```
 */
export const reportSearch = (
  query: QueryValue.Query,
): Result.Result<ReadonlyArray<Clause<ReportSearchField>>, MalformedRequest> =>
  Result.gen(function* () {
    const order = yield* QueryValue.group(query, "order", reportSearchFields)
    const clauses: Array<Clause<ReportSearchField>> = []
    const given = Object.keys(order ?? {}).flatMap((key) =>
      reportSearchFields.filter((field) => field === key),
    )
    for (const field of given) {
      const name = `order[${field}]`
      const value = yield* QueryValue.string(query, name)
      if (value === undefined) continue
      const direction = parseDirection(value)
      if (direction === undefined) {
        return yield* Result.fail(MalformedRequest.at(name, "must be asc or desc"))
      }
      clauses.push({ field, direction })
    }
    return clauses
  })
