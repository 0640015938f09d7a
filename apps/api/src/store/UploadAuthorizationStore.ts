/**
 * The upload authorizations handed out (`upload_authorizations`): whose each one is, the key prefix
 * its file is posted under, the content type its form allows, when it expires, and whether an
 * attachment was made of it.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** An upload authorization as stored. */
export interface UploadAuthorizationRow {
  readonly id: number
  readonly user_id: number
  readonly key_prefix: string
  readonly content_type: string
  readonly expires_at: string
  /** When an attachment was made of it; null until then. */
  readonly used_at: string | null
  readonly created_at: string
}

const columns = "id, user_id, key_prefix, content_type, expires_at, used_at, created_at"

export class UploadAuthorizationStore extends Context.Service<
  UploadAuthorizationStore,
  {
    readonly insert: (authorization: {
      readonly user_id: number
      readonly key_prefix: string
      readonly content_type: string
      readonly expires_at: string
      readonly created_at: string
    }) => Effect.Effect<UploadAuthorizationRow>
    readonly findByKeyPrefix: (keyPrefix: string) => Effect.Effect<UploadAuthorizationRow | undefined>
    /**
     * Marks an authorization used, unless it is already; answers whether it marked it. The check is
     * made on the row as it is written, so of two transactions using one authorization only one does.
     */
    readonly use: (id: number, at: string) => Effect.Effect<boolean>
    /** Removes the authorizations that expired before `before`; answers how many. */
    readonly removeExpired: (before: string) => Effect.Effect<number>
  }
>()("api/store/UploadAuthorizationStore") {
  static readonly layer = Layer.effect(
    UploadAuthorizationStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const all = sql.unsafe(columns)
      return UploadAuthorizationStore.of({
        insert: (authorization) =>
          sql<UploadAuthorizationRow>`INSERT INTO upload_authorizations ${sql.insert(authorization)}
            RETURNING ${all}`.pipe(
            Effect.flatMap((rows) => Effect.fromNullishOr(rows[0])),
            Effect.orDie,
          ),
        findByKeyPrefix: (keyPrefix) =>
          sql<UploadAuthorizationRow>`SELECT ${all} FROM upload_authorizations
            WHERE key_prefix = ${keyPrefix}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        use: (id, at) =>
          sql<{ readonly id: number }>`UPDATE upload_authorizations SET used_at = ${at}
            WHERE id = ${id} AND used_at IS NULL RETURNING id`.pipe(
            Effect.map((rows) => rows.length === 1),
            Effect.orDie,
          ),
        removeExpired: (before) =>
          sql<{ readonly id: number }>`DELETE FROM upload_authorizations
            WHERE expires_at < ${before} RETURNING id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
