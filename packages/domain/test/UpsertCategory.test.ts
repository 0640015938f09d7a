import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import { InvalidInput } from "../src/Invalid.ts"
import { type CategoryNode, type CategoryPlan, plan } from "../src/UpsertCategory.ts"

// Root 1 ─ Roads 2 ─ Potholes 3 ─ Deep 4
//        │         └ Signs 5
//        ├ Water 6 ─ Leaks 7
//        └ roads 8 (a later, differently spelled duplicate of Roads)
const categories: ReadonlyArray<CategoryNode> = [
  { id: 1, name: "Channel", parent_id: null },
  { id: 8, name: "roads", parent_id: 1 },
  { id: 2, name: "Roads", parent_id: 1 },
  { id: 3, name: "Potholes", parent_id: 2 },
  { id: 4, name: "Deep", parent_id: 3 },
  { id: 5, name: "Signs", parent_id: 2 },
  { id: 6, name: "Water", parent_id: 1 },
  { id: 7, name: "Leaks", parent_id: 6 },
]

const planFor = (body: { category_id?: unknown; category_names?: unknown }) =>
  plan({ categories, rootId: 1, categoryId: body.category_id, categoryNames: body.category_names })

const use = (categoryId: number): CategoryPlan => ({ _tag: "UseCategory", categoryId })
const create = (parentId: number, ...names: Array<string>): CategoryPlan => ({
  _tag: "CreateCategories",
  parentId,
  names,
})

describe("UpsertCategory.plan", () => {
  it.each<[string, { category_id?: unknown; category_names?: unknown }, CategoryPlan]>([
    // Rule 4
    ["the root without category_id or names", {}, use(1)],
    ["the root for a null category_id", { category_id: null }, use(1)],
    ["the root for null names", { category_names: null }, use(1)],
    // Rule 5
    ["the category_id given", { category_id: 7 }, use(7)],
    ["the root when it is the category_id given", { category_id: 1 }, use(1)],
    ["the category_id over names", { category_id: 7, category_names: ["Roads"] }, use(7)],
    ["the category_id over invalid names", { category_id: 7, category_names: "Roads" }, use(7)],
    ["the names when category_id is null", { category_id: null, category_names: ["Water"] }, use(6)],
    // Rule 6
    ["the root for no names", { category_names: [] }, use(1)],
    ["a first-level category for one name", { category_names: ["Water"] }, use(6)],
    ["the second of two names, under the first", { category_names: ["Water", "Leaks"] }, use(7)],
    ["the third of three names", { category_names: ["Roads", "Potholes", "Deep"] }, use(4)],
    ["a new first-level category", { category_names: ["Parks"] }, create(1, "Parks")],
    [
      "the missing tail of a path",
      { category_names: ["Roads", "Potholes", "Shallow"] },
      create(3, "Shallow"),
    ],
    [
      "every name of a new path, nested",
      { category_names: ["Parks", "Benches", "Broken"] },
      create(1, "Parks", "Benches", "Broken"),
    ],
    [
      "all names after the first missing one",
      { category_names: ["Roads", "Kerbs", "Deep"] },
      create(2, "Kerbs", "Deep"),
    ],
    // A name matches only below its parent, never elsewhere in the tree.
    ["a new first-level category for a deeper name", { category_names: ["Leaks"] }, create(1, "Leaks")],
    [
      "a new child where the name exists on another branch",
      { category_names: ["Water", "Signs"] },
      create(6, "Signs"),
    ],
    // Matching
    ["case-insensitive, trimmed matches", { category_names: ["  WATER ", "leaks"] }, use(7)],
    ["the oldest of two siblings that match", { category_names: ["ROADS", "Signs"] }, use(5)],
    [
      "the trimmed spelling given for new names",
      { category_names: [" Parks  ", "Benches "] },
      create(1, "Parks", "Benches"),
    ],
  ])("plans %s", (_, body, expected) => {
    expect(planFor(body)).toEqual(Result.succeed(expected))
  })

  it("matches a decomposed accent to a composed one", () => {
    const withAccent = [...categories, { id: 9, name: "Caf\u00e9", parent_id: 1 }]
    expect(
      plan({ categories: withAccent, rootId: 1, categoryId: undefined, categoryNames: ["CAFE\u0301"] }),
    ).toEqual(Result.succeed(use(9)))
  })

  it.each<[string, { category_id?: unknown; category_names?: unknown }, string, string]>([
    [
      "a category_id outside the channel",
      { category_id: 99 },
      "report.category_id",
      "is not a category of this channel",
    ],
    [
      "a category_id that is not an integer",
      { category_id: "7" },
      "report.category_id",
      "must be an integer",
    ],
    ["a fractional category_id", { category_id: 7.5 }, "report.category_id", "must be an integer"],
    // Rule 7: category_names is an array of at most 3 non-empty strings.
    [
      "names that are not an array",
      { category_names: "Roads" },
      "report.category_names",
      "must be an array of names",
    ],
    [
      "names given as an object",
      { category_names: { 0: "Roads" } },
      "report.category_names",
      "must be an array of names",
    ],
    [
      "four names",
      { category_names: ["Roads", "Potholes", "Deep", "Deeper"] },
      "report.category_names",
      "must hold at most 3 names",
    ],
    [
      "a blank name",
      { category_names: ["Roads", "  "] },
      "report.category_names",
      "every name must be a non-empty string",
    ],
    [
      "a name that is a number",
      { category_names: [42] },
      "report.category_names",
      "every name must be a non-empty string",
    ],
    [
      "a null name",
      { category_names: ["Roads", null] },
      "report.category_names",
      "every name must be a non-empty string",
    ],
  ])("rejects %s", (_, body, path, message) => {
    const result = planFor(body)
    expect(result).toEqual(Result.fail(InvalidInput.at(path, message)))
  })
})
