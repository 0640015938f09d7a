import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as CategoryTree from "../src/CategoryTree.ts"

const node = (id: number, name: string, parent_id: number | null, depth: number, position = 0) => ({
  id,
  name,
  parent_id,
  depth,
  position,
})

// Streets ─┬─ Roads ── Potholes ── Deep
//          └─ Lighting
const streets = [
  node(13, "Potholes", 11, 2),
  node(12, "Lighting", 10, 1, 1),
  node(10, "Streets", null, 0),
  node(14, "Deep", 13, 3),
  node(11, "Roads", 10, 1, 0),
]

const ids = (nodes: ReadonlyArray<CategoryTree.Node>) => nodes.map((each) => each.id)

describe("CategoryTree", () => {
  it("labels each depth, the root's first, and lets only categories above the deepest level hold children", () => {
    expect(CategoryTree.labelNames).toHaveLength(CategoryTree.maxDepth + 1)
    expect(CategoryTree.labelNames[0]).toBe("Main category")
    expect(CategoryTree.canHoldChildren({ depth: CategoryTree.maxDepth - 1 })).toBe(true)
    expect(CategoryTree.canHoldChildren({ depth: CategoryTree.maxDepth })).toBe(false)
  })

  it("puts each category right after its parent, siblings by position then name", () => {
    expect(ids(CategoryTree.treeOrder(streets))).toEqual([10, 11, 13, 14, 12])
    expect(
      CategoryTree.treeOrder([
        node(1, "Root", null, 0),
        node(3, "Bins", 1, 1, 2),
        node(2, "Alleys", 1, 1, 2),
      ]).map((each) => each.name),
    ).toEqual(["Root", "Alleys", "Bins"])
  })

  it("keeps a category whose parent is missing, as a root", () => {
    expect(ids(CategoryTree.treeOrder([node(5, "Orphan", 99, 2), node(1, "Root", null, 0)]))).toEqual([5, 1])
  })

  it("lists the children of a category in sibling order", () => {
    expect(ids(CategoryTree.children(streets, 10))).toEqual([11, 12])
    expect(CategoryTree.children(streets, 14)).toEqual([])
  })

  it("walks the path from a category up to the root", () => {
    expect(CategoryTree.path(streets, 14).map((each) => each.name)).toEqual([
      "Deep",
      "Potholes",
      "Roads",
      "Streets",
    ])
    expect(CategoryTree.path(streets, 10).map((each) => each.name)).toEqual(["Streets"])
    expect(CategoryTree.path(streets, 99)).toEqual([])
  })

  it("ends the path of a list that loops", () => {
    expect(ids(CategoryTree.path([node(1, "A", 2, 1), node(2, "B", 1, 1)], 1))).toEqual([1, 2])
  })

  it("takes a category's whole subtree", () => {
    expect(ids(CategoryTree.subtree(streets, 11)).sort()).toEqual([11, 13, 14])
    expect(ids(CategoryTree.subtree(streets, 12))).toEqual([12])
  })

  it.each<[string, number, number, string | undefined]>([
    ["a leaf under another parent", 14, 12, undefined],
    ["a subtree that still fits", 13, 12, undefined],
    ["the root", 10, 12, "the root category cannot be moved"],
    ["a category under itself", 11, 11, "cannot be the category itself or one of its subcategories"],
    [
      "a category under its own descendant",
      11,
      14,
      "cannot be the category itself or one of its subcategories",
    ],
    [
      "a subtree that would nest too deep",
      11,
      12,
      "would nest the category's subtree more than 3 levels below the root",
    ],
    ["a parent outside the tree", 11, 99, "is not a category of this channel"],
  ])("judges moving %s", (_, id, parentId, problem) => {
    expect(CategoryTree.moveProblem(streets, id, parentId)).toBe(problem)
  })
})

/** A valid tree of up to 30 categories: each one's parent drawn among those before it that can hold children. */
const tree: fc.Arbitrary<ReadonlyArray<CategoryTree.Node>> = fc
  .array(fc.tuple(fc.nat(), fc.nat({ max: 5 }), fc.constantFrom("Roads", "Bins", "Signs", "Lights")), {
    maxLength: 29,
  })
  .map((draws) => {
    const nodes: Array<CategoryTree.Node> = [node(1, "Root", null, 0)]
    for (const [pick, position, name] of draws) {
      const parents = nodes.filter(CategoryTree.canHoldChildren)
      const parent = parents[pick % parents.length]!
      nodes.push(node(nodes.length + 1, name, parent.id, parent.depth + 1, position))
    }
    return nodes
  })
  .chain((nodes) => fc.shuffledSubarray(nodes, { minLength: nodes.length }))

describe("CategoryTree properties", () => {
  it("orders every category once, each after its parent", () => {
    fc.assert(
      fc.property(tree, (nodes) => {
        const ordered = CategoryTree.treeOrder(nodes)
        expect(ids(ordered).sort((a, b) => a - b)).toEqual(ids(nodes).sort((a, b) => a - b))
        for (const [index, category] of ordered.entries()) {
          if (category.parent_id === null) continue
          expect(ids(ordered).indexOf(category.parent_id ?? 0)).toBeLessThan(index)
        }
      }),
    )
  })

  it("walks from every category to the root in depth + 1 steps, each the parent of the one before", () => {
    fc.assert(
      fc.property(tree, (nodes) => {
        for (const category of nodes) {
          const steps = CategoryTree.path(nodes, category.id)
          expect(steps).toHaveLength(category.depth + 1)
          expect(steps.at(-1)?.parent_id).toBeNull()
          for (const [index, step] of steps.slice(1).entries()) expect(steps[index]?.parent_id).toBe(step.id)
        }
      }),
    )
  })

  it("never lets a category become its own ancestor, and allows every move that keeps the tree within its depth", () => {
    fc.assert(
      fc.property(tree, fc.nat(), fc.nat(), (nodes, a, b) => {
        const category = nodes[a % nodes.length]!
        const parent = nodes[b % nodes.length]!
        const problem = CategoryTree.moveProblem(nodes, category.id, parent.id)
        const ancestors = ids(CategoryTree.path(nodes, parent.id))
        if (category.parent_id === null) expect(problem).toBe("the root category cannot be moved")
        else if (ancestors.includes(category.id))
          expect(problem).toBe("cannot be the category itself or one of its subcategories")
        else {
          // Moved, the deepest of the subtree lands this deep:
          const deepest = Math.max(...CategoryTree.subtree(nodes, category.id).map((member) => member.depth))
          const landed = deepest + parent.depth + 1 - category.depth
          expect(problem === undefined).toBe(landed <= CategoryTree.maxDepth)
        }
      }),
      { numRuns: 500 },
    )
  })
})
