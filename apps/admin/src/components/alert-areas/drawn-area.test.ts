import { describe, expect, it } from "vitest"
import { areaLabel, describe as describeArea, fromAlertArea, toBody } from "./drawn-area.ts"

describe("drawn alert areas", () => {
  it("writes a circle as a POINT with a whole radius, and its name trimmed", () => {
    expect(toBody({ kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 499.6 }, " Home ")).toEqual(
      {
        alert_area: { name: "Home", area: "POINT (174.78 -41.29)", radius: 500 },
      },
    )
  })

  it("closes a polygon's ring and sends no radius", () => {
    const body = toBody(
      {
        kind: "poly",
        corners: [
          { lat: 0, lng: 0 },
          { lat: 0, lng: 1 },
          { lat: 1, lng: 1 },
        ],
      },
      "  ",
    )
    expect(body).toEqual({ alert_area: { name: null, area: "POLYGON ((0 0, 1 0, 1 1, 0 0))", radius: null } })
  })

  it("reads stored areas back into what was drawn", () => {
    const base = { id: 1, name: null, latitude: 0, longitude: 0 }
    expect(
      fromAlertArea({ ...base, shape_type: "circle", radius: 500, area: "POINT (174.78 -41.29)" }),
    ).toEqual({
      kind: "circle",
      center: { lat: -41.29, lng: 174.78 },
      radius: 500,
    })
    expect(
      fromAlertArea({ ...base, shape_type: "poly", radius: null, area: "POLYGON ((0 0, 1 0, 1 1, 0 0))" }),
    ).toEqual({
      kind: "poly",
      corners: [
        { lat: 0, lng: 0 },
        { lat: 0, lng: 1 },
        { lat: 1, lng: 1 },
      ],
    })
    expect(fromAlertArea({ ...base, shape_type: "poly", radius: null, area: "not wkt" })).toBeUndefined()
  })

  it("labels a stored area by its name and shape, or by its shape alone", () => {
    const stored = {
      id: 1,
      name: "Home",
      shape_type: "circle" as const,
      radius: 500,
      area: "POINT (174.78 -41.29)",
      latitude: -41.29,
      longitude: 174.78,
    }
    expect(areaLabel(stored, fromAlertArea(stored))).toBe("Home: Circle of 500 m around -41.29000, 174.78000")
    expect(areaLabel({ ...stored, name: null }, fromAlertArea(stored))).toBe(
      "Circle of 500 m around -41.29000, 174.78000",
    )
  })

  it("describes an area in words", () => {
    expect(describeArea({ kind: "circle", center: { lat: -41.29, lng: 174.78 }, radius: 1500 })).toBe(
      "Circle of 1,500 m around -41.29000, 174.78000",
    )
    expect(
      describeArea({
        kind: "poly",
        corners: [
          { lat: 0, lng: 0 },
          { lat: 0, lng: 3 },
          { lat: 3, lng: 0 },
        ],
      }),
    ).toBe("Polygon of 3 corners around 1.00000, 1.00000")
  })
})
