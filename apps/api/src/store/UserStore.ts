/**
 * Users and their credentials' digests.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"
import { changedColumns } from "./sql/Columns.ts"

export interface UserRow {
  readonly id: number
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly password_hash: string | null
  readonly admin: number
  readonly deactivated: number
  readonly image_attachment_id: number | null
  readonly app_version: string
  readonly bluetooth_enabled: number
  readonly location_enabled: number
  readonly push_notification_enabled: number
  readonly last_active_at: string | null
  readonly created_at: string
  /** 0 for someone who signed up and has not yet verified their e-mail address; 1 otherwise. */
  readonly email_verified: number
}

export interface NewUser {
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly password_hash: string | null
  readonly admin: boolean
  /** False for someone signing up, until they verify the address; true when absent. */
  readonly email_verified?: boolean
}

/** Columns a user may change about themselves or an administrator about them. */
export interface UserChanges {
  readonly first_name?: string
  readonly last_name?: string
  readonly password_hash?: string
  readonly admin?: boolean
  readonly deactivated?: boolean
  readonly image_attachment_id?: number | null
  readonly app_version?: string
  readonly bluetooth_enabled?: boolean
  readonly location_enabled?: boolean
  readonly push_notification_enabled?: boolean
  readonly email_verified?: boolean
}

export class UserStore extends Context.Service<
  UserStore,
  {
    readonly findById: (id: number) => Effect.Effect<UserRow | undefined>
    readonly findByEmail: (email: string) => Effect.Effect<UserRow | undefined>
    readonly insert: (user: NewUser) => Effect.Effect<UserRow>
    readonly update: (id: number, changes: UserChanges) => Effect.Effect<void>
    readonly list: Effect.Effect<ReadonlyArray<UserRow>>
    /** Up to `limit` users from position `offset`, by id. */
    readonly page: (offset: number, limit: number) => Effect.Effect<ReadonlyArray<UserRow>>
    readonly count: Effect.Effect<number>
    /**
     * Sets `last_active_at` unless it was set less than a minute ago. Given the row just read, it
     * runs no statement at all when that row says so: most requests of an active user.
     */
    readonly touch: (user: Pick<UserRow, "id" | "last_active_at">) => Effect.Effect<void>
  }
>()("api/store/UserStore") {
  static readonly layer = Layer.effect(
    UserStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const findById = (id: number) =>
        sql<UserRow>`SELECT * FROM users WHERE id = ${id}`.pipe(
          Effect.map((rows) => rows[0]),
          Effect.orDie,
        )
      return UserStore.of({
        findById,
        findByEmail: (email) =>
          sql<UserRow>`SELECT * FROM users WHERE email = ${email.trim().toLowerCase()}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insert: (user) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows = yield* sql<UserRow>`INSERT INTO users ${sql.insert({
              email: user.email.trim().toLowerCase(),
              first_name: user.first_name,
              last_name: user.last_name,
              password_hash: user.password_hash,
              admin: user.admin ? 1 : 0,
              email_verified: user.email_verified === false ? 0 : 1,
              created_at,
            })} RETURNING *`
            return rows[0]!
          }).pipe(Effect.orDie),
        update: (id, changes) => {
          const columns = changedColumns(changes)
          if (Object.keys(columns).length === 0) return Effect.void
          return sql`UPDATE users SET ${sql.update(columns)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        list: sql<UserRow>`SELECT * FROM users ORDER BY id`.pipe(Effect.orDie),
        page: (offset, limit) =>
          sql<UserRow>`SELECT * FROM users ORDER BY id LIMIT ${limit} OFFSET ${offset}`.pipe(Effect.orDie),
        count: sql<{ n: number }>`SELECT count(*) AS n FROM users`.pipe(
          Effect.map((rows) => rows[0]?.n ?? 0),
          Effect.orDie,
        ),
        touch: (user) =>
          Effect.gen(function* () {
            const now = yield* nowIso
            const aMinuteAgo = new Date(Date.parse(now) - 60_000).toISOString()
            if (user.last_active_at !== null && user.last_active_at >= aMinuteAgo) return
            // Still conditional: another request may have touched the user since the row was read.
            yield* sql`UPDATE users SET last_active_at = ${now}
              WHERE id = ${user.id} AND (last_active_at IS NULL OR last_active_at < ${aMinuteAgo})`
          }).pipe(Effect.orDie),
      })
    }),
  )
}
