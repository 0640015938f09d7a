import { describe, expect, it } from "@effect/vitest"
import * as fc from "fast-check"
import * as OgcLinks from "../src/OgcLinks.ts"

const base = "https://reports.example.com/ogc/features"

describe("OgcLinks", () => {
  it("gives the landing page the relations clients look for", () => {
    expect(OgcLinks.landing(base).map(({ rel, href, type }) => [rel, href, type])).toEqual([
      ["self", base, "application/json"],
      ["service-desc", `${base}/api`, "application/vnd.oai.openapi+json;version=3.0"],
      ["conformance", `${base}/conformance`, "application/json"],
      ["data", `${base}/collections`, "application/json"],
    ])
  })

  it("links a collection to its items as GeoJSON", () => {
    expect(OgcLinks.collection(base, "reports-4").map(({ rel, href, type }) => [rel, href, type])).toEqual([
      ["self", `${base}/collections/reports-4`, "application/json"],
      ["items", `${base}/collections/reports-4/items`, "application/geo+json"],
    ])
  })

  it("repeats a page's parameters in its next link, with the cursor after the page", () => {
    const links = OgcLinks.items(
      base,
      "reports-4",
      [
        ["bbox", "174.6,-41.4,174.9,-41.1"],
        ["datetime", "2026-11-01T00:00:00+13:00/.."],
        ["limit", "10"],
      ],
      "YWZ0ZXI6MTA",
      "YWZ0ZXI6MjA",
    )
    expect(links.map(({ rel, href }) => [rel, href])).toEqual([
      [
        "self",
        `${base}/collections/reports-4/items?bbox=174.6,-41.4,174.9,-41.1&datetime=2026-11-01T00:00:00%2B13:00/..&limit=10&cursor=YWZ0ZXI6MTA`,
      ],
      ["collection", `${base}/collections/reports-4`],
      [
        "next",
        `${base}/collections/reports-4/items?bbox=174.6,-41.4,174.9,-41.1&datetime=2026-11-01T00:00:00%2B13:00/..&limit=10&cursor=YWZ0ZXI6MjA`,
      ],
    ])
  })

  it("gives the last page no next link, and the first page no cursor", () => {
    const links = OgcLinks.items(base, "shapes", [], undefined, undefined)
    expect(links.map(({ rel, href }) => [rel, href])).toEqual([
      ["self", `${base}/collections/shapes/items`],
      ["collection", `${base}/collections/shapes`],
    ])
  })

  it("writes query strings that read back as the same parameters", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.string({ minLength: 1 }), fc.string())), (parameters) => {
        const read = [...new URLSearchParams(OgcLinks.queryString(parameters)).entries()]
        expect(read).toEqual(parameters)
      }),
    )
  })

  it("links a feature to itself and its collection", () => {
    expect(OgcLinks.item(base, "reports-4", 49).map(({ rel, href }) => [rel, href])).toEqual([
      ["self", `${base}/collections/reports-4/items/49`],
      ["collection", `${base}/collections/reports-4`],
    ])
  })
})
