/**
 * Long read-only queries (a map's counts over a city of reports) apart from the API's thread where
 * the engine runs on it. On SQLite a query holds the process's one thread and one connection until
 * it ends, so such a query reads in the worker thread of `SqliteClient.rowsApart`; on PostgreSQL it
 * runs on a connection of the pool, as any query. Its rows are copied between threads: worth it for
 * a long query with a short answer, not for tens of thousands of rows (analytics' per-user counts
 * answered later that way, so they are left on the connection).
 */
import { Effect, Option } from "effect"
import type { SqlError, Statement } from "effect/sql"
import { SqliteClient } from "./sqlite/SqliteClient.ts"

/**
 * Runs a read-only statement apart, when the engine needs it, and answers its rows.
 *
 * @example
 * ```ts
 * const readApart = yield* ReadApart.make
 * const groups = yield* readApart(sql<Group>`SELECT … FROM reports r … GROUP BY …`)
 * ```
 */
export type ReadApart = <A extends object>(
  statement: Statement.Statement<A>,
) => Effect.Effect<ReadonlyArray<A>, SqlError.SqlError>

/** The way to read apart on the database of the current context. */
export const make: Effect.Effect<ReadApart> = Effect.map(
  Effect.serviceOption(SqliteClient),
  (sqlite): ReadApart =>
    (statement) =>
      Option.match(sqlite, { onNone: () => statement, onSome: (client) => client.rowsApart(statement) }),
)
