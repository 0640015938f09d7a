/**
 * Every alert area in memory, for the notification fan-out's matching (docs/api.md, Notifications):
 * an R-tree (rbush) of their bounding boxes, each with its geometry read once, so matching a report
 * is a tree search and the exact tests (`AlertArea.contains`) of the few hundred areas whose box
 * holds it, with one small read of the database. Reading those areas from the database for every
 * report cost more than a whole match may take (`docs/benchmarks.md`, alert matching).
 *
 * The database stays the truth, and is shared: other API processes may write to it. Every write to
 * `alert_areas` numbers the area's change in `alert_area_changes` (migration 0012's triggers).
 * Before each search the index reads the highest number, and when it has moved, re-reads the areas
 * changed since and drops those deleted. The first search loads every area.
 */
import * as AlertArea from "@fieldreport/domain/AlertArea"
import type { Position } from "@fieldreport/domain/Position"
import type * as Wkt from "@fieldreport/domain/Wkt"
import { Context, Effect, Layer, Semaphore } from "effect"
import { SqlClient } from "effect/sql"
import RBush from "rbush"

/** An alert area as the index holds it: whose it is and what it covers. */
export interface IndexedArea {
  readonly id: number
  readonly user_id: number
  readonly region: AlertArea.Region
}

/** What the index reads of an area: a circle is its centre and radius, a polygon its rings' JSON. */
interface StoredArea {
  readonly id: number
  readonly user_id: number
  readonly shape_type: "circle" | "poly"
  readonly radius: number | null
  readonly latitude: number
  readonly longitude: number
  readonly rings: string | null
}

/** A change read from `alert_area_changes`: the area as it is now, its columns null when deleted. */
type Change = { readonly change: number; readonly area_id: number } & {
  readonly [K in keyof StoredArea]: StoredArea[K] | null
}

/** An entry of the tree: the area's box and the area. */
interface Entry {
  readonly minX: number
  readonly minY: number
  readonly maxX: number
  readonly maxY: number
  readonly area: IndexedArea
}

/**
 * What a stored area covers, read without validating it again (it was when written): a circle
 * from its centre columns, a polygon from its rings' JSON (migration 0011).
 */
const regionOf = (area: StoredArea): AlertArea.Region | undefined => {
  if (area.shape_type === "circle" && area.radius !== null)
    return { shape_type: "circle", center: [area.longitude, area.latitude], radius: area.radius }
  if (area.shape_type === "poly" && area.rings !== null)
    return {
      shape_type: "poly",
      polygon: { type: "Polygon", coordinates: JSON.parse(area.rings) as Wkt.Polygon["coordinates"] },
    }
  return undefined
}

const entryOf = (area: StoredArea): Entry | undefined => {
  const region = regionOf(area)
  if (region === undefined) return undefined
  const box = AlertArea.boundingBox(region)
  return {
    minX: box.minLongitude,
    minY: box.minLatitude,
    maxX: box.maxLongitude,
    maxY: box.maxLatitude,
    area: { id: area.id, user_id: area.user_id, region },
  }
}

const columns = "a.id, a.user_id, a.shape_type, a.radius, a.latitude, a.longitude, a.rings"

/**
 * The alert areas in memory.
 *
 * @example
 * ```ts
 * const index = yield* AlertAreaIndex
 * const areas = yield* index.containing([174.77, -36.85])
 * const owners = new Set(areas.map((area) => area.user_id))
 * ```
 */
export class AlertAreaIndex extends Context.Service<
  AlertAreaIndex,
  {
    /**
     * The alert areas, of every user, that contain the position (their boundary included), as the
     * database holds them now.
     */
    readonly containing: (position: Position) => Effect.Effect<ReadonlyArray<IndexedArea>>
    /**
     * Reads every area into memory now, unless done already: a process that will match forks it
     * at start, so its first report does not wait the second that 100,000 areas take to load.
     */
    readonly warm: Effect.Effect<void>
  }
>()("api/store/AlertAreaIndex") {
  static readonly layer = Layer.effect(
    AlertAreaIndex,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const tree = new RBush<Entry>()
      const entries = new Map<number, Entry>()
      /** The number of the last change the tree holds; undefined until the first load. */
      let applied: number | undefined
      // One first load at a time: a warm-up and a match that starts meanwhile share it.
      const firstLoad = yield* Semaphore.make(1)

      const latestChange = sql<{
        change: number | null
      }>`SELECT MAX(change) AS change FROM alert_area_changes`.pipe(
        Effect.map((rows) => rows[0]?.change ?? 0),
      )

      const add = (area: StoredArea) => {
        const entry = entryOf(area)
        if (entry === undefined) return
        entries.set(area.id, entry)
        tree.insert(entry)
      }
      const remove = (id: number) => {
        const entry = entries.get(id)
        if (entry === undefined) return
        entries.delete(id)
        tree.remove(entry)
      }

      // The areas and the number of the last change they include, read in one snapshot.
      const load = sql.withTransaction(
        Effect.all({
          change: latestChange,
          areas: sql<StoredArea>`SELECT ${sql.literal(columns)} FROM alert_areas a`,
        }),
      )

      const loadAll = firstLoad.withPermits(1)(
        Effect.gen(function* () {
          // Loaded by the fiber that held the permit before; the changes since are read next time.
          if (applied !== undefined) return
          const { change, areas } = yield* load
          const loaded = areas.flatMap((area) => entryOf(area) ?? [])
          for (const entry of loaded) entries.set(entry.area.id, entry)
          tree.load(loaded)
          applied = change
        }),
      )

      const catchUp = Effect.gen(function* () {
        if (applied === undefined) return yield* loadAll
        const since = applied
        if ((yield* latestChange) <= since) return
        const changes = yield* sql<Change>`SELECT c.change, c.area_id, ${sql.literal(columns)}
          FROM alert_area_changes c LEFT JOIN alert_areas a ON a.id = c.area_id
          WHERE c.change > ${since}
          ORDER BY c.change`
        for (const change of changes) {
          // A fiber that read later may have applied these already.
          if (applied !== undefined && change.change <= applied) continue
          remove(change.area_id)
          if (change.id !== null) add(change as StoredArea)
          applied = change.change
        }
      })

      return AlertAreaIndex.of({
        containing: (position) =>
          Effect.map(catchUp, () => {
            const [longitude, latitude] = position
            const found: Array<IndexedArea> = []
            for (const { area } of tree.search({
              minX: longitude,
              minY: latitude,
              maxX: longitude,
              maxY: latitude,
            }))
              if (AlertArea.contains(area.region, position)) found.push(area)
            return found
          }).pipe(Effect.orDie),
        warm: loadAll.pipe(Effect.orDie),
      })
    }),
  )
}
