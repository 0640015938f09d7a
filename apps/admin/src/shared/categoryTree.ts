/**
 * A channel's categories in tree order (each parent followed by its children, by position), for
 * pickers that show the tree as an indented list.
 */
import type { Category } from "@fieldreport/domain/Category"

/**
 * The categories, parents first, children by `position` then name.
 *
 * @example
 * ```ts
 * treeOrder(categories).map((category) => `${"—".repeat(category.depth)} ${category.name}`)
 * ```
 */
export const treeOrder = (categories: ReadonlyArray<Category>): ReadonlyArray<Category> => {
  const children = new Map<number | null, Array<Category>>()
  const ids = new Set(categories.map((category) => category.id))
  for (const category of categories) {
    const parent =
      category.parent_id !== undefined && category.parent_id !== null && ids.has(category.parent_id)
        ? category.parent_id
        : null
    children.set(parent, [...(children.get(parent) ?? []), category])
  }
  const ordered: Array<Category> = []
  const visit = (parent: number | null) => {
    const sorted = [...(children.get(parent) ?? [])].sort(
      (a, b) => a.position - b.position || a.name.localeCompare(b.name),
    )
    for (const category of sorted) {
      ordered.push(category)
      visit(category.id)
    }
  }
  visit(null)
  return ordered
}
