/**
 * The rules of a channel's category tree (docs/api.md, Categories), shared by the API, which
 * enforces them, and the admin UI, which offers only what they allow. The root (depth 0) is made
 * with the channel; categories nest at most {@link maxDepth} levels below it; each depth has its
 * label name; siblings are ordered by `position`; a move takes the whole subtree along, so the
 * subtree must still fit and the new parent cannot be inside it.
 *
 * The functions take the channel's categories as a flat list, each naming its parent, in any order:
 * what the store reads and what the API answers.
 */

/**
 * A category as far as the tree's rules need it; the category resource and the store's rows have
 * more. `parent_id` is null (or absent) for the root.
 *
 * @example
 * ```ts
 * const potholes: Node = { id: 12, parent_id: 11, name: "Potholes", depth: 2, position: 1 }
 * ```
 */
export interface Node {
  readonly id: number
  readonly parent_id?: number | null | undefined
  readonly name: string
  readonly depth: number
  readonly position: number
}

/**
 * How many levels categories nest below the root.
 *
 * @example
 * ```ts
 * maxDepth - category.depth // the category's max_subtree_extra_depth
 * ```
 */
export const maxDepth = 3

/**
 * The label name of a category at each depth, the root's first.
 *
 * @example
 * ```ts
 * labelNames[1] // "Secondary category"
 * ```
 */
export const labelNames: ReadonlyArray<string> = [
  "Main category",
  "Secondary category",
  "Tertiary category",
  "Quaternary category",
]

/**
 * Whether a category may take children: it is above the deepest level.
 *
 * @example
 * ```ts
 * canHoldChildren({ ...potholes, depth: 3 }) // false
 * ```
 */
export const canHoldChildren = (category: Pick<Node, "depth">): boolean => category.depth < maxDepth

/**
 * Sibling order: by `position`, then name, then id, so equal positions still order the same way
 * everywhere.
 *
 * @example
 * ```ts
 * [...siblings].sort(CategoryTree.order)
 * ```
 */
export const order = (a: Node, b: Node): number =>
  a.position - b.position || a.name.localeCompare(b.name) || a.id - b.id

const parentOf = (category: Node): number | null => category.parent_id ?? null

/**
 * The children of a category, in sibling order.
 *
 * @example
 * ```ts
 * children(tree, 10).map((category) => category.id) // [11, 12]
 * ```
 */
export const children = <N extends Node>(tree: ReadonlyArray<N>, parentId: number): ReadonlyArray<N> =>
  tree.filter((category) => parentOf(category) === parentId).sort(order)

/**
 * The categories in tree order: each parent followed by its children, in sibling order. A category
 * whose parent is not in the list is placed as a root, so nothing is lost.
 *
 * @example
 * ```ts
 * treeOrder(tree).map((category) => `${"—".repeat(category.depth)} ${category.name}`)
 * ```
 */
export const treeOrder = <N extends Node>(tree: ReadonlyArray<N>): ReadonlyArray<N> => {
  const ids = new Set(tree.map((category) => category.id))
  const byParent = new Map<number | null, Array<N>>()
  for (const category of tree) {
    const parent = parentOf(category)
    const key = parent !== null && ids.has(parent) ? parent : null
    byParent.set(key, [...(byParent.get(key) ?? []), category])
  }
  const ordered: Array<N> = []
  const seen = new Set<number>()
  const visit = (parent: number | null) => {
    for (const category of [...(byParent.get(parent) ?? [])].sort(order)) {
      if (seen.has(category.id)) continue
      seen.add(category.id)
      ordered.push(category)
      visit(category.id)
    }
  }
  visit(null)
  return ordered
}

/**
 * The path from a category up to the root: the category first, then its parent, and so on. Empty
 * when the category is not in the list; it stops at a parent missing from the list.
 *
 * @example
 * ```ts
 * path(tree, 13).map((category) => category.name) // ["Potholes", "Roads", "Streets"]
 * ```
 */
export const path = <N extends Node>(tree: ReadonlyArray<N>, id: number): ReadonlyArray<N> => {
  const byId = new Map(tree.map((category) => [category.id, category]))
  const steps: Array<N> = []
  for (let category = byId.get(id); category !== undefined; ) {
    // A list that loops (never one the API keeps) ends the path rather than the program.
    if (steps.includes(category)) break
    steps.push(category)
    const parent = parentOf(category)
    category = parent === null ? undefined : byId.get(parent)
  }
  return steps
}

/**
 * A category and everything below it.
 *
 * @example
 * ```ts
 * subtree(tree, 11).map((category) => category.id) // [11, 13]
 * ```
 */
export const subtree = <N extends Node>(tree: ReadonlyArray<N>, id: number): ReadonlyArray<N> =>
  tree.filter((category) => path(tree, category.id).some((step) => step.id === id))

/**
 * Why a category cannot move under a parent, or undefined when it can: the root stays where it is,
 * a category cannot be its own ancestor (the parent is the category or inside its subtree), and
 * the moved subtree must still fit {@link maxDepth} levels below the root.
 *
 * @example
 * ```ts
 * moveProblem(tree, 11, 13) // "cannot be the category itself or one of its subcategories"
 * moveProblem(tree, 13, 12) // undefined
 * ```
 */
export const moveProblem = (tree: ReadonlyArray<Node>, id: number, parentId: number): string | undefined => {
  const category = tree.find((node) => node.id === id)
  const parent = tree.find((node) => node.id === parentId)
  if (category === undefined || parent === undefined) return "is not a category of this channel"
  if (parentOf(category) === null) return "the root category cannot be moved"
  const moved = subtree(tree, id)
  if (moved.some((member) => member.id === parentId))
    return "cannot be the category itself or one of its subcategories"
  const shift = parent.depth + 1 - category.depth
  if (Math.max(...moved.map((member) => member.depth)) + shift > maxDepth)
    return `would nest the category's subtree more than ${maxDepth} levels below the root`
  return undefined
}
