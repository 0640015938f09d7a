/**
 * The WKT micro benchmark (issue 7), run on demand:
 *
 *     npm run bench -w packages/domain
 *
 * It prints how long `Wkt.parse` takes to read one polygon of 20, 200 and 2,000 vertices (a star
 * around a centre in New Zealand, coordinates with the digits a GPS gives), and `Wkt.write` to write
 * it, as the median of several rounds after a warm-up. The figures are for comparing versions of the
 * reader on one machine, not a target.
 */
import { Result } from "effect"
import type { Polygon } from "../src/Wkt.ts"
import * as Wkt from "../src/Wkt.ts"

const ROUNDS = 7

/** A star-shaped ring of `vertices` positions (the last repeats the first), never self-intersecting. */
const star = (vertices: number): Polygon => {
  const ring: Array<readonly [number, number]> = []
  for (let i = 0; i < vertices - 1; i++) {
    const angle = (2 * Math.PI * i) / (vertices - 1)
    const radius = 0.01 * (1 + 0.3 * Math.sin(7 * angle))
    const round = (x: number) => Math.round(x * 1e7) / 1e7
    ring.push([round(174.7762 + radius * Math.cos(angle)), round(-41.2865 + radius * Math.sin(angle))])
  }
  ring.push(ring[0]!)
  return { type: "Polygon", coordinates: [ring] }
}

/** Median microseconds per call of `work` over `ROUNDS` rounds of `calls` calls each. */
const microsecondsPerCall = (calls: number, work: () => void): number => {
  for (let i = 0; i < calls; i++) work()
  const rounds: Array<number> = []
  for (let round = 0; round < ROUNDS; round++) {
    const start = process.hrtime.bigint()
    for (let i = 0; i < calls; i++) work()
    rounds.push(Number(process.hrtime.bigint() - start) / 1000 / calls)
  }
  return rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)]!
}

console.log(`Node ${process.version}; median of ${ROUNDS} rounds after a warm-up`)
console.log("vertices  text (bytes)  parse (µs/polygon)  write (µs/polygon)")
for (const vertices of [20, 200, 2000]) {
  const polygon = star(vertices)
  const text = Wkt.write(polygon)
  if (!Result.isSuccess(Wkt.parse(text, "shape.geometry"))) throw new Error(`cannot read back ${text}`)
  const calls = Math.max(20, Math.round(200_000 / vertices))
  const parse = microsecondsPerCall(calls, () => Wkt.parse(text, "shape.geometry"))
  const write = microsecondsPerCall(calls, () => Wkt.write(polygon))
  console.log(
    `${String(vertices).padStart(8)}  ${String(text.length).padStart(12)}  ${parse.toFixed(1).padStart(18)}  ${write.toFixed(1).padStart(18)}`,
  )
}
