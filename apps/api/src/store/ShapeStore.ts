/**
 * Shapes of branded apps and shape searches in SQL (docs/api.md, Shapes).
 *
 * A shape row keeps its WKT, its metadata as JSON text, its bounding box and its area in square
 * metres; the same box goes into the `shapes_box` R*Tree in the same transaction, so the index
 * narrows spatial look-ups to the shapes whose boxes meet a box, and the exact tests run in the
 * services. Candidates come smallest area first (then by id), the order reports and shape searches
 * want.
 *
 * A shape search is a row of `shape_searches` with its matching shape ids, in order, in
 * `shape_search_results`. A deleted shape drops out of the searches that found it, since results
 * are read joined to the shapes.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import * as RangePage from "@fieldreport/domain/RangePage"
import type { ShapeMetadata } from "@fieldreport/domain/Shape"
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A shape as stored, its metadata parsed. */
export interface ShapeRow {
  readonly id: number
  readonly branded_app_id: number
  readonly geom: string
  readonly metadata: ShapeMetadata
  /** Incremented by every change of the shape; its `cache_key` is made from it. */
  readonly version: number
  readonly created_at: string
}

/** A shape to store: WKT already validated, its box and area already measured. */
export interface NewShape {
  readonly branded_app_id: number
  readonly geom: string
  readonly metadata: ShapeMetadata
  readonly box: BoundingBox
  readonly area: number
  readonly created_at: string
}

/** What an update changes: a new geometry with its box and area, new metadata, or both. */
export interface ShapeChanges {
  readonly geometry?: Pick<NewShape, "geom" | "box" | "area">
  readonly metadata?: ShapeMetadata
}

/** A shape whose box meets the box looked up: its exact box (the R*Tree keeps rounded ones) and area. */
export interface ShapeCandidate {
  readonly id: number
  readonly area: number
  readonly box: BoundingBox
}

/** A shape search as stored. */
export interface ShapeSearchRow {
  readonly id: number
  readonly branded_app_id: number
  readonly created_at: string
  readonly expires_at: string
}

/** A page of shapes and how many the whole list holds. */
export interface ShapePage {
  readonly shapes: ReadonlyArray<ShapeRow>
  readonly total: number
}

interface StoredShape extends Omit<ShapeRow, "metadata"> {
  readonly metadata: string
}

interface StoredCandidate {
  readonly id: number
  readonly area: number
  readonly min_longitude: number
  readonly min_latitude: number
  readonly max_longitude: number
  readonly max_latitude: number
}

// The server writes the metadata itself, from a decoded `ShapeMetadata`.
const fromStored = ({ metadata, ...row }: StoredShape): ShapeRow => ({
  ...row,
  metadata: JSON.parse(metadata) as ShapeMetadata,
})

// Three values a row; SQLite allows 32,766 variables a statement.
const resultRowsPerInsert = 1000

/**
 * The shape store.
 *
 * @example
 * ```ts
 * const shapes = yield* ShapeStore
 * const candidates = yield* shapes.candidates(appId, BoundingBox.of(geometry))
 * ```
 */
export class ShapeStore extends Context.Service<
  ShapeStore,
  {
    /** Stores a shape and its box in the spatial index, in one transaction. */
    readonly insert: (shape: NewShape) => Effect.Effect<ShapeRow>
    /** Stores shapes and their boxes in one transaction; answers them in the same order. */
    readonly insertMany: (shapes: ReadonlyArray<NewShape>) => Effect.Effect<ReadonlyArray<ShapeRow>>
    readonly find: (id: number) => Effect.Effect<ShapeRow | undefined>
    /** A page of an app's shapes by id. */
    readonly listOfApp: (appId: number, page: RangePage.RangePage) => Effect.Effect<ShapePage>
    /**
     * Changes a shape (and its box in the spatial index, when its geometry changes) in one
     * transaction, moves its version on, and answers it.
     */
    readonly update: (id: number, changes: ShapeChanges) => Effect.Effect<ShapeRow>
    /** Deletes a shape and its box, in one transaction; its reports keep no shape. */
    readonly remove: (id: number) => Effect.Effect<void>
    /**
     * An app's shapes whose boxes meet `box`, smallest area first, then by id; only those with an
     * area (polygons and multipolygons) with `areasOnly`.
     */
    readonly candidates: (
      appId: number,
      box: BoundingBox,
      options?: { readonly areasOnly?: boolean },
    ) => Effect.Effect<ReadonlyArray<ShapeCandidate>>
    /** The WKT of shapes, by id, in no particular order. */
    readonly geometries: (
      ids: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<{ readonly id: number; readonly geom: string }>>
    /** Stores a search and its shape ids in order, in one transaction, and answers its id. */
    readonly insertSearch: (
      search: Omit<ShapeSearchRow, "id">,
      shapeIds: ReadonlyArray<number>,
    ) => Effect.Effect<number>
    readonly findSearch: (id: number) => Effect.Effect<ShapeSearchRow | undefined>
    /** A page of a search's shapes in the search's order. */
    readonly listOfSearch: (searchId: number, page: RangePage.RangePage) => Effect.Effect<ShapePage>
    /** Deletes the searches (and their results) that expired at `now`; answers how many. */
    readonly deleteExpiredSearches: (now: string) => Effect.Effect<number>
  }
>()("api/store/ShapeStore") {
  static readonly layer = Layer.effect(
    ShapeStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal("s.id, s.branded_app_id, s.geom, s.metadata, s.version, s.created_at")

      const find = (id: number) =>
        sql<StoredShape>`SELECT ${columns} FROM shapes s WHERE s.id = ${id}`.pipe(
          Effect.map((rows) => (rows[0] === undefined ? undefined : fromStored(rows[0]))),
          Effect.orDie,
        )

      // The new row is made from what was written and what the database chose (id, version, the
      // engine's created_at), not read back: a create pays for one statement fewer.
      const insertRow = (shape: NewShape) =>
        Effect.gen(function* () {
          const { box } = shape
          const [row] = yield* sql<
            Pick<ShapeRow, "id" | "version" | "created_at">
          >`INSERT INTO shapes ${sql.insert({
            branded_app_id: shape.branded_app_id,
            geom: shape.geom,
            metadata: JSON.stringify(shape.metadata),
            min_longitude: box.minLongitude,
            min_latitude: box.minLatitude,
            max_longitude: box.maxLongitude,
            max_latitude: box.maxLatitude,
            area: shape.area,
            created_at: shape.created_at,
          })} RETURNING id, version, created_at`
          const { id, version, created_at } = row!
          yield* sql`INSERT INTO shapes_box ${sql.insert({
            id,
            min_longitude: box.minLongitude,
            max_longitude: box.maxLongitude,
            min_latitude: box.minLatitude,
            max_latitude: box.maxLatitude,
          })}`
          return {
            id,
            branded_app_id: shape.branded_app_id,
            geom: shape.geom,
            metadata: shape.metadata,
            version,
            created_at,
          }
        })

      const insert = (shape: NewShape) => insertRow(shape).pipe(sql.withTransaction, Effect.orDie)

      const insertMany = (shapes: ReadonlyArray<NewShape>) =>
        Effect.forEach(shapes, insertRow).pipe(sql.withTransaction, Effect.orDie)

      const update = (id: number, { geometry, metadata }: ShapeChanges) =>
        Effect.gen(function* () {
          const box =
            geometry === undefined
              ? {}
              : {
                  min_longitude: geometry.box.minLongitude,
                  min_latitude: geometry.box.minLatitude,
                  max_longitude: geometry.box.maxLongitude,
                  max_latitude: geometry.box.maxLatitude,
                }
          const [row] = yield* sql<StoredShape>`UPDATE shapes SET ${sql.update({
            ...(geometry === undefined ? {} : { geom: geometry.geom, area: geometry.area, ...box }),
            ...(metadata === undefined ? {} : { metadata: JSON.stringify(metadata) }),
          })}, version = version + 1 WHERE id = ${id}
            RETURNING id, branded_app_id, geom, metadata, version, created_at`
          if (geometry !== undefined) yield* sql`UPDATE shapes_box SET ${sql.update(box)} WHERE id = ${id}`
          return fromStored(row!)
        }).pipe(sql.withTransaction, Effect.orDie)

      const remove = (id: number) =>
        Effect.gen(function* () {
          yield* sql`DELETE FROM shapes_box WHERE id = ${id}`
          yield* sql`DELETE FROM shapes WHERE id = ${id}`
        }).pipe(sql.withTransaction, Effect.orDie)

      const listOfApp = (appId: number, page: RangePage.RangePage) =>
        Effect.gen(function* () {
          const rows = yield* sql<StoredShape>`SELECT ${columns} FROM shapes s
            WHERE s.branded_app_id = ${appId}
            ORDER BY s.id LIMIT ${RangePage.size(page)} OFFSET ${page.start}`
          const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM shapes
            WHERE branded_app_id = ${appId}`
          return { shapes: rows.map(fromStored), total: count?.total ?? 0 }
        }).pipe(Effect.orDie)

      // The spatial index narrows to boxes that may meet (SQLite's R*Tree rounds boxes outwards;
      // PostgreSQL's GiST is searched with `&&` on the generated `box`); the exact columns decide.
      const meets = (box: BoundingBox) =>
        sql.onDialectOrElse({
          pg: () =>
            sql`b.box && box(point(${box.minLongitude}, ${box.minLatitude}), point(${box.maxLongitude}, ${box.maxLatitude}))`,
          orElse: () => sql`b.min_longitude <= ${box.maxLongitude} AND b.max_longitude >= ${box.minLongitude}
            AND b.min_latitude <= ${box.maxLatitude} AND b.max_latitude >= ${box.minLatitude}`,
        })
      const candidates = (appId: number, box: BoundingBox, options: { readonly areasOnly?: boolean } = {}) =>
        sql<StoredCandidate>`SELECT s.id, s.area, s.min_longitude, s.min_latitude, s.max_longitude, s.max_latitude
          FROM shapes_box b JOIN shapes s ON s.id = b.id
          WHERE ${meets(box)}
            AND s.min_longitude <= ${box.maxLongitude} AND s.max_longitude >= ${box.minLongitude}
            AND s.min_latitude <= ${box.maxLatitude} AND s.max_latitude >= ${box.minLatitude}
            AND s.branded_app_id = ${appId}
            ${options.areasOnly === true ? sql.literal("AND s.area > 0") : sql.literal("")}
          ORDER BY s.area, s.id`.pipe(
          Effect.map((rows) =>
            rows.map((row) => ({
              id: row.id,
              area: row.area,
              box: {
                minLongitude: row.min_longitude,
                minLatitude: row.min_latitude,
                maxLongitude: row.max_longitude,
                maxLatitude: row.max_latitude,
              },
            })),
          ),
          Effect.orDie,
        )

      const geometries = (ids: ReadonlyArray<number>) =>
        ids.length === 0
          ? Effect.succeed([])
          : sql<{ readonly id: number; readonly geom: string }>`SELECT id, geom FROM shapes
              WHERE id IN ${sql.in(ids)}`.pipe(Effect.orDie)

      const insertSearch = (search: Omit<ShapeSearchRow, "id">, shapeIds: ReadonlyArray<number>) =>
        Effect.gen(function* () {
          const [row] = yield* sql<{
            readonly id: number
          }>`INSERT INTO shape_searches ${sql.insert(search)} RETURNING id`
          const searchId = row!.id
          const results = shapeIds.map((shape_id, position) => ({ search_id: searchId, position, shape_id }))
          for (const chunk of Arr.chunksOf(results, resultRowsPerInsert)) {
            yield* sql`INSERT INTO shape_search_results ${sql.insert(chunk)}`
          }
          return searchId
        }).pipe(sql.withTransaction, Effect.orDie)

      const findSearch = (id: number) =>
        sql<ShapeSearchRow>`SELECT id, branded_app_id, created_at, expires_at FROM shape_searches
          WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        )

      const listOfSearch = (searchId: number, page: RangePage.RangePage) =>
        Effect.gen(function* () {
          const rows = yield* sql<StoredShape>`SELECT ${columns}
            FROM shape_search_results r JOIN shapes s ON s.id = r.shape_id
            WHERE r.search_id = ${searchId}
            ORDER BY r.position LIMIT ${RangePage.size(page)} OFFSET ${page.start}`
          const [count] = yield* sql<{ readonly total: number }>`SELECT COUNT(*) AS total
            FROM shape_search_results r JOIN shapes s ON s.id = r.shape_id
            WHERE r.search_id = ${searchId}`
          return { shapes: rows.map(fromStored), total: count?.total ?? 0 }
        }).pipe(Effect.orDie)

      const deleteExpiredSearches = (now: string) =>
        sql<{ readonly id: number }>`DELETE FROM shape_searches WHERE expires_at <= ${now} RETURNING id`.pipe(
          Effect.map((rows) => rows.length),
          Effect.orDie,
        )

      return ShapeStore.of({
        insert,
        insertMany,
        update,
        find,
        listOfApp,
        remove,
        candidates,
        geometries,
        insertSearch,
        findSearch,
        listOfSearch,
        deleteExpiredSearches,
      })
    }),
  )
}
