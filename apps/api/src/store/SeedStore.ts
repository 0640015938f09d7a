/**
 * The rows seeding writes in bulk (`seed/Seeder.ts`): members, their alert areas and selections,
 * reports with their photos, notifications and reads, many rows to a statement on either engine.
 * Each row is the one the other stores write one at a time (the same columns, the same normalised
 * e-mail addresses, a polygon's rings beside its WKT, a report's uuid claimed in `client_uuids`),
 * so every trigger and index of the schema does its work as it would for the API.
 *
 * The statements are written out here rather than with the SQL client's insert helper, which at
 * hundreds of rows a statement costs several times what the database spends on them. Nothing
 * here opens a transaction: the seeder writes a batch of rows of several tables in one.
 */
import type { AlertAreaInput } from "@fieldreport/domain/AlertArea"
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { ringsOf } from "./AlertAreaStore.ts"
import type { NewReport } from "./ReportStore.ts"

/**
 * Rows per statement: the widest row (a report's 15 columns) makes 7,500 parameters, far below
 * SQLite's 32,766 and PostgreSQL's 65,535.
 */
const statementRows = 500

/** The page cache, in KiB, of a SQLite connection writing in bulk: the indexes grow in memory. */
const bulkCacheKib = 262_144

/** A person who logs in with a password. */
export interface SeedUserRow {
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly password_hash: string
  readonly created_at: string
}

/** A member of a team who agreed to join. */
export interface SeedTeamUserRow {
  readonly team_id: number
  readonly user_id: number
  readonly role: TeamRole
  readonly created_at: string
}

export interface SeedChannelMemberRow {
  readonly channel_id: number
  readonly user_id: number
  readonly role: ChannelRole
}

/** What a member sees of a channel (`view`), follows, and is alerted of, as 0/1. */
export interface SeedSelectionRow {
  readonly channel_id: number
  readonly user_id: number
  readonly view: number
  readonly follow: number
  readonly alert: number
}

export interface SeedAlertAreaRow {
  readonly user_id: number
  readonly input: AlertAreaInput
  readonly created_at: string
}

/** An image whose renditions are ready, used by a report. */
export interface SeedPhotoRow {
  readonly user_id: number
  readonly filename: string
  readonly content_type: string
  readonly byte_size: number
  readonly storage_key: string
  readonly created_at: string
}

/** A report as `ReportStore.insert` takes it, with the uuid it claims. */
export interface SeedReportRow extends NewReport {
  readonly uuid: string
}

export interface SeedReportAttachmentRow {
  readonly attachment_id: number
  readonly report_id: number
  readonly channel_id: number
  readonly field_key: string
}

export interface SeedNotificationRow {
  readonly user_id: number
  readonly report_id: number
  readonly channel_id: number
  readonly read: number
  readonly created_at: string
}

export interface SeedReadRow {
  readonly report_id: number
  readonly channel_id: number
  readonly user_id: number
  readonly opened_at: string
}

/** A table's columns, in the order a row's values are written. */
type Columns<A> = ReadonlyArray<keyof A & string>

const userColumns: Columns<SeedUserRow> = ["email", "first_name", "last_name", "password_hash", "created_at"]
const teamUserColumns: Columns<SeedTeamUserRow & { readonly agreed_to_join: number }> = [
  "team_id",
  "user_id",
  "role",
  "agreed_to_join",
  "created_at",
]
const channelMemberColumns: Columns<SeedChannelMemberRow> = ["channel_id", "user_id", "role"]
const selectionColumns: Columns<SeedSelectionRow> = ["channel_id", "user_id", "view", "follow", "alert"]
const alertAreaColumns = [
  "user_id",
  "shape_type",
  "radius",
  "area",
  "latitude",
  "longitude",
  "rings",
  "created_at",
] as const
const photoColumns: Columns<SeedPhotoRow> = [
  "user_id",
  "filename",
  "content_type",
  "byte_size",
  "storage_key",
  "created_at",
]
const reportColumns: Columns<SeedReportRow> = [
  "channel_id",
  "uuid",
  "source_id",
  "user_id",
  "is_anonymous",
  "title",
  "address",
  "latitude",
  "longitude",
  "category_id",
  "report_state_id",
  "shape_id",
  "answers",
  "created_at",
]
const reportAttachmentColumns: Columns<SeedReportAttachmentRow> = [
  "attachment_id",
  "report_id",
  "channel_id",
  "field_key",
]
const notificationColumns: Columns<SeedNotificationRow> = [
  "user_id",
  "report_id",
  "channel_id",
  "read",
  "created_at",
]
const readColumns: Columns<SeedReadRow> = ["report_id", "channel_id", "user_id", "opened_at"]

/** The bulk writes of the seeder. */
export interface SeedStore {
  /** Inserts people; answers their ids in order. */
  readonly insertUsers: (users: ReadonlyArray<SeedUserRow>) => Effect.Effect<ReadonlyArray<number>>
  readonly insertTeamUsers: (rows: ReadonlyArray<SeedTeamUserRow>) => Effect.Effect<void>
  readonly insertChannelMembers: (rows: ReadonlyArray<SeedChannelMemberRow>) => Effect.Effect<void>
  readonly insertSelections: (rows: ReadonlyArray<SeedSelectionRow>) => Effect.Effect<void>
  readonly insertAlertAreas: (rows: ReadonlyArray<SeedAlertAreaRow>) => Effect.Effect<void>
  /** Inserts photos; answers their ids in order. */
  readonly insertPhotos: (rows: ReadonlyArray<SeedPhotoRow>) => Effect.Effect<ReadonlyArray<number>>
  /** Inserts reports and claims their uuids; answers their ids in order. */
  readonly insertReports: (rows: ReadonlyArray<SeedReportRow>) => Effect.Effect<ReadonlyArray<number>>
  readonly insertReportAttachments: (rows: ReadonlyArray<SeedReportAttachmentRow>) => Effect.Effect<void>
  readonly insertNotifications: (rows: ReadonlyArray<SeedNotificationRow>) => Effect.Effect<void>
  readonly insertReads: (rows: ReadonlyArray<SeedReadRow>) => Effect.Effect<void>
  /**
   * Runs an effect that writes in bulk; on SQLite with a larger page cache for the while, so the
   * indexes grow in memory, and the connection's own cache size again afterwards.
   */
  readonly inBulk: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  /** Gathers the tables' statistics for the query planner, as is due after a large change. */
  readonly analyze: Effect.Effect<void>
}

/**
 * The seeding store on the database's SQL client. Not a service of the application: only the
 * seeder writes through it, and makes its own.
 *
 * @example
 * ```ts
 * const store = yield* SeedStore.make
 * const ids = yield* store.insertUsers([{ email: "ana@example.com", first_name: "Ana", last_name: "Lee", password_hash, created_at }])
 * ```
 */
export const make: Effect.Effect<SeedStore, never, SqlClient.SqlClient> = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const numbered = sql.onDialectOrElse({ pg: () => true, orElse: () => false })
  /** The text of an insert of `rows` rows, kept: most batches of a table share one. */
  const texts = new Map<string, string>()
  const textOf = (table: string, columns: ReadonlyArray<string>, rows: number, returning: boolean) => {
    const name = `${table} (${columns.join(", ")}) ${rows} ${returning}`
    const known = texts.get(name)
    if (known !== undefined) return known
    let parameter = 0
    const row = () => `(${columns.map(() => (numbered ? `$${++parameter}` : "?")).join(", ")})`
    const text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array.from({ length: rows }, row).join(", ")}${
      returning ? " RETURNING id" : ""
    }`
    texts.set(name, text)
    return text
  }
  /**
   * Inserts rows in statements of {@link statementRows}; answers the ids of the rows when
   * `returning`, in the order of the rows (a multi-row insert returns its rows in order).
   */
  const insert = <A>(
    table: string,
    columns: Columns<A>,
    rows: ReadonlyArray<A>,
    returning = false,
  ): Effect.Effect<ReadonlyArray<number>> =>
    Effect.gen(function* () {
      const ids: Array<number> = []
      for (let from = 0; from < rows.length; from += statementRows) {
        const batch = rows.slice(from, from + statementRows)
        const values: Array<unknown> = []
        for (const row of batch) for (const column of columns) values.push(row[column])
        const text = textOf(table, columns, batch.length, returning)
        for (const { id } of yield* sql.unsafe<{ readonly id: number }>(text, values)) ids.push(id)
      }
      return ids
    }).pipe(Effect.orDie)

  return {
    insertUsers: (users) =>
      insert(
        "users",
        userColumns,
        users.map((user) => ({ ...user, email: user.email.trim().toLowerCase() })),
        true,
      ),
    insertTeamUsers: (rows) =>
      Effect.asVoid(
        insert(
          "team_users",
          teamUserColumns,
          rows.map((row) => ({ ...row, agreed_to_join: 1 })),
        ),
      ),
    insertChannelMembers: (rows) => Effect.asVoid(insert("channel_members", channelMemberColumns, rows)),
    insertSelections: (rows) => Effect.asVoid(insert("channel_selections", selectionColumns, rows)),
    insertAlertAreas: (rows) =>
      Effect.gen(function* () {
        const stored = yield* Effect.forEach(rows, ({ user_id, input, created_at }) =>
          Effect.map(ringsOf(input), (rings) => ({
            user_id,
            shape_type: input.shape_type,
            radius: input.radius,
            area: input.area,
            latitude: input.latitude,
            longitude: input.longitude,
            rings,
            created_at,
          })),
        )
        yield* insert("alert_areas", alertAreaColumns, stored)
      }),
    insertPhotos: (rows) =>
      insert(
        "attachments",
        [...photoColumns, "image", "renditions_ready", "used"],
        rows.map((row) => ({ ...row, image: 1, renditions_ready: 1, used: 1 })),
        true,
      ),
    insertReports: (rows) =>
      Effect.gen(function* () {
        yield* insert(
          "client_uuids",
          ["kind", "uuid"],
          rows.map((row) => ({ kind: "report", uuid: row.uuid })),
        )
        return yield* insert(
          "reports",
          [...reportColumns, "updated_at"],
          rows.map((row) => ({ ...row, answers: JSON.stringify(row.answers), updated_at: row.created_at })),
          true,
        )
      }),
    insertReportAttachments: (rows) =>
      Effect.asVoid(insert("report_attachments", reportAttachmentColumns, rows)),
    insertNotifications: (rows) => Effect.asVoid(insert("notifications", notificationColumns, rows)),
    insertReads: (rows) => Effect.asVoid(insert("report_reads", readColumns, rows)),
    inBulk: (effect) =>
      sql.onDialectOrElse({
        sqlite: () => withCache(sql, effect),
        orElse: () => effect,
      }),
    analyze: sql`ANALYZE`.pipe(Effect.asVoid, Effect.orDie),
  }
})

/** Runs the effect with SQLite's page cache at {@link bulkCacheKib}, then as it was. */
const withCache = <A, E, R>(sql: SqlClient.SqlClient, effect: Effect.Effect<A, E, R>) =>
  Effect.acquireUseRelease(
    sql<{ readonly cache_size: number }>`PRAGMA cache_size`.pipe(
      Effect.tap(() => sql.unsafe(`PRAGMA cache_size = -${bulkCacheKib}`)),
      Effect.map((rows) => rows[0]?.cache_size ?? -2000),
      Effect.orDie,
    ),
    () => effect,
    (size) => sql.unsafe(`PRAGMA cache_size = ${size}`).pipe(Effect.orDie),
  )
