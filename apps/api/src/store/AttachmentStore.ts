/**
 * Uploaded files' records (the bytes live in the file store, see `attachments/FileStore.ts`), whether
 * something uses them, and the secret that signs their addresses (a row of `settings`).
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** An attachment as stored. */
export interface AttachmentRow {
  readonly id: number
  readonly user_id: number
  readonly filename: string
  readonly content_type: string
  readonly byte_size: number
  /** Where the bytes are in the file store (`attachments/StorageKey.ts`); random, never the client's name. */
  readonly storage_key: string
  readonly image: number
  readonly renditions_ready: number
  readonly used: number
  readonly created_at: string
  readonly released_at: string | null
}

/** An attachment the clean-up removed, whose files are to go too. */
export interface RemovedAttachment {
  readonly id: number
  readonly storage_key: string
}

const columns =
  "id, user_id, filename, content_type, byte_size, storage_key, image, renditions_ready, used, created_at, released_at"

export class AttachmentStore extends Context.Service<
  AttachmentStore,
  {
    readonly insert: (attachment: {
      readonly user_id: number
      readonly filename: string
      readonly content_type: string
      readonly byte_size: number
      readonly storage_key: string
      readonly image: boolean
      readonly created_at: string
    }) => Effect.Effect<AttachmentRow>
    readonly find: (id: number) => Effect.Effect<AttachmentRow | undefined>
    readonly findMany: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<AttachmentRow>>
    /**
     * The content types of those of `ids` that exist; with `usableBy`, only of those the user
     * uploaded and nothing uses yet, or that the report already uses.
     */
    readonly contentTypes: (
      ids: ReadonlyArray<number>,
      usableBy: { readonly userId: number; readonly reportId: number | undefined } | undefined,
    ) => Effect.Effect<ReadonlyArray<{ readonly id: number; readonly content_type: string }>>
    readonly markRenditionsReady: (id: number) => Effect.Effect<void>
    /** Marks attachments used; answers the ids it found. */
    readonly markUsed: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<number>>
    /**
     * Marks attachments used that nothing uses yet; answers the ids it marked. The check is made
     * on the row as it is written, so of two transactions claiming one attachment only one gets it.
     */
    readonly claim: (ids: ReadonlyArray<number>) => Effect.Effect<ReadonlyArray<number>>
    readonly release: (ids: ReadonlyArray<number>, at: string) => Effect.Effect<void>
    /**
     * Removes up to `limit` attachments that nothing uses, uploaded and (if ever used) released
     * before `before`, oldest first.
     */
    readonly removeUnused: (before: string, limit: number) => Effect.Effect<ReadonlyArray<RemovedAttachment>>
    /** Those of `storageKeys` that an attachment has, for the sweep of files without one. */
    readonly existingStorageKeys: (storageKeys: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<string>>
    /** A setting's value, stored as `initial` when absent; the first writer wins a race. */
    readonly setting: (name: string, initial: string) => Effect.Effect<string>
  }
>()("api/store/AttachmentStore") {
  static readonly layer = Layer.effect(
    AttachmentStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const all = sql.unsafe(columns)
      return AttachmentStore.of({
        insert: ({ image, ...attachment }) =>
          sql<AttachmentRow>`INSERT INTO attachments ${sql.insert({ ...attachment, image: image ? 1 : 0 })}
            RETURNING ${all}`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        find: (id) =>
          sql<AttachmentRow>`SELECT ${all} FROM attachments WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        findMany: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<AttachmentRow>`SELECT ${all} FROM attachments WHERE id IN ${sql.in(ids)} ORDER BY id`.pipe(
                Effect.orDie,
              ),
        contentTypes: (ids, usableBy) => {
          if (ids.length === 0) return Effect.succeed([])
          const usable =
            usableBy === undefined
              ? sql`1 = 1`
              : sql`((a.used = 0 AND a.user_id = ${usableBy.userId})${
                  usableBy.reportId === undefined
                    ? sql``
                    : sql` OR EXISTS (SELECT 1 FROM report_attachments ra
                        WHERE ra.attachment_id = a.id AND ra.report_id = ${usableBy.reportId})`
                })`
          return sql<{ readonly id: number; readonly content_type: string }>`SELECT a.id, a.content_type
            FROM attachments a WHERE a.id IN ${sql.in(ids)} AND ${usable}`.pipe(Effect.orDie)
        },
        markRenditionsReady: (id) =>
          sql`UPDATE attachments SET renditions_ready = 1 WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
        markUsed: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<{ readonly id: number }>`UPDATE attachments SET used = 1, released_at = NULL
                WHERE id IN ${sql.in(ids)} RETURNING id`.pipe(
                Effect.map((rows) => rows.map((row) => row.id)),
                Effect.orDie,
              ),
        claim: (ids) =>
          ids.length === 0
            ? Effect.succeed([])
            : sql<{ readonly id: number }>`UPDATE attachments SET used = 1, released_at = NULL
                WHERE id IN ${sql.in(ids)} AND used = 0 RETURNING id`.pipe(
                Effect.map((rows) => rows.map((row) => row.id)),
                Effect.orDie,
              ),
        release: (ids, at) =>
          ids.length === 0
            ? Effect.void
            : sql`UPDATE attachments SET used = 0, released_at = ${at} WHERE id IN ${sql.in(ids)}`.pipe(
                Effect.asVoid,
                Effect.orDie,
              ),
        // The flag narrows the candidates through `attachments_unused`; the references are checked
        // as well, so a picture or logo whose service forgot to mark it used is never lost. The
        // outer `used = 0` is re-checked on the locked row by PostgreSQL.
        removeUnused: (before, limit) =>
          sql<RemovedAttachment>`DELETE FROM attachments WHERE used = 0 AND id IN (
              SELECT a.id FROM attachments a
              WHERE a.used = 0 AND a.created_at < ${before}
                AND (a.released_at IS NULL OR a.released_at < ${before})
                AND NOT EXISTS (SELECT 1 FROM report_attachments ra WHERE ra.attachment_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM users u WHERE u.image_attachment_id = a.id)
                AND NOT EXISTS (SELECT 1 FROM channels c WHERE c.logo_attachment_id = a.id)
              ORDER BY a.created_at LIMIT ${limit}
            ) RETURNING id, storage_key`.pipe(Effect.orDie),
        existingStorageKeys: (storageKeys) =>
          storageKeys.length === 0
            ? Effect.succeed([])
            : sql<{ readonly storage_key: string }>`SELECT storage_key FROM attachments
                WHERE storage_key IN ${sql.in(storageKeys)}`.pipe(
                Effect.map((rows) => rows.map((row) => row.storage_key)),
                Effect.orDie,
              ),
        setting: (name, initial) =>
          Effect.gen(function* () {
            yield* sql`INSERT INTO settings (name, value) VALUES (${name}, ${initial}) ON CONFLICT (name) DO NOTHING`
            const rows = yield* sql<{
              readonly value: string
            }>`SELECT value FROM settings WHERE name = ${name}`
            return yield* Effect.fromNullishOr(rows[0]?.value)
          }).pipe(Effect.orDie),
      })
    }),
  )
}
