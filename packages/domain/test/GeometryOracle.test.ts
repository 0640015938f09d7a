/**
 * Compares our geometry with PostGIS on thousands of random cases: point in polygon with holes
 * against `ST_Covers`, circle containment against `ST_DWithin` on a sphere, and ring validation
 * against `ST_IsValid`. Each comparison is one query over arrays, so the whole file takes seconds.
 *
 * Needs `FIELDREPORT_TEST_DATABASE_URL` (a PostgreSQL database where PostGIS can be created);
 * without it the tests are skipped.
 */
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import * as fc from "fast-check"
import { Client } from "pg"
import * as GeometryValidation from "../src/GeometryValidation.ts"
import * as GreatCircle from "../src/GreatCircle.ts"
import * as PointInPolygon from "../src/PointInPolygon.ts"
import type { Position } from "../src/Position.ts"
import * as Wkt from "../src/Wkt.ts"
import { edges, onGrid, starPolygon } from "./internal/starPolygons.ts"

const url = process.env.FIELDREPORT_TEST_DATABASE_URL
if (url === undefined) {
  console.info(
    "GeometryOracle: FIELDREPORT_TEST_DATABASE_URL is not set, so the PostGIS comparisons are skipped",
  )
}

const SEED = 20_261_122

describe.skipIf(url === undefined)("geometry against PostGIS", () => {
  const client = new Client({ connectionString: url })

  beforeAll(async () => {
    await client.connect()
    await client.query("CREATE EXTENSION IF NOT EXISTS postgis")
  })

  afterAll(() => client.end())

  it("point in polygon with holes agrees with ST_Covers, on boundaries too", async () => {
    const offset = fc.double({ min: -1.1, max: 1.1, noNaN: true })
    const samples = fc.sample(
      fc.tuple(starPolygon, fc.array(fc.tuple(offset, offset), { minLength: 40, maxLength: 40 })),
      {
        numRuns: 120,
        seed: SEED,
      },
    )
    const shapes = samples.map(([shape]) => shape)
    const cases: Array<{ readonly shape: number; readonly point: Position }> = []
    samples.forEach(([{ polygon, center, size, holes }, offsets], shape) => {
      const add = (point: Position) => cases.push({ shape, point })
      for (const [[ax, ay], [bx, by]] of edges(polygon)) {
        // Corners, midpoints and quarter points are exactly on the boundary (see starPolygons).
        add([ax, ay])
        add([(ax + bx) / 2, (ay + by) / 2])
        add([(3 * ax + bx) / 4, (3 * ay + by) / 4])
        // A grid step either side of the midpoint: on one side or the other, never on the edge.
        add([(ax + bx) / 2, (ay + by) / 2 + 1 / 2048])
        add([(ax + bx) / 2, (ay + by) / 2 - 1 / 2048])
      }
      add(holes[0])
      add(holes[1])
      for (const [dx, dy] of offsets) add([onGrid(center[0] + dx * size), onGrid(center[1] + dy * size)])
    })
    expect(cases.length).toBeGreaterThan(10_000)

    const wkts = shapes.map(({ polygon }) => Wkt.write(polygon))
    const validity = await client.query<{ valid: boolean }>(
      "SELECT bool_and(ST_IsValid(ST_GeomFromText(wkt))) AS valid FROM unnest($1::text[]) AS s(wkt)",
      [wkts],
    )
    expect(validity.rows[0]?.valid).toBe(true)
    const { rows } = await client.query<{ covers: boolean }>(
      `WITH shapes AS MATERIALIZED (
         SELECT n, ST_GeomFromText(wkt) AS shape FROM unnest($1::text[]) WITH ORDINALITY AS s(wkt, n)
       )
       SELECT ST_Covers(shapes.shape, ST_MakePoint(c.x, c.y)) AS covers
       FROM unnest($2::int[], $3::float8[], $4::float8[]) WITH ORDINALITY AS c(shape, x, y, n)
       JOIN shapes ON shapes.n = c.shape
       ORDER BY c.n`,
      [
        wkts,
        cases.map(({ shape }) => shape + 1),
        cases.map(({ point }) => point[0]),
        cases.map(({ point }) => point[1]),
      ],
    )

    const disagreements = cases.filter(
      ({ shape, point }, i) => PointInPolygon.contains(shapes[shape]!.polygon, point) !== rows[i]!.covers,
    )
    expect(disagreements).toEqual([])
    // Both answers occur plenty, so agreement means something.
    const inside = rows.filter(({ covers }) => covers).length
    expect(inside).toBeGreaterThan(cases.length / 10)
    expect(cases.length - inside).toBeGreaterThan(cases.length / 10)
  })

  it("circle containment agrees with ST_DWithin on a sphere, near the poles and the antimeridian too", async () => {
    const between = (min: number, max: number) => fc.double({ min, max, noNaN: true })
    const circleCase = fc
      .record({
        center: fc.oneof(
          fc.tuple(between(-180, 180), between(-90, 90)),
          fc.tuple(fc.oneof(between(-180, -179), between(179, 180)), between(-90, 90)),
          fc.tuple(between(-180, 180), fc.oneof(between(-90, -89), between(89, 90))),
        ),
        radius: fc.oneof(fc.integer({ min: 1, max: 100 }), fc.integer({ min: 1, max: 100_000 })),
        bearing: between(0, 360),
        // Mostly close to the edge, where a mistake would show.
        reach: fc.oneof(between(0, 2), between(0.99, 1.01), between(0.99, 1.01)),
      })
      .map(({ center, radius, bearing, reach }) => ({
        center: center as Position,
        radius,
        point: GreatCircle.destination(center, bearing, radius * reach),
      }))
    const cases = fc.sample(circleCase, { numRuns: 12_000, seed: SEED })

    const { rows } = await client.query<{ within: boolean; distance: number }>(
      `SELECT ST_DWithin(a, b, r, false) AS within, ST_Distance(a, b, false) AS distance
       FROM (
         SELECT ST_MakePoint(cx, cy)::geography AS a, ST_MakePoint(px, py)::geography AS b, r, n
         FROM unnest($1::float8[], $2::float8[], $3::float8[], $4::float8[], $5::float8[])
           WITH ORDINALITY AS c(cx, cy, px, py, r, n)
       ) AS pairs
       ORDER BY n`,
      [
        cases.map(({ center }) => center[0]),
        cases.map(({ center }) => center[1]),
        cases.map(({ point }) => point[0]),
        cases.map(({ point }) => point[1]),
        cases.map(({ radius }) => radius),
      ],
    )

    // PostGIS's sphere has radius 6,371,008.7714 m, ours 6,371,008.8 m: cases within a hair of the
    // edge may differ for that alone, so they are left out (and counted, to keep them few).
    const nearEdge = ({ center, radius, point }: (typeof cases)[number]) =>
      Math.abs(GreatCircle.distance(center, point) - radius) <= 0.001 + radius * 1e-7
    expect(cases.filter(nearEdge).length).toBeLessThan(cases.length / 100)
    const disagreements = cases.filter(
      (circle, i) => !nearEdge(circle) && GreatCircle.contains(circle, circle.point) !== rows[i]!.within,
    )
    expect(disagreements).toEqual([])
    const distanceErrors = cases.filter(({ center, point }, i) => {
      const theirs = rows[i]!.distance
      return Math.abs(GreatCircle.distance(center, point) - theirs) > 1e-3 + theirs * 1e-7
    })
    expect(distanceErrors).toEqual([])
  })

  it("ring validation agrees with ST_IsValid on rings full of touching and overlapping edges", async () => {
    // Corners on a 6 × 6 grid; at least three distinct ones, as PostGIS will not read fewer.
    const corner = fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 }))
    const rings = fc
      .sample(fc.array(corner, { minLength: 3, maxLength: 10 }), { numRuns: 10_000, seed: SEED })
      .map((corners): Array<Position> => [...corners, corners[0]!])
    const { rows } = await client.query<{ valid: boolean }>(
      `SELECT ST_IsValid(ST_GeomFromText(wkt)) AS valid FROM unnest($1::text[]) WITH ORDINALITY AS r(wkt, n) ORDER BY n`,
      [rings.map((ring) => Wkt.write({ type: "Polygon", coordinates: [ring] }))],
    )
    const disagreements = rings.filter((ring, i) => {
      const ours = Result.isSuccess(
        GeometryValidation.validate({ type: "Polygon", coordinates: [ring] }, "area"),
      )
      return ours !== rows[i]!.valid
    })
    expect(disagreements).toEqual([])
    const valid = rows.filter(({ valid }) => valid).length
    expect(valid).toBeGreaterThan(rings.length / 10)
    expect(valid).toBeLessThan((rings.length * 9) / 10)
  })
})
