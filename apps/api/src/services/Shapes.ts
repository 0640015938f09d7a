/**
 * Shapes of a branded app and shape searches (docs/api.md, Shapes).
 *
 * - Shapes are the app's, not a team's: every report of every team in the app is matched against
 *   them. So only platform administrators and the app's administrators create and delete them;
 *   no team role does, however high (anyone may make a team and own it). Every user with a team
 *   in the app (one they agreed to join) reads them, and so do those who manage them. Anyone else
 *   is `403`; a shape or search of another app is `404`.
 * - A new shape's WKT must be one of the geometries `Wkt` reads and pass `GeometryValidation`
 *   (`422` naming `shape.geom`; in a bulk create, the refused item's result names `geom` and the
 *   valid items are stored all the same); it is stored as `Wkt.write` writes it, with its box and
 *   its area.
 * - A shape search finds the app's shapes that contain a point (its boundary included; a point in
 *   a hole is not contained), that intersect a geometry, or that meet a box, at once: the spatial
 *   index gives the shapes whose boxes meet, the domain tests each exactly, and the ids are kept
 *   smallest area first (then by id) for 24 hours, after which an hourly job deletes them.
 * - Reports lie in the smallest shape of their app whose area contains them
 *   (`smallestContaining`).
 * - An update changes the geometry (checked as a new one is), the metadata, or both; reports keep
 *   the shape they were placed in, as they do when it is deleted.
 * - Creating, changing and deleting are audit events (`shape.created`, `shape.updated`,
 *   `shape.deleted`); a bulk create is one `shape.created` with the count of shapes it stored.
 */
import * as BoundingBox from "@fieldreport/domain/BoundingBox"
import * as GeometryArea from "@fieldreport/domain/GeometryArea"
import * as GeometryIntersection from "@fieldreport/domain/GeometryIntersection"
import * as GeometryValidation from "@fieldreport/domain/GeometryValidation"
import type { InvalidInput } from "@fieldreport/domain/Invalid"
import type { Position } from "@fieldreport/domain/Position"
import type { RangePage } from "@fieldreport/domain/RangePage"
import type { ShapeCreate, ShapeSearch, ShapeUpdate } from "@fieldreport/domain/Shape"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Array as Arr, Context, Duration, Effect, Layer, Result } from "effect"
import { Forbidden, NotFound } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import {
  type NewShape,
  type ShapeCandidate,
  type ShapePage,
  type ShapeRow,
  ShapeStore,
} from "../store/ShapeStore.ts"
import { isoIn, nowIso } from "../store/sql/Clock.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import { AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"

/** How long a shape search and its results are kept after it is made. */
export const searchLifetime = Duration.hours(24)

const cleanupInterval = Duration.hours(1)

/**
 * How many candidates' geometries are read at once: a search reads every candidate, in batches so
 * memory stays bounded; a look-up of the first match usually needs only the smallest candidate.
 */
const geometryBatch = { all: 200, first: 8 }

/**
 * A box as the geometry it covers: a polygon, or a line or a point when it has no width or height.
 *
 * @example
 * ```ts
 * boxGeometry([1, 2, 1, 2]) // { type: "Point", coordinates: [1, 2] }
 * ```
 */
const boxGeometry = ([west, south, east, north]: readonly [number, number, number, number]): Wkt.Geometry => {
  if (west === east && south === north) return { type: "Point", coordinates: [west, south] }
  if (west === east || south === north) {
    return {
      type: "LineString",
      coordinates: [
        [west, south],
        [east, north],
      ],
    }
  }
  return {
    type: "Polygon",
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  }
}

/** What a search looks for, and whether a shape whose box lies inside the target's box matches unseen. */
interface Target {
  readonly geometry: Wkt.Geometry
  readonly isBox: boolean
}

/**
 * The shapes service.
 *
 * @example
 * ```ts
 * const shapes = yield* Shapes
 * const shape = yield* shapes.create(actor, { geom: "POINT (174.7 -41.3)", metadata: {} })
 * ```
 */
export class Shapes extends Context.Service<
  Shapes,
  {
    readonly create: (actor: Actor, input: ShapeCreate) => Effect.Effect<ShapeRow, Forbidden | InvalidInput>
    /**
     * A bulk create: every item that was read and whose geometry is valid is stored, all in one
     * transaction; the results keep the items' order, the refused ones with their reasons.
     */
    readonly createMany: (
      actor: Actor,
      inputs: ReadonlyArray<Result.Result<ShapeCreate, InvalidInput>>,
    ) => Effect.Effect<ReadonlyArray<Result.Result<ShapeRow, InvalidInput>>, Forbidden>
    readonly get: (actor: Actor, id: number) => Effect.Effect<ShapeRow, Forbidden | NotFound>
    /** Changes the geometry, the metadata or both; an update without either answers the shape. */
    readonly update: (
      actor: Actor,
      id: number,
      changes: ShapeUpdate,
    ) => Effect.Effect<ShapeRow, Forbidden | NotFound | InvalidInput>
    /** `403` unless the actor reads the app's shapes: the rule every read here applies. */
    readonly mayRead: (actor: Actor) => Effect.Effect<void, Forbidden>
    /** A page of the app's shapes by id. */
    readonly list: (actor: Actor, page: RangePage) => Effect.Effect<ShapePage, Forbidden>
    readonly remove: (actor: Actor, id: number) => Effect.Effect<void, Forbidden | NotFound>
    /** Finds the matching shapes now and keeps them as a search; answers its id. */
    readonly search: (
      actor: Actor,
      input: ShapeSearch,
    ) => Effect.Effect<{ readonly id: number }, Forbidden | InvalidInput>
    /** A page of a search's shapes, smallest first. */
    readonly listOfSearch: (
      actor: Actor,
      searchId: number,
      page: RangePage,
    ) => Effect.Effect<ShapePage, Forbidden | NotFound>
    /**
     * The id of the smallest shape of the app (by area, then id) whose polygon contains the point,
     * its boundary included; `undefined` when none does. Points and lines contain no report.
     */
    readonly smallestContaining: (appId: number, point: Position) => Effect.Effect<number | undefined>
  }
>()("api/services/Shapes") {
  static readonly layer = Layer.effect(
    Shapes,
    Effect.gen(function* () {
      const store = yield* ShapeStore
      const memberships = yield* MembershipStore
      const access = yield* Access
      const audit = yield* AuditLog
      const jobs = yield* JobRunner

      const recorded = (
        kind: "shape.created" | "shape.updated" | "shape.deleted",
        actor: Actor,
        shapeId: number | null,
        detail?: { readonly count: number },
      ) =>
        audit.record({
          kind,
          actorUserId: actor.user.id,
          appId: actor.app.id,
          teamId: null,
          targetType: "shape",
          targetId: shapeId === null ? null : String(shapeId),
          outcome: "success",
          ...(detail === undefined ? {} : { detail }),
        })

      /** Whether the actor is in a team of the current app that they agreed to join. */
      const hasTeam = (actor: Actor) =>
        Effect.map(memberships.teamsOf(actor.user.id, actor.app.id), (teams) =>
          teams.some((team) => team.agreed_to_join === 1),
        )

      const mayRead = traced("Shapes.mayRead")(function* (actor: Actor) {
        // Most readers have a team, so that is asked first; administrators may have none.
        if (actor.user.admin === 1 || (yield* hasTeam(actor)) || (yield* access.isAppAdministrator(actor)))
          return
        return yield* new Forbidden({
          message: "only users with a team in this branded app may use its shapes",
        })
      })

      const mayManage = traced("Shapes.mayManage")(function* (actor: Actor) {
        if (yield* access.isAppAdministrator(actor)) return
        return yield* new Forbidden({
          message:
            "only platform administrators and the administrators of this branded app may create, change and delete its shapes",
        })
      })

      const parseStored = (shape: { readonly id: number; readonly geom: string }) =>
        Effect.orDie(Effect.fromResult(Wkt.parse(shape.geom, `shapes[${shape.id}].geom`)))

      /**
       * The candidates that match the target exactly, in the candidates' order; with `first`, only
       * the first match.
       */
      const matching = traced("Shapes.matching")(function* (
        candidates: ReadonlyArray<ShapeCandidate>,
        target: Target,
        options: { readonly first?: boolean } = {},
      ) {
        const targetBox = BoundingBox.of(target.geometry)
        // Any geometry inside a box meets the box, so those shapes need not be read.
        const matchesUnseen = (candidate: ShapeCandidate) =>
          target.isBox && BoundingBox.containsBox(targetBox, candidate.box)
        const found: Array<number> = []
        for (const batch of Arr.chunksOf(
          candidates,
          options.first === true ? geometryBatch.first : geometryBatch.all,
        )) {
          const toRead = batch
            .filter((candidate) => !matchesUnseen(candidate))
            .map((candidate) => candidate.id)
          const geometries = new Map((yield* store.geometries(toRead)).map((shape) => [shape.id, shape]))
          for (const candidate of batch) {
            const stored = geometries.get(candidate.id)
            // A shape deleted since the candidates were read is neither read nor matched.
            const matches =
              matchesUnseen(candidate) ||
              (stored !== undefined &&
                GeometryIntersection.intersects(yield* parseStored(stored), target.geometry))
            if (matches) {
              found.push(candidate.id)
              if (options.first === true) return found
            }
          }
        }
        return found
      })

      /** The geometry to store for a WKT, with its box and area, or why it is refused (named `field`). */
      const geometryOf = (wkt: string, field: string) =>
        Result.map(
          Result.flatMap(Wkt.parse(wkt, field), (parsed) => GeometryValidation.validate(parsed, field)),
          (geometry) => ({
            geom: Wkt.write(geometry),
            box: BoundingBox.of(geometry),
            area: GeometryArea.squareMetres(geometry),
          }),
        )

      /** The shape to store for a create's input, or why its WKT is refused (named `field`). */
      const newShape = (
        actor: Actor,
        input: ShapeCreate,
        field: string,
        createdAt: string,
      ): Result.Result<NewShape, InvalidInput> =>
        Result.map(geometryOf(input.geom, field), (geometry) => ({
          branded_app_id: actor.app.id,
          ...geometry,
          metadata: input.metadata,
          created_at: createdAt,
        }))

      const create = traced("Shapes.create")(function* (actor: Actor, input: ShapeCreate) {
        yield* mayManage(actor)
        const shape = yield* Effect.fromResult(newShape(actor, input, "shape.geom", yield* nowIso))
        const stored = yield* store.insert(shape)
        yield* recorded("shape.created", actor, stored.id)
        return stored
      })

      const createMany = traced("Shapes.createMany")(function* (
        actor: Actor,
        inputs: ReadonlyArray<Result.Result<ShapeCreate, InvalidInput>>,
      ) {
        yield* mayManage(actor)
        const createdAt = yield* nowIso
        const shapes = inputs.map((input) =>
          Result.flatMap(input, (valid) => newShape(actor, valid, "geom", createdAt)),
        )
        const stored = yield* store.insertMany(shapes.filter(Result.isSuccess).map((shape) => shape.success))
        if (stored.length > 0) yield* recorded("shape.created", actor, null, { count: stored.length })
        let next = 0
        return shapes.map((shape) =>
          Result.isSuccess(shape) ? Result.succeed(stored[next++]!) : Result.fail(shape.failure),
        )
      })

      /** The shape, when it belongs to the actor's app. */
      const inApp = traced("Shapes.inApp")(function* (actor: Actor, id: number) {
        const shape = yield* store.find(id)
        if (shape === undefined || shape.branded_app_id !== actor.app.id) {
          return yield* new NotFound({ resource: "shape" })
        }
        return shape
      })

      const get = traced("Shapes.get")(function* (actor: Actor, id: number) {
        yield* mayRead(actor)
        return yield* inApp(actor, id)
      })

      const list = traced("Shapes.list")(function* (actor: Actor, page: RangePage) {
        yield* mayRead(actor)
        return yield* store.listOfApp(actor.app.id, page)
      })

      const update = traced("Shapes.update")(function* (actor: Actor, id: number, changes: ShapeUpdate) {
        yield* mayManage(actor)
        const shape = yield* inApp(actor, id)
        if (changes.geom === undefined && changes.metadata === undefined) return shape
        const geometry =
          changes.geom === undefined
            ? undefined
            : yield* Effect.fromResult(geometryOf(changes.geom, "shape.geom"))
        const updated = yield* store.update(id, {
          ...(geometry === undefined ? {} : { geometry }),
          ...(changes.metadata === undefined ? {} : { metadata: changes.metadata }),
        })
        yield* recorded("shape.updated", actor, id)
        return updated
      })

      const remove = traced("Shapes.remove")(function* (actor: Actor, id: number) {
        yield* mayManage(actor)
        yield* inApp(actor, id)
        yield* store.remove(id)
        yield* recorded("shape.deleted", actor, id)
      })

      const targetOf = (input: ShapeSearch): Result.Result<Target, InvalidInput> => {
        if ("contains" in input) {
          const { longitude, latitude } = input.contains
          return Result.succeed({
            geometry: { type: "Point", coordinates: [longitude, latitude] },
            isBox: false,
          })
        }
        if ("bbox" in input) return Result.succeed({ geometry: boxGeometry(input.bbox), isBox: true })
        return Result.map(
          Result.flatMap(Wkt.parse(input.intersects, "shape_search.intersects"), (parsed) =>
            GeometryValidation.validate(parsed, "shape_search.intersects"),
          ),
          (geometry) => ({ geometry, isBox: false }),
        )
      }

      const search = traced("Shapes.search")(function* (actor: Actor, input: ShapeSearch) {
        yield* mayRead(actor)
        const target = yield* Effect.fromResult(targetOf(input))
        const candidates = yield* store.candidates(actor.app.id, BoundingBox.of(target.geometry))
        const shapeIds = yield* matching(candidates, target)
        const id = yield* store.insertSearch(
          {
            branded_app_id: actor.app.id,
            created_at: yield* nowIso,
            expires_at: yield* isoIn(Duration.toMillis(searchLifetime)),
          },
          shapeIds,
        )
        return { id }
      })

      /** A search of the actor's app that has not expired. */
      const findSearch = traced("Shapes.findSearch")(function* (actor: Actor, id: number) {
        yield* mayRead(actor)
        const found = yield* store.findSearch(id)
        if (
          found === undefined ||
          found.branded_app_id !== actor.app.id ||
          found.expires_at <= (yield* nowIso)
        ) {
          return yield* new NotFound({ resource: "shape search" })
        }
        return found
      })

      const listOfSearch = traced("Shapes.listOfSearch")(function* (
        actor: Actor,
        searchId: number,
        page: RangePage,
      ) {
        yield* findSearch(actor, searchId)
        return yield* store.listOfSearch(searchId, page)
      })

      const smallestContaining = traced("Shapes.smallestContaining")(function* (
        appId: number,
        point: Position,
      ) {
        const geometry: Wkt.Geometry = { type: "Point", coordinates: point }
        const candidates = yield* store.candidates(appId, BoundingBox.of(geometry), { areasOnly: true })
        const [found] = yield* matching(candidates, { geometry, isBox: false }, { first: true })
        return found
      })

      const cleanup = Effect.gen(function* () {
        const removed = yield* store.deleteExpiredSearches(yield* nowIso)
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} expired shape searches`)
      }).pipe(Effect.withSpan("Shapes.cleanup"))

      yield* jobs.register(JobKinds.ShapeSearchCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.ShapeSearchCleanup, {}, cleanupInterval)

      return Shapes.of({
        create,
        createMany,
        get,
        update,
        mayRead,
        list,
        remove,
        search,
        listOfSearch,
        smallestContaining,
      })
    }),
  )
}
