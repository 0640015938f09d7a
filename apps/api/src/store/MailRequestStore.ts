/**
 * Requests for account e-mails (password resets, sign-ups), by the keys the mail throttle counts
 * them under: one row per key and request, with its time.
 */
import { Array as Arr, Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"

/** A request counted under a key. */
export interface MailRequestRow {
  readonly id: number
  readonly requested_at: string
}

/**
 * The store of mail requests.
 *
 * @example
 * ```ts
 * const requests = yield* MailRequestStore
 * const own = yield* requests.record(["email:ana@example.com", "address:203.0.113.9"])
 * ```
 */
export class MailRequestStore extends Context.Service<
  MailRequestStore,
  {
    /** Records a request now under each key; answers the rows' ids, in no particular order. */
    readonly record: (keys: ReadonlyArray<string>) => Effect.Effect<ReadonlyArray<number>>
    /** A key's latest `limit` requests since `since`, newest first. */
    readonly recent: (
      key: string,
      since: string,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<MailRequestRow>>
    /** Takes back requests recorded (ones that were refused). */
    readonly forget: (ids: ReadonlyArray<number>) => Effect.Effect<void>
    /** Deletes the requests made before `before`; answers how many. */
    readonly deleteOlder: (before: string) => Effect.Effect<number>
  }
>()("api/store/MailRequestStore") {
  static readonly layer = Layer.effect(
    MailRequestStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return MailRequestStore.of({
        record: (keys) =>
          Effect.gen(function* () {
            const requested_at = yield* nowIso
            const rows = keys.map((throttle_key) => ({ throttle_key, requested_at }))
            if (!Arr.isArrayNonEmpty(rows)) return []
            const inserted = yield* sql<{
              readonly id: number
            }>`INSERT INTO mail_requests ${sql.insert(rows)} RETURNING id`
            return inserted.map((row) => row.id)
          }).pipe(Effect.orDie),
        recent: (key, since, limit) =>
          sql<MailRequestRow>`SELECT id, requested_at FROM mail_requests
            WHERE throttle_key = ${key} AND requested_at >= ${since}
            ORDER BY requested_at DESC, id DESC LIMIT ${limit}`.pipe(Effect.orDie),
        forget: (ids) =>
          ids.length === 0
            ? Effect.void
            : sql`DELETE FROM mail_requests WHERE ${sql.in("id", ids)}`.pipe(Effect.asVoid, Effect.orDie),
        deleteOlder: (before) =>
          sql<{
            readonly id: number
          }>`DELETE FROM mail_requests WHERE requested_at < ${before} RETURNING id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
