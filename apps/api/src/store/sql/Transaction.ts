/**
 * Transactions for the services, which write through several stores at once: every write in one
 * is kept, or none is. A failure of the database itself is a defect (a `500`), not an error a
 * client could act on, so it leaves the error channel.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/**
 * Runs effects in transactions of the database the services are built on. One run inside another
 * joins it; a failure of the effect rolls the transaction back and passes through unchanged.
 *
 * @example
 * ```ts
 * const inTransaction = yield* Transaction.runner
 * return yield* inTransaction(Effect.gen(function* () { … }))
 * ```
 */
export const runner = Effect.map(
  SqlClient.SqlClient,
  (sql) =>
    <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die)),
)
