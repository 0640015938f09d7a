/**
 * The category of a report written through `POST /api/v4/reports/upsert` (docs/api.md, Updating and
 * upserting), planned over the channel's category tree without touching it:
 *
 * - neither `category_id` nor `category_names`: the channel's root category. Null counts as absent
 *   for both, so a client that sends `"category_id": null` with names gets the names;
 * - a `category_id`: that category, which must be in the channel's tree; `category_names` is then
 *   ignored, even when it would be invalid;
 * - `category_names`, 0 to 3 names: the path of names below the root, each under the one before.
 *   The names found are used; the first missing one and all after it are created, nested in order.
 *
 * Names match case-insensitively after trimming, and an existing category keeps its spelling:
 * integrations send names typed in other systems ("Potholes", "potholes "), and exact matching
 * would create a near-duplicate sibling for every variant, which someone then has to merge by
 * hand. New categories are created with the trimmed spelling given.
 */
import { Result } from "effect"
import { InvalidInput } from "./Invalid.ts"

/**
 * A category of the channel's tree, as far as planning needs it (the category resource has more).
 *
 * @example
 * ```ts
 * const potholes: CategoryNode = { id: 12, name: "Potholes", parent_id: 10 }
 * ```
 */
export interface CategoryNode {
  readonly id: number
  readonly name: string
  /** Null for the root. */
  readonly parent_id: number | null
}

/**
 * What the store does to give the report its category.
 *
 * - `UseCategory`: set the report's category to `categoryId`.
 * - `CreateCategories`: create `names[0]` under `parentId`, each further name under the one created
 *   before it, and set the report's category to the last.
 *
 * @example
 * ```ts
 * const plan: CategoryPlan = { _tag: "CreateCategories", parentId: 10, names: ["Potholes", "Deep"] }
 * ```
 */
export type CategoryPlan =
  | { readonly _tag: "UseCategory"; readonly categoryId: number }
  | { readonly _tag: "CreateCategories"; readonly parentId: number; readonly names: ReadonlyArray<string> }

/**
 * The most names `category_names` may hold: the depth of the tree below the root.
 *
 * @example
 * ```ts
 * ["Roads", "Potholes", "Deep"].length <= maxCategoryNames // true
 * ```
 */
export const maxCategoryNames = 3

const sameName = (name: string): string => name.trim().normalize("NFC").toLowerCase()

const readNames = (value: unknown): Result.Result<ReadonlyArray<string>, InvalidInput> => {
  if (!Array.isArray(value))
    return Result.fail(InvalidInput.at("report.category_names", "must be an array of names"))
  if (value.length > maxCategoryNames)
    return Result.fail(
      InvalidInput.at("report.category_names", `must hold at most ${maxCategoryNames} names`),
    )
  const names: Array<string> = []
  for (const name of value) {
    if (typeof name !== "string" || name.trim() === "")
      return Result.fail(InvalidInput.at("report.category_names", "every name must be a non-empty string"))
    names.push(name.trim())
  }
  return Result.succeed(names)
}

const byId = (a: CategoryNode, b: CategoryNode): number => a.id - b.id

/**
 * Plans the category of an upserted report from the body's `category_id` and `category_names`
 * (pass them as found in the body: `undefined` when absent). Where two siblings match a name, the
 * oldest (lowest id) is used.
 *
 * @example
 * ```ts
 * const categories = [
 *   { id: 10, name: "Channel", parent_id: null },
 *   { id: 11, name: "Roads", parent_id: 10 },
 * ]
 * plan({ categories, rootId: 10, categoryId: undefined, categoryNames: [" roads", "Potholes"] })
 * // Result.succeed({ _tag: "CreateCategories", parentId: 11, names: ["Potholes"] })
 * plan({ categories, rootId: 10, categoryId: 11, categoryNames: ["Ignored"] })
 * // Result.succeed({ _tag: "UseCategory", categoryId: 11 })
 * ```
 */
export const plan = (input: {
  readonly categories: ReadonlyArray<CategoryNode>
  readonly rootId: number
  readonly categoryId: unknown
  readonly categoryNames: unknown
}): Result.Result<CategoryPlan, InvalidInput> => {
  const { categories, rootId, categoryId, categoryNames } = input
  if (categoryId !== undefined && categoryId !== null) {
    if (typeof categoryId !== "number" || !Number.isSafeInteger(categoryId))
      return Result.fail(InvalidInput.at("report.category_id", "must be an integer"))
    if (!categories.some((category) => category.id === categoryId))
      return Result.fail(InvalidInput.at("report.category_id", "is not a category of this channel"))
    return Result.succeed({ _tag: "UseCategory", categoryId })
  }
  if (categoryNames === undefined || categoryNames === null)
    return Result.succeed({ _tag: "UseCategory", categoryId: rootId })
  return Result.map(readNames(categoryNames), (names): CategoryPlan => {
    let parentId = rootId
    for (const [index, name] of names.entries()) {
      const found = categories
        .filter((category) => category.parent_id === parentId && sameName(category.name) === sameName(name))
        .sort(byId)[0]
      if (found === undefined) return { _tag: "CreateCategories", parentId, names: names.slice(index) }
      parentId = found.id
    }
    return { _tag: "UseCategory", categoryId: parentId }
  })
}
