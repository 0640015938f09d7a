/**
 * Reports and shapes read as the features of the OGC API – Features service (docs/api.md, OGC API –
 * Features), in pages that stay fast at a million reports.
 *
 * - A page is read in two steps: the ids of the page first (`reportIds`, `shapeIds`: the filter,
 *   after the cursor's id, in id order, one more than the page to tell whether another follows),
 *   then the rows of those ids in chunks (`reports`, `shapes`), which the service writes out as
 *   they come. On SQLite the ids are read apart (`ReadApart`), so a long read holds neither the
 *   API's thread nor its connection.
 * - The ids are read one of two ways, chosen by how much of the channel the filter selects (its
 *   count, which the page reads first, against the channel's kept count). A filter that selects
 *   more than a fifth of the channel walks the primary key in id order and tests each report, so a
 *   page of 10,000 reads about 10,000 × 5 rows at most; its conditions are written so that no other
 *   index can serve them, since both engines would otherwise read every match through the filter's
 *   index and sort them. A filter that selects less reads its matches through the filter's index
 *   (`reports_channel_position`, `reports_channel_created`, …) and sorts their ids (`ORDER BY
 *   id + 0`, which no index serves): a zoomed-in map's box then costs its few matches, where the
 *   primary key would be walked to the end of the channel.
 * - `numberMatched` counts the kept per-day counts (`report_day_counts`) when the filter is only
 *   states and categories, as the analytics do, and the reports themselves (apart) otherwise.
 * - Boxes are closed and arrive as the domain's `OgcBbox.searched` boxes; times are compared as
 *   the ISO text the tables hold.
 * - A channel's extent: longitudes and creation times exact, from the channel's indexes; latitudes
 *   from the rows of its 0.01° cells kept in `report_cell_counts`, since no index starts with the
 *   latitude and reading a million reports would take far longer than a listing may. The box
 *   holds every placed report, at most a cell's height more.
 */
import type { BoundingBox } from "@fieldreport/domain/BoundingBox"
import type { OgcDatetime } from "@fieldreport/domain/OgcDatetime"
import { Context, Effect, Layer } from "effect"
import { SqlClient, type Statement } from "effect/sql"
import * as ReadApart from "./sql/ReadApart.ts"

/** What a page of a channel's reports is filtered by; undefined criteria do not apply. */
export interface ReportFilter {
  readonly channelId: number
  readonly boxes: ReadonlyArray<BoundingBox> | undefined
  readonly datetime: OgcDatetime | undefined
  readonly reportStateIds: ReadonlyArray<number> | undefined
  readonly categoryIds: ReadonlyArray<number> | undefined
}

/** What a page of an app's shapes is filtered by. */
export interface ShapeFilter {
  readonly appId: number
  readonly boxes: ReadonlyArray<BoundingBox> | undefined
  readonly datetime: OgcDatetime | undefined
}

/** A report as a feature shows it; `answers` is the stored JSON text. */
export interface ReportFeatureRow {
  readonly id: number
  readonly channel_id: number
  readonly user_id: number
  readonly is_anonymous: number
  readonly title: string
  readonly address: string
  readonly latitude: number | null
  readonly longitude: number | null
  readonly category_id: number
  readonly report_state_id: number
  readonly shape_id: number | null
  readonly assignee_id: number | null
  readonly assignment_due_at: string | null
  readonly answers: string
  readonly created_at: string
  readonly updated_at: string
}

/** A shape as a feature shows it; `metadata` is the stored JSON text. */
export interface ShapeFeatureRow {
  readonly id: number
  readonly geom: string
  readonly metadata: string
  readonly created_at: string
}

/** A channel of a team, as a collection names it. */
export interface FeatureChannelRow {
  readonly id: number
  readonly name: string
}

/** Where and when a collection's features lie; undefined parts when it has none. */
export interface FeatureExtent {
  readonly box: BoundingBox | undefined
  readonly first: string | undefined
  readonly last: string | undefined
}

/** The share of a channel beyond which a filter's page walks the primary key (see above). */
const selectiveShare = 0.2

/** The level of `report_cell_counts` whose rows give a channel's latitudes: 0.01° cells. */
const extentLevel = 2

const reportColumns = `id, channel_id, user_id, is_anonymous, title, address, latitude, longitude, category_id,
  report_state_id, shape_id, assignee_id, assignment_due_at, answers, created_at, updated_at`

/**
 * The OGC feature store.
 *
 * @example
 * ```ts
 * const features = yield* OgcFeatureStore
 * const ids = yield* features.reportIds(filter, undefined, 101, matched)
 * ```
 */
export class OgcFeatureStore extends Context.Service<
  OgcFeatureStore,
  {
    /** The channels of the teams, by name. */
    readonly channelsOfTeams: (
      teamIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<FeatureChannelRow>>
    /** Each channel's extent, by channel id. */
    readonly reportExtents: (
      channelIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyMap<number, FeatureExtent>>
    /**
     * Up to `count` ids of the reports the filter selects after `after`, in id order; `matched` is
     * how many it selects in all (`countReports`), which chooses the way they are read.
     */
    readonly reportIds: (
      filter: ReportFilter,
      after: number | undefined,
      count: number,
      matched: number,
    ) => Effect.Effect<ReadonlyArray<number>>
    readonly countReports: (filter: ReportFilter) => Effect.Effect<number>
    /** The reports of the ids, in id order (those deleted since are missing). */
    readonly reports: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ReportFeatureRow>>
    readonly report: (channelId: number, id: number) => Effect.Effect<ReportFeatureRow | undefined>
    readonly shapesExtent: (appId: number) => Effect.Effect<FeatureExtent>
    readonly shapeIds: (
      filter: ShapeFilter,
      after: number | undefined,
      count: number,
    ) => Effect.Effect<ReadonlyArray<number>>
    readonly countShapes: (filter: ShapeFilter) => Effect.Effect<number>
    readonly shapes: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<ShapeFeatureRow>>
    readonly shape: (appId: number, id: number) => Effect.Effect<ShapeFeatureRow | undefined>
  }
>()("api/store/OgcFeatureStore") {
  static readonly layer = Layer.effect(
    OgcFeatureStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const readApart = yield* ReadApart.make

      /**
       * A column of the reports as a condition names it: plainly, or (`indexed` false) as an
       * expression no index serves, the same value on both engines.
       */
      const column = (name: string, indexed: boolean, type: "number" | "text" = "number") =>
        indexed ? sql(name) : sql.literal(type === "number" ? `(${name} + 0)` : `(${name} || '')`)

      /** Positions in any of the boxes. */
      const inBoxes = (boxes: ReadonlyArray<BoundingBox>, indexed: boolean) =>
        sql.or(
          boxes.map(
            (box) => sql`(${column("longitude", indexed)} BETWEEN ${box.minLongitude} AND ${box.maxLongitude}
              AND ${column("latitude", indexed)} BETWEEN ${box.minLatitude} AND ${box.maxLatitude})`,
          ),
        )

      /** Shapes whose boxes meet any of the boxes. */
      const meetsBoxes = (boxes: ReadonlyArray<BoundingBox>) =>
        sql.or(
          boxes.map(
            (box) => sql`(min_longitude <= ${box.maxLongitude} AND max_longitude >= ${box.minLongitude}
              AND min_latitude <= ${box.maxLatitude} AND max_latitude >= ${box.minLatitude})`,
          ),
        )

      /** The conditions of the criteria given, none for those undefined. */
      const given = <A>(value: A | undefined, condition: (value: A) => Statement.Fragment) =>
        value === undefined ? [] : [condition(value)]

      const during = (datetime: OgcDatetime | undefined, indexed = true) => [
        ...given(datetime?.start, (start) => sql`${column("created_at", indexed, "text")} >= ${start}`),
        ...given(datetime?.end, (end) => sql`${column("created_at", indexed, "text")} <= ${end}`),
      ]

      /** The conditions of a report filter; with `indexed` false, none but the channel's uses an index. */
      const reportConditions = (filter: ReportFilter, indexed = true) => [
        sql`channel_id = ${filter.channelId}`,
        ...given(filter.boxes, (boxes) => inBoxes(boxes, indexed)),
        ...during(filter.datetime, indexed),
        ...given(
          filter.reportStateIds,
          (ids) => sql`${column("report_state_id", indexed)} IN ${sql.in(ids)}`,
        ),
        ...given(filter.categoryIds, (ids) => sql`${column("category_id", indexed)} IN ${sql.in(ids)}`),
      ]

      /** Reports counted from the per-day counts kept for states and categories. */
      const keptCount = (filter: ReportFilter) =>
        sql<{ readonly total: number | null }>`SELECT SUM(report_count) AS total FROM report_day_counts
          WHERE ${sql.and(reportConditions(filter))}`

      const shapeConditions = (filter: ShapeFilter) => [
        sql`branded_app_id = ${filter.appId}`,
        ...given(filter.boxes, meetsBoxes),
        ...during(filter.datetime),
      ]

      const afterId = (after: number | undefined) => given(after, (id) => sql`id > ${id}`)

      const idsOf = (rows: ReadonlyArray<{ readonly id: number }>) => rows.map((row) => row.id)

      const first = <A>(rows: ReadonlyArray<A>): A | undefined => rows[0]

      return OgcFeatureStore.of({
        channelsOfTeams: (teamIds) =>
          teamIds.length === 0
            ? Effect.succeed([])
            : sql<FeatureChannelRow>`SELECT id, name FROM channels WHERE team_id IN ${sql.in(teamIds)}
                ORDER BY name, id`.pipe(Effect.orDie),
        reportExtents: (channelIds) =>
          Effect.gen(function* () {
            const extents = new Map<number, FeatureExtent>()
            for (const channelId of channelIds) {
              // Each sub-select is one look-up at an end of an index.
              const [ends] = yield* sql<{
                readonly west: number | null
                readonly east: number | null
                readonly first: string | null
                readonly last: string | null
              }>`SELECT
                  (SELECT MIN(longitude) FROM reports WHERE channel_id = ${channelId}) AS west,
                  (SELECT MAX(longitude) FROM reports WHERE channel_id = ${channelId}) AS east,
                  (SELECT MIN(created_at) FROM reports WHERE channel_id = ${channelId}) AS first,
                  (SELECT MAX(created_at) FROM reports WHERE channel_id = ${channelId}) AS last`
              const [rows] = yield* sql<{ readonly south: number | null; readonly north: number | null }>`
                SELECT MIN(row_index) AS south, MAX(row_index) AS north FROM report_cell_counts
                WHERE channel_id = ${channelId} AND level = ${extentLevel} AND report_count > 0`
              const unit = 10 ** extentLevel
              extents.set(channelId, {
                box:
                  ends?.west == null || ends.east == null || rows?.south == null || rows.north == null
                    ? undefined
                    : {
                        minLongitude: ends.west,
                        minLatitude: Math.max(-90, rows.south / unit),
                        maxLongitude: ends.east,
                        maxLatitude: Math.min(90, (rows.north + 1) / unit),
                      },
                first: ends?.first ?? undefined,
                last: ends?.last ?? undefined,
              })
            }
            return extents
          }).pipe(Effect.orDie),
        reportIds: (filter, after, count, matched) =>
          Effect.gen(function* () {
            const [channel] = yield* keptCount({
              channelId: filter.channelId,
              boxes: undefined,
              datetime: undefined,
              reportStateIds: undefined,
              categoryIds: undefined,
            })
            const selective = matched < Number(channel?.total ?? 0) * selectiveShare
            const rows = yield* readApart(
              selective
                ? sql<{ readonly id: number }>`SELECT id FROM reports
                    WHERE ${sql.and([...reportConditions(filter), ...afterId(after)])}
                    ORDER BY id + 0 LIMIT ${count}`
                : sql<{ readonly id: number }>`SELECT id FROM reports
                    WHERE ${sql.and([...reportConditions(filter, false), ...afterId(after)])}
                    ORDER BY id LIMIT ${count}`,
            )
            return idsOf(rows)
          }).pipe(Effect.orDie),
        countReports: (filter) =>
          (filter.boxes === undefined && filter.datetime === undefined
            ? keptCount(filter)
            : readApart(
                sql<{ readonly total: number | null }>`SELECT COUNT(*) AS total FROM reports
                  WHERE ${sql.and(reportConditions(filter))}`,
              )
          ).pipe(
            Effect.map((rows) => Number(first(rows)?.total ?? 0)),
            Effect.orDie,
          ),
        reports: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<ReportFeatureRow>`SELECT ${sql.literal(reportColumns)} FROM reports
                WHERE id IN ${sql.in(ids)} ORDER BY id`.pipe(Effect.orDie),
        report: (channelId, id) =>
          sql<ReportFeatureRow>`SELECT ${sql.literal(reportColumns)} FROM reports
            WHERE id = ${id} AND channel_id = ${channelId}`.pipe(Effect.map(first), Effect.orDie),
        shapesExtent: (appId) =>
          sql<{
            readonly west: number | null
            readonly south: number | null
            readonly east: number | null
            readonly north: number | null
            readonly first: string | null
            readonly last: string | null
          }>`SELECT MIN(min_longitude) AS west, MIN(min_latitude) AS south, MAX(max_longitude) AS east,
              MAX(max_latitude) AS north, MIN(created_at) AS first, MAX(created_at) AS last
            FROM shapes WHERE branded_app_id = ${appId}`.pipe(
            Effect.map(([row]) => ({
              box:
                row?.west == null || row.south == null || row.east == null || row.north == null
                  ? undefined
                  : {
                      minLongitude: row.west,
                      minLatitude: row.south,
                      maxLongitude: row.east,
                      maxLatitude: row.north,
                    },
              first: row?.first ?? undefined,
              last: row?.last ?? undefined,
            })),
            Effect.orDie,
          ),
        shapeIds: (filter, after, count) =>
          sql<{ readonly id: number }>`SELECT id FROM shapes
            WHERE ${sql.and([...shapeConditions(filter), ...afterId(after)])}
            ORDER BY id LIMIT ${count}`.pipe(Effect.map(idsOf), Effect.orDie),
        countShapes: (filter) =>
          sql<{
            readonly total: number
          }>`SELECT COUNT(*) AS total FROM shapes WHERE ${sql.and(shapeConditions(filter))}`.pipe(
            Effect.map((rows) => Number(first(rows)?.total ?? 0)),
            Effect.orDie,
          ),
        shapes: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<ShapeFeatureRow>`SELECT id, geom, metadata, created_at FROM shapes
                WHERE id IN ${sql.in(ids)} ORDER BY id`.pipe(Effect.orDie),
        shape: (appId, id) =>
          sql<ShapeFeatureRow>`SELECT id, geom, metadata, created_at FROM shapes
            WHERE id = ${id} AND branded_app_id = ${appId}`.pipe(Effect.map(first), Effect.orDie),
      })
    }),
  )
}
