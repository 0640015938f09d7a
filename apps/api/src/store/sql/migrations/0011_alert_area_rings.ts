/**
 * `alert_areas.rings`: a polygon's rings as JSON (`[[[longitude, latitude], …], …]`, the outer ring
 * first), next to its WKT; null for a circle. The notification fan-out tests every area whose box
 * holds a report's location, a few hundred per report where areas overlap densely, and reading a
 * polygon's JSON costs a small part of reading its WKT (`docs/benchmarks.md`). `AlertAreaStore`
 * writes both from the same input; the polygons stored so far are read once here.
 */
import * as Wkt from "@fieldreport/domain/Wkt"
import { Effect, Result } from "effect"
import { SqlClient } from "effect/sql"
import { runStatements } from "./Ddl.ts"

/** Adds the column and fills it for the polygons stored so far. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  yield* runStatements(["ALTER TABLE alert_areas ADD COLUMN rings TEXT"])
  const polygons = yield* sql<{ id: number; area: string }>`SELECT id, area FROM alert_areas
    WHERE shape_type = 'poly'`
  for (const { id, area } of polygons) {
    const geometry = Wkt.parse(area, "area")
    // Every stored polygon was validated when written; one that did not read would keep no rings.
    if (Result.isSuccess(geometry) && geometry.success.type === "Polygon")
      yield* sql`UPDATE alert_areas SET rings = ${JSON.stringify(geometry.success.coordinates)} WHERE id = ${id}`
  }
})
