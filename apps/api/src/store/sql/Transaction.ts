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

/**
 * Runs effects that read, then write with a single statement that checks for itself what it needs
 * (a notification fan-out: who to tell, then one insert). On PostgreSQL they run in a transaction,
 * as `runner` runs them, so that the reads can lock first what the write will need. On SQLite they
 * run without one, and the write commits by itself: inside a transaction, SQLite copies every page
 * a statement changes to a temporary file, to undo that statement alone should it fail, and for a
 * write that changes a page per row (an index keyed by user, one user per row) that copy is a large
 * part of its cost (docs/benchmarks.md, the fan-out).
 *
 * @example
 * ```ts
 * const inOneWrite = yield* Transaction.singleWriteRunner
 * yield* inOneWrite(Effect.gen(function* () { … }))
 * ```
 */
export const singleWriteRunner = Effect.map(
  SqlClient.SqlClient,
  (sql) =>
    <A, E, R>(effect: Effect.Effect<A, E, R>) =>
      sql.onDialectOrElse({
        sqlite: () => effect,
        orElse: () => sql.withTransaction(effect).pipe(Effect.catchTag("SqlError", Effect.die)),
      }),
)
