/**
 * The OGC API – Features service's data (docs/api.md, OGC API – Features): which collections a
 * caller sees, and their features, read as the report API reads them.
 *
 * - A channel is a collection, `reports-{id}`, for whoever reads it (`Access`, the rule of report
 *   searches and fetches), in every team of the current app the caller has joined; the app's
 *   shapes are the collection `shapes` for whoever reads them (`Shapes.mayRead`). A collection the
 *   caller may not read is `404`, as if it did not exist.
 * - A report's properties are its fields as a fetch shows them, by name, and the answers of its
 *   form, by field key. What the caller may not see is left out as a fetch leaves it out
 *   (`ReportDisclosure`): an anonymous report has a null `user_id`, and a private field's answer is
 *   null unless the caller is the channel's staff or the reporter. Every feature of a collection
 *   has the same properties, so a GIS tool that reads its columns from the first page reads all.
 * - A shape's properties are its metadata, and the time it was created.
 * - Pages are keyset pages in id order (`OgcCursor`); their features are read a chunk at a time
 *   and handed to `write` as they come, so a page of 10,000 features never sits whole in memory.
 */

import type { FormField } from "@fieldreport/domain/FormField"
import * as OgcBbox from "@fieldreport/domain/OgcBbox"
import type * as OgcCollectionId from "@fieldreport/domain/OgcCollectionId"
import * as OgcCursor from "@fieldreport/domain/OgcCursor"
import type { OgcItemsQuery } from "@fieldreport/domain/OgcQuery"
import * as ReportDisclosure from "@fieldreport/domain/ReportDisclosure"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Array as Arr, Context, Effect, Layer, Result } from "effect"
import { NotFound } from "../Errors.ts"
import { CategoryStore } from "../store/CategoryStore.ts"
import { FormStore } from "../store/FormStore.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import {
  type FeatureExtent,
  OgcFeatureStore,
  type ReportFeatureRow,
  type ShapeFeatureRow,
} from "../store/OgcFeatureStore.ts"
import { ReportStateStore } from "../store/ReportStateStore.ts"
import { traced } from "../Traced.ts"
import { Access, type ChannelAccess } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import { formFieldOf } from "./Forms.ts"
import { Shapes } from "./Shapes.ts"

/** Features read and written at a time within a page. */
const chunkSize = 1_000

/**
 * A collection the caller reads.
 *
 * @example
 * ```ts
 * const streets: OgcCollection = { id: { kind: "reports", channelId: 1 }, title: "Streets", description: "…", extent }
 * ```
 */
export interface OgcCollection {
  readonly id: OgcCollectionId.OgcCollectionId
  readonly title: string
  readonly description: string
  readonly extent: FeatureExtent
}

/**
 * A feature: its id, its geometry (null for a report filed with an address only) and properties.
 *
 * @example
 * ```ts
 * const pothole: OgcFeature = { id: 49, geometry: { type: "Point", coordinates: [174.77, -41.29] }, properties: { title: "Pothole" } }
 * ```
 */
export interface OgcFeature {
  readonly id: number
  readonly geometry: Wkt.Geometry | null
  readonly properties: Readonly<Record<string, unknown>>
}

/**
 * What a page of features came to, once its features were written.
 *
 * @example
 * ```ts
 * const summary: OgcPage = { numberMatched: 1200, numberReturned: 100, nextCursor: "YWZ0ZXI6MTAw" }
 * ```
 */
export interface OgcPage {
  readonly numberMatched: number
  readonly numberReturned: number
  /** The cursor of the next page; undefined on the last. */
  readonly nextCursor: string | undefined
}

/** What turns a channel's report rows into features for one caller. */
interface ReportContext {
  readonly access: ChannelAccess
  readonly fields: ReadonlyArray<FormField>
  readonly stateNames: ReadonlyMap<number, string>
  readonly categoryNames: ReadonlyMap<number, string>
}

export class OgcFeatures extends Context.Service<
  OgcFeatures,
  {
    /** The collections the actor reads: their channels by name, then the shapes. */
    readonly collections: (actor: Actor) => Effect.Effect<ReadonlyArray<OgcCollection>>
    readonly collection: (
      actor: Actor,
      id: OgcCollectionId.OgcCollectionId,
    ) => Effect.Effect<OgcCollection, NotFound>
    /**
     * Writes a page of the collection's features, a chunk at a time, through `write`, and answers
     * what the page came to.
     *
     * @example
     * ```ts
     * const page = yield* features.items(actor, id, query, (chunk) => send(chunk))
     * ```
     */
    readonly items: <E>(
      actor: Actor,
      id: OgcCollectionId.OgcCollectionId,
      query: OgcItemsQuery,
      write: (features: ReadonlyArray<OgcFeature>) => Effect.Effect<void, E>,
    ) => Effect.Effect<OgcPage, NotFound | E>
    readonly item: (
      actor: Actor,
      id: OgcCollectionId.OgcCollectionId,
      featureId: number,
    ) => Effect.Effect<OgcFeature, NotFound>
  }
>()("api/services/OgcFeatures") {
  static readonly layer = Layer.effect(
    OgcFeatures,
    Effect.gen(function* () {
      const store = yield* OgcFeatureStore
      const access = yield* Access
      const shapes = yield* Shapes
      const memberships = yield* MembershipStore
      const forms = yield* FormStore
      const states = yield* ReportStateStore
      const categories = yield* CategoryStore

      const notFound = new NotFound({ resource: "collection" })

      const readableChannel = (actor: Actor, channelId: number) =>
        Effect.mapError(access.channelFor(actor, channelId, "read"), () => notFound)

      const readsShapes = (actor: Actor) => Effect.isSuccess(shapes.mayRead(actor))

      const shapesCollection = (actor: Actor) =>
        Effect.map(
          store.shapesExtent(actor.app.id),
          (extent): OgcCollection => ({
            id: { kind: "shapes" },
            title: "Shapes",
            description: `The shapes of ${actor.app.name}: the areas its reports are placed in`,
            extent,
          }),
        )

      const channelCollection = (
        channel: { readonly id: number; readonly name: string },
        extent: FeatureExtent,
      ) => ({
        id: { kind: "reports", channelId: channel.id } as const,
        title: channel.name,
        description: `The reports of the channel ${channel.name}`,
        extent,
      })

      const noExtent: FeatureExtent = { box: undefined, first: undefined, last: undefined }

      const collections = traced("OgcFeatures.collections")(function* (actor: Actor) {
        const teams = yield* memberships.teamsOf(actor.user.id, actor.app.id)
        const candidates = yield* store.channelsOfTeams(
          teams.filter((team) => team.agreed_to_join === 1).map((team) => team.team_id),
        )
        const readable = yield* Effect.filter(candidates, (channel) =>
          Effect.isSuccess(access.channelFor(actor, channel.id, "read")),
        )
        const extents = yield* store.reportExtents(readable.map((channel) => channel.id))
        const channels = readable.map((channel) =>
          channelCollection(channel, extents.get(channel.id) ?? noExtent),
        )
        return (yield* readsShapes(actor)) ? [...channels, yield* shapesCollection(actor)] : channels
      })

      const collection = traced("OgcFeatures.collection")(function* (
        actor: Actor,
        id: OgcCollectionId.OgcCollectionId,
      ) {
        if (id.kind === "shapes") {
          if (!(yield* readsShapes(actor))) return yield* notFound
          return yield* shapesCollection(actor)
        }
        const { channel } = yield* readableChannel(actor, id.channelId)
        const extents = yield* store.reportExtents([channel.id])
        return channelCollection(channel, extents.get(channel.id) ?? noExtent)
      })

      /** What every feature of a channel needs for this actor, read once per page. */
      const reportContext = Effect.fnUntraced(function* (actor: Actor, channelId: number) {
        const channelAccess = yield* readableChannel(actor, channelId)
        const form = yield* forms.findByChannel(channelId)
        const fields = form === undefined ? [] : yield* forms.fields(form.id, { removed: false })
        const stateRows = yield* states.listOfChannels([channelId])
        const categoryRows = yield* categories.listOfChannel(channelId)
        return {
          access: channelAccess,
          // The Category field's answer is the report's category_id; FreeText is never answered.
          fields: fields
            .filter((field) => field.field_type !== "Category" && field.field_type !== "FreeText")
            .map(formFieldOf),
          stateNames: new Map(stateRows.map((state) => [state.id, state.name])),
          categoryNames: new Map(categoryRows.map((category) => [category.id, category.name])),
        } satisfies ReportContext
      })

      const reportFeature = (actor: Actor, context: ReportContext, row: ReportFeatureRow): OgcFeature => {
        const anonymous = row.is_anonymous === 1
        // The server writes the answers itself, after `FormAnswers.validate`.
        const answers = JSON.parse(row.answers) as Readonly<Record<string, unknown>>
        const seesPrivate = ReportDisclosure.seesPrivateAnswers(context.access, actor.user.id, row)
        const properties: Record<string, unknown> = {
          title: row.title,
          address: row.address,
          category_id: row.category_id,
          category_name: context.categoryNames.get(row.category_id) ?? null,
          report_state_id: row.report_state_id,
          report_state_name: context.stateNames.get(row.report_state_id) ?? null,
          user_id: anonymous ? null : row.user_id,
          is_anonymous: anonymous,
          shape_id: row.shape_id,
          assignee_id: row.assignee_id,
          assignment_due_at: row.assignment_due_at,
          iso_created_at: row.created_at,
          updated_at: row.updated_at,
        }
        for (const field of context.fields) {
          properties[field.key] =
            ReportDisclosure.shownAnswer(field, { category_id: row.category_id, answers }, seesPrivate) ??
            null
        }
        return {
          id: row.id,
          geometry:
            row.latitude === null || row.longitude === null
              ? null
              : { type: "Point", coordinates: [row.longitude, row.latitude] },
          properties,
        }
      }

      const shapeFeature = (row: ShapeFeatureRow): OgcFeature => {
        const geometry = Wkt.parse(row.geom, "geom")
        // The server writes the metadata itself, from a decoded `ShapeMetadata`.
        const metadata = JSON.parse(row.metadata) as Readonly<Record<string, unknown>>
        return {
          id: row.id,
          geometry: Result.isSuccess(geometry) ? geometry.success : null,
          properties: { ...metadata, created_at: row.created_at },
        }
      }

      /** Writes the features of the page's ids a chunk at a time; answers how many there were. */
      const writeChunks = <Row, E>(
        ids: ReadonlyArray<number>,
        read: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<Row>>,
        feature: (row: Row) => OgcFeature,
        write: (features: ReadonlyArray<OgcFeature>) => Effect.Effect<void, E>,
      ) =>
        Effect.reduce(
          Arr.chunksOf(ids, chunkSize),
          () => 0,
          (written, chunk) =>
            Effect.flatMap(read(chunk), (rows) => Effect.as(write(rows.map(feature)), written + rows.length)),
        )

      /** The page's ids (one more than the page, read to tell whether another follows) and the next cursor. */
      const paged = (ids: ReadonlyArray<number>, limit: number) => ({
        ids: ids.slice(0, limit),
        nextCursor: ids.length > limit ? OgcCursor.encode(ids[limit - 1] ?? 0) : undefined,
      })

      const items = <E>(
        actor: Actor,
        id: OgcCollectionId.OgcCollectionId,
        query: OgcItemsQuery,
        write: (features: ReadonlyArray<OgcFeature>) => Effect.Effect<void, E>,
      ): Effect.Effect<OgcPage, NotFound | E> =>
        Effect.gen(function* () {
          const boxes = query.bbox === undefined ? undefined : OgcBbox.searched(query.bbox)
          if (id.kind === "shapes") {
            if (!(yield* readsShapes(actor))) return yield* notFound
            const filter = { appId: actor.app.id, boxes, datetime: query.datetime }
            const numberMatched = yield* store.countShapes(filter)
            const page = paged(yield* store.shapeIds(filter, query.after, query.limit + 1), query.limit)
            const numberReturned = yield* writeChunks(page.ids, store.shapes, shapeFeature, write)
            return { numberMatched, numberReturned, nextCursor: page.nextCursor }
          }
          const context = yield* reportContext(actor, id.channelId)
          const filter = {
            channelId: id.channelId,
            boxes,
            datetime: query.datetime,
            reportStateIds: query.reportStateIds,
            categoryIds: query.categoryIds,
          }
          const numberMatched = yield* store.countReports(filter)
          const page = paged(
            yield* store.reportIds(filter, query.after, query.limit + 1, numberMatched),
            query.limit,
          )
          const numberReturned = yield* writeChunks(
            page.ids,
            store.reports,
            (row) => reportFeature(actor, context, row),
            write,
          )
          return { numberMatched, numberReturned, nextCursor: page.nextCursor }
        }).pipe(Effect.withSpan("OgcFeatures.items"))

      const item = traced("OgcFeatures.item")(function* (
        actor: Actor,
        id: OgcCollectionId.OgcCollectionId,
        featureId: number,
      ) {
        const missing = new NotFound({ resource: "feature" })
        if (id.kind === "shapes") {
          if (!(yield* readsShapes(actor))) return yield* notFound
          const row = yield* store.shape(actor.app.id, featureId)
          return row === undefined ? yield* missing : shapeFeature(row)
        }
        const context = yield* reportContext(actor, id.channelId)
        const row = yield* store.report(id.channelId, featureId)
        return row === undefined ? yield* missing : reportFeature(actor, context, row)
      })

      return OgcFeatures.of({ collections, collection, items, item })
    }),
  )
}
