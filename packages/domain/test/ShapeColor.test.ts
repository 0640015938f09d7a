import { describe, expect, it } from "@effect/vitest"
import * as ShapeColor from "../src/ShapeColor.ts"

describe("ShapeColor.isCssColor", () => {
  it.each([
    "#fff",
    "#ffff",
    "#00aa00",
    "#00aa0080",
    "red",
    "RebeccaPurple",
    "transparent",
    "rgb(0, 128, 255)",
    "rgba(0,128,255,0.5)",
    "rgb(0 128 255 / 50%)",
    "hsl(120deg 100% 25%)",
    "oklch(70% 0.1 200)",
  ])("takes %s", (value) => {
    expect(ShapeColor.isCssColor(value)).toBe(true)
  })

  it.each([
    ["a five-digit hex", "#fffff"],
    ["a word that names no colour", "blu"],
    ["a colour with a style after it", "red; background: url(x)"],
    ["a function that is not a colour", "url(x)"],
    ["a colour function with nested calls", "rgb(calc(1px), 0, 0)"],
    ["an empty string", ""],
    ["a number", 255],
    ["null", null],
  ])("refuses %s", (_, value) => {
    expect(ShapeColor.isCssColor(value)).toBe(false)
  })
})

describe("ShapeColor.normal and highlight", () => {
  it("use the defaults without colours in the metadata", () => {
    expect(ShapeColor.normal({ display: ["Block 3"] })).toBe(ShapeColor.defaultNormal)
    expect(ShapeColor.highlight({ display: ["Block 3"] })).toBe(ShapeColor.defaultHighlight)
  })

  it("take normal_color first, then the legacy color", () => {
    expect(ShapeColor.normal({ color: "#ffff00" })).toBe("#ffff00")
    expect(ShapeColor.normal({ color: "#ffff00", normal_color: "teal" })).toBe("teal")
    expect(ShapeColor.normal({ color: "#ffff00", normal_color: "not a colour" })).toBe("#ffff00")
  })

  it("take highlight_color, and never the legacy color", () => {
    expect(ShapeColor.highlight({ highlight_color: "rgba(255, 0, 0, 0.5)", color: "#ffff00" })).toBe(
      "rgba(255, 0, 0, 0.5)",
    )
    expect(ShapeColor.highlight({ color: "#ffff00" })).toBe(ShapeColor.defaultHighlight)
  })

  it("pass over values that are no colour", () => {
    expect(ShapeColor.normal({ color: 3, normal_color: { r: 1 } })).toBe(ShapeColor.defaultNormal)
    expect(ShapeColor.highlight({ highlight_color: "red; x: y" })).toBe(ShapeColor.defaultHighlight)
  })
})
