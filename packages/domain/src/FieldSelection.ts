/**
 * The `fields` query parameter: which fields of a resource to render (docs/api.md, Fields).
 *
 * `fields=account_logo,-title` adds the optional `account_logo` and removes the default `title`.
 * It may arrive in any list form `QueryValue.list` reads; an empty `fields=` is the same as none.
 * A selection is resolved against a resource's `FieldCatalogue` into the output keys to render.
 * Names the resource does not have are not an error, since legacy clients ask for fields this
 * server may not have: they come back as `ignored`, for the `X-Ignored-Fields` header.
 */
import { Result } from "effect"
import * as FieldCatalogue from "./FieldCatalogue.ts"
import { MalformedRequest } from "./Invalid.ts"
import * as QueryValue from "./QueryValue.ts"

/**
 * The names a client added and removed (without their `-`), each once, in request order.
 *
 * @example
 * ```ts
 * const selection: FieldSelection = { added: ["account_logo"], removed: ["title"] }
 * ```
 */
export interface FieldSelection {
  readonly added: ReadonlyArray<string>
  readonly removed: ReadonlyArray<string>
}

/**
 * What to render: the output keys in rendering order, and the names the resource does not know,
 * as the client wrote them (`-colour` for a removal).
 *
 * @example
 * ```ts
 * const resolved: Resolved = { keys: ["id", "title"], ignored: ["colour"] }
 * ```
 */
export interface Resolved {
  readonly keys: ReadonlyArray<string>
  readonly ignored: ReadonlyArray<string>
}

/**
 * The most names one `fields` may hold (docs/api.md, Limits).
 *
 * @example
 * ```ts
 * names.length > maxNames // the request is malformed
 * ```
 */
export const maxNames = 64

/**
 * No `fields` given: every resource renders its defaults.
 *
 * @example
 * ```ts
 * resolve(FieldCatalogue.task, none) // all task fields
 * ```
 */
export const none: FieldSelection = { added: [], removed: [] }

const fromNames = (names: ReadonlyArray<string>): Result.Result<FieldSelection, MalformedRequest> => {
  if (names.length > maxNames)
    return Result.fail(MalformedRequest.at("fields", `must name at most ${maxNames} fields`))
  const added = new Set<string>()
  const removed = new Set<string>()
  for (const name of names) {
    if (name.startsWith("-")) removed.add(name.slice(1))
    else added.add(name)
  }
  return Result.succeed({ added: [...added], removed: [...removed] })
}

/**
 * Parses the value of `fields` as written: comma-separated names, `-` before a name to remove it.
 *
 * @example
 * ```ts
 * parse("account_logo, -title") // Result.succeed({ added: ["account_logo"], removed: ["title"] })
 * parse("") // Result.succeed(none)
 * ```
 */
export const parse = (fields: string): Result.Result<FieldSelection, MalformedRequest> =>
  fromQuery({ fields })

/**
 * Reads `fields` from a parsed query, in any list form (`fields=a,b`, `fields[]=a&fields[]=b`,
 * `fields[0]=a`); absent or empty is `none`.
 *
 * @example
 * ```ts
 * fromQuery({ fields: ["form_fields", "-address"] }) // added form_fields, removed address
 * fromQuery({}) // Result.succeed(none)
 * ```
 */
export const fromQuery = (query: QueryValue.Query): Result.Result<FieldSelection, MalformedRequest> =>
  Result.flatMap(QueryValue.list(query, "fields"), (names) => fromNames(names ?? []))

/**
 * Resolves a selection against a resource's catalogue into the keys to render, in the
 * catalogue's order. Fails only when a given `fields` lacks a name the catalogue requires (the
 * categories list's `id`).
 *
 * @example
 * ```ts
 * resolve(FieldCatalogue.shape, { added: ["branded_app", "colour"], removed: ["metadata"] })
 * // Result.succeed({ keys: ["id", "geom", "branded_app_id"], ignored: ["colour"] })
 * ```
 */
export const resolve = (
  catalogue: FieldCatalogue.FieldCatalogue,
  selection: FieldSelection,
): Result.Result<Resolved, MalformedRequest> => {
  const given = selection.added.length > 0 || selection.removed.length > 0
  const added = new Set(selection.added.flatMap((name) => FieldCatalogue.find(catalogue, name) ?? []))
  const removed = new Set(selection.removed.flatMap((name) => FieldCatalogue.find(catalogue, name) ?? []))
  const missing = catalogue.required.filter(
    (name) => !selection.added.includes(name) || selection.removed.includes(name),
  )
  if (given && missing.length > 0)
    return Result.fail(MalformedRequest.at("fields", `must include ${missing.join(", ")}`))
  // Naming an `always` field picks nothing: it is rendered anyway, so the defaults still apply.
  const picked = catalogue.selection === "replaces" && [...added].some((field) => field.presence !== "always")
  const rendered = (field: FieldCatalogue.Field): boolean =>
    field.presence === "always" ||
    (!removed.has(field) && (added.has(field) || (field.presence === "default" && !picked)))
  const ignored = [
    ...selection.added.filter((name) => FieldCatalogue.find(catalogue, name) === undefined),
    ...selection.removed
      .filter((name) => FieldCatalogue.find(catalogue, name) === undefined)
      .map((name) => `-${name}`),
  ]
  return Result.succeed({ keys: catalogue.fields.filter(rendered).flatMap((field) => field.keys), ignored })
}
