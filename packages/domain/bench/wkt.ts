/**
 * The WKT micro benchmark, run on demand:
 *
 *     npm run bench -w packages/domain
 *
 * It prints how long `Wkt.parse` takes to read one polygon of 20, 200 and 2,000 vertices (stars
 * around centres in New Zealand, coordinates to 6 decimals as the importer benchmark writes them),
 * `Wkt.write` to write it and `GeometryValidation.validate` to check it, as the median of several rounds after a warm-up. Every call gets a
 * polygon of its own: V8 caches the text of numbers it has written, so writing one polygon over and
 * over would measure the cache. The figures are for comparing versions on one machine, not a target.
 */
import { Result } from "effect"
import * as GeometryValidation from "../src/GeometryValidation.ts"
import type { Polygon } from "../src/Wkt.ts"
import * as Wkt from "../src/Wkt.ts"

const ROUNDS = 7

/** A star-shaped ring of `vertices` positions (the last repeats the first), never self-intersecting. */
const star = (vertices: number, seed: number): Polygon => {
  const round = (x: number) => Number(x.toFixed(6))
  const longitude = 172 + (seed % 1000) * 0.005
  const latitude = -44 + Math.floor(seed / 1000) * 0.005
  const ring: Array<readonly [number, number]> = []
  for (let i = 0; i < vertices - 1; i++) {
    const angle = (2 * Math.PI * i) / (vertices - 1)
    const radius = 0.01 * (1 + 0.3 * Math.sin(7 * angle + seed))
    ring.push([round(longitude + radius * Math.cos(angle)), round(latitude + radius * Math.sin(angle))])
  }
  ring.push(ring[0]!)
  return { type: "Polygon", coordinates: [ring] }
}

/** Median microseconds per item of `work` over `ROUNDS` rounds through every item. */
const microsecondsPerItem = <A>(items: ReadonlyArray<A>, work: (item: A) => unknown): number => {
  for (const item of items) work(item)
  const rounds: Array<number> = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint()
    for (const item of items) work(item)
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / items.length)
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!
}

console.log(`Node ${process.version}; median of ${ROUNDS} rounds after a warm-up`)
console.log("vertices  text (bytes)  parse (µs/polygon)  write (µs/polygon)  validate (µs/polygon)")
for (const vertices of [20, 200, 2000]) {
  const count = Math.max(50, Math.round(200_000 / vertices))
  const polygons = Array.from({ length: count }, (_, seed) => star(vertices, seed))
  const texts = polygons.map((polygon) => Wkt.write(polygon))
  for (const text of texts) {
    if (!Result.isSuccess(Wkt.parse(text, "shape.geom"))) throw new Error(`cannot read back ${text}`)
  }
  const parse = microsecondsPerItem(texts, (text) => Wkt.parse(text, "shape.geom"))
  // Written once above already: write fresh copies, whose numbers V8 has not seen as text.
  const write = microsecondsPerItem(
    polygons.map((_, seed) => star(vertices, seed + count)),
    (polygon) => Wkt.write(polygon),
  )
  const validate = microsecondsPerItem(polygons, (polygon) =>
    GeometryValidation.validate(polygon, "shape.geom"),
  )
  const bytes = Math.round(texts.reduce((sum, text) => sum + text.length, 0) / count)
  console.log(
    `${String(vertices).padStart(8)}  ${String(bytes).padStart(12)}  ${parse.toFixed(1).padStart(18)}  ${write.toFixed(1).padStart(18)}  ${validate.toFixed(1).padStart(21)}`,
  )
}
