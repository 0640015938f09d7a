import type { Category } from "@fieldreport/domain/Category"
import { describe, expect, it } from "vitest"
import { treeOrder } from "./categoryTree.ts"

const category = (
  id: number,
  name: string,
  parent: number | null,
  depth: number,
  position = 0,
): Category => ({
  id,
  name,
  label_name: name,
  depth,
  max_subtree_extra_depth: 0,
  pin_color: "#ff0000",
  pin_appearance: "normal",
  pin_urls: { at1x: "", at2x: "", at3x: "" },
  position,
  parent_id: parent,
})

describe("treeOrder", () => {
  it("puts each category right after its parent, siblings by position", () => {
    const ordered = treeOrder([
      category(4, "Graffiti", 2, 2),
      category(3, "Roads", 1, 1, 1),
      category(2, "Vandalism", 1, 1, 0),
      category(1, "Harbour", null, 0),
      category(5, "Potholes", 3, 2),
    ])
    expect(ordered.map((each) => each.name)).toEqual([
      "Harbour",
      "Vandalism",
      "Graffiti",
      "Roads",
      "Potholes",
    ])
  })
})
