import { describe, expect, it } from "@effect/vitest"
import { Shape, ShapeCreate, ShapeSearch, ShapeUpdate } from "../src/Shape.ts"
import { decoded, errors } from "./internal/decode.ts"

const polygon = "POLYGON((0 0, 1 0, 1 1, 0 0))"

describe("Shape", () => {
  it.each([
    ["the default fields", { id: 3, geom: polygon, metadata: {} }],
    [
      "the selected fields",
      {
        id: 3,
        geom: polygon,
        metadata: { color: "#ffff00" },
        branded_app_id: 1,
        cache_key: "3-1",
        highlight_color: "#ff0000",
        normal_color: "#00ff00",
      },
    ],
  ])("reads %s", (_, value) => {
    expect(decoded(Shape, value)).toEqual(value)
  })
})

describe("ShapeCreate", () => {
  it.each([
    [
      "display lines, raw attributes and other keys",
      {
        geom: polygon,
        metadata: { display: ["Block 3"], raw: { info: "here", area: 2.5, tags: ["a"] }, color: "#ffff00" },
      },
    ],
    ["empty metadata", { geom: polygon, metadata: {} }],
  ])("takes %s", (_, body) => {
    expect(decoded(ShapeCreate, body, "shape")).toEqual(body)
  })

  it("gives a shape without metadata empty metadata and never takes an app or id", () => {
    expect(decoded(ShapeCreate, { id: 4, branded_app_id: 2, geom: polygon }, "shape")).toEqual({
      geom: polygon,
      metadata: {},
    })
  })

  it.each([
    ["no geometry", { metadata: {} }, { "shape.geom": ["is required"] }],
    ["a blank geometry", { geom: " " }, { "shape.geom": ["must not be blank"] }],
    [
      "display that is not lines",
      { geom: polygon, metadata: { display: "Block 3" } },
      { "shape.metadata.display": ["must be an array"] },
    ],
    [
      "display lines that are not text",
      { geom: polygon, metadata: { display: [3] } },
      {
        "shape.metadata.display.0": ["must be a string"],
      },
    ],
    [
      "raw that is not an object",
      { geom: polygon, metadata: { raw: [1] } },
      { "shape.metadata.raw": ["must be an object"] },
    ],
    [
      "metadata that is not an object",
      { geom: polygon, metadata: "x" },
      { "shape.metadata": ["must be an object"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ShapeCreate, body, "shape")).toEqual(expected)
  })
})

describe("ShapeUpdate", () => {
  it("takes a geometry, metadata, both or neither, and never an id or app", () => {
    expect(decoded(ShapeUpdate, { id: 4, branded_app_id: 2 }, "shape")).toEqual({})
    expect(decoded(ShapeUpdate, { geom: "POINT (1 2)" }, "shape")).toEqual({ geom: "POINT (1 2)" })
    expect(decoded(ShapeUpdate, { metadata: { display: ["Gate"] } }, "shape")).toEqual({
      metadata: { display: ["Gate"] },
    })
  })

  it("refuses a blank geometry and metadata that is not an object, naming each", () => {
    expect(Object.keys(errors(ShapeUpdate, { geom: "", metadata: [] }, "shape") ?? {}).sort()).toEqual([
      "shape.geom",
      "shape.metadata",
    ])
  })
})

describe("ShapeSearch", () => {
  it.each([
    ["a point", { contains: { latitude: -41.29, longitude: 174.78 } }],
    ["a geometry", { intersects: polygon }],
    ["a box", { bbox: [174.6, -41.4, 174.9, -41.2] }],
    ["a box of one point", { bbox: [1, 2, 1, 2] }],
  ])("takes %s", (_, body) => {
    expect(decoded(ShapeSearch, body, "shape_search")).toEqual(body)
  })

  const exactlyOne = { shape_search: ["must give exactly one of contains, intersects and bbox"] }
  it.each([
    ["nothing", {}, exactlyOne],
    ["two kinds", { intersects: polygon, bbox: [0, 0, 1, 1] }, exactlyOne],
    [
      "a point out of range",
      { contains: { latitude: 95, longitude: 0 } },
      {
        "shape_search.contains.latitude": ["must be between -90 and 90"],
      },
    ],
    ["a box of three numbers", { bbox: [0, 0, 1] }, { "shape_search.bbox.3": ["is required"] }],
    [
      "a box west of its start",
      { bbox: [10, 0, 5, 1] },
      {
        "shape_search.bbox.2": ["must not be less than the minimum longitude"],
      },
    ],
    [
      "a box south of its start",
      { bbox: [0, 10, 1, 5] },
      {
        "shape_search.bbox.3": ["must not be less than the minimum latitude"],
      },
    ],
    [
      "a box out of range",
      { bbox: [-181, 0, 1, 1] },
      { "shape_search.bbox.0": ["must be between -180 and 180"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ShapeSearch, body, "shape_search")).toEqual(expected)
  })
})
