import { describe, expect, it } from "@effect/vitest"
import { Category, CategoryCreate, CategoryUpdate, ListedCategory } from "../src/Category.ts"
import { decoded, errors } from "./internal/decode.ts"

const pinUrls = {
  at1x: "https://x/pin-green@1x.png",
  at2x: "https://x/pin-green@2x.png",
  at3x: "https://x/pin-green@3x.png",
}
const category = {
  id: 3,
  name: "From effluent pond",
  label_name: "Tertiary category",
  depth: 2,
  max_subtree_extra_depth: 1,
  pin_color: "green",
  pin_appearance: "default",
  pin_urls: pinUrls,
  position: 1,
}

describe("Category", () => {
  it.each([
    ["the plain fields", category],
    ["the selected fields", { ...category, account_id: 1, parent_id: 2, child_ids: [] }],
    ["the root", { ...category, depth: 0, parent_id: null }],
  ])("reads %s", (_, value) => {
    expect(decoded(Category, value)).toEqual(value)
  })

  it("refuses pin urls without every size", () => {
    expect(errors(Category, { ...category, pin_urls: { at1x: "a", at2x: "b" } })).toEqual({
      "pin_urls.at3x": ["is required"],
    })
  })
})

describe("ListedCategory", () => {
  it("reads the id alone, as a list answers by default, and any fields named", () => {
    expect(decoded(ListedCategory, { id: 3 })).toEqual({ id: 3 })
    expect(decoded(ListedCategory, { id: 3, name: "Spill" })).toEqual({ id: 3, name: "Spill" })
    expect(errors(ListedCategory, { name: "Spill" })).toEqual({ id: ["is required"] })
  })
})

describe("CategoryCreate", () => {
  it.each([
    [
      "a name and colour, under the root",
      { name: "Spill", pin_color: "red" },
      { name: "Spill", pin_color: "red" },
    ],
    [
      "a parent and pin style",
      { name: "Spill", parent_id: 2, pin_color: "#FF0000", pin_appearance: "default" },
      { name: "Spill", parent_id: 2, pin_color: "#FF0000", pin_appearance: "default" },
    ],
    ["a short hex colour", { name: "Spill", pin_color: "#f00" }, { name: "Spill", pin_color: "#f00" }],
    ["a name alone (the colour is the parent's)", { name: "Spill" }, { name: "Spill" }],
    [
      "no id, depth or urls",
      { id: 5, name: "S", pin_color: "red", depth: 0, pin_urls: pinUrls },
      { name: "S", pin_color: "red" },
    ],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(CategoryCreate, body, "category")).toEqual(expected)
  })

  const colour = "must be a colour name such as green or a hex colour such as #00aa00"
  it.each([
    ["no name", { pin_color: "red" }, { "category.name": ["is required"] }],
    ["a colour with a path in it", { name: "S", pin_color: "../red" }, { "category.pin_color": [colour] }],
    ["a colour function", { name: "S", pin_color: "rgb(1,2,3)" }, { "category.pin_color": [colour] }],
    ["a hex colour of 4 digits", { name: "S", pin_color: "#ff00" }, { "category.pin_color": [colour] }],
    [
      "a pin style with a path in it",
      { name: "S", pin_color: "red", pin_appearance: "a/b" },
      {
        "category.pin_appearance": ["must be one word of a-z, 0-9, - and _"],
      },
    ],
    [
      "a parent that is not an id",
      { name: "S", pin_color: "red", parent_id: null },
      { "category.parent_id": ["must be a number"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(CategoryCreate, body, "category")).toEqual(expected)
  })
})

describe("CategoryUpdate", () => {
  it.each([
    ["nothing", {}, {}],
    ["a move", { parent_id: 4 }, { parent_id: 4 }],
    ["a new colour", { pin_color: "blue" }, { pin_color: "blue" }],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(CategoryUpdate, body, "category")).toEqual(expected)
  })

  it("refuses a blank name", () => {
    expect(errors(CategoryUpdate, { name: "" }, "category")).toEqual({
      "category.name": ["must not be blank"],
    })
  })
})
