/**
 * The client-made ids of reports, report comments and tasks, unique across the service
 * (`client_uuids`, migration 0022): a row's store claims its uuid in the transaction that inserts
 * the row, and frees it with the row. On PostgreSQL the tables themselves hold their uuids only per
 * channel, so this table is what keeps a uuid to one row everywhere.
 */
import { Effect } from "effect"
import type { SqlClient, Statement } from "effect/sql"

/** The kinds of rows whose uuid is recorded. */
export type Kind = "report" | "report_comment" | "task"

/**
 * Claims a uuid for a new row: `false` when another row of the kind holds it. Run it in the
 * transaction that inserts the row.
 *
 * @example
 * ```ts
 * if (!(yield* ClientUuids.claim(sql, "task", task.uuid))) return undefined
 * ```
 */
export const claim = (sql: SqlClient.SqlClient, kind: Kind, uuid: string): Effect.Effect<boolean> =>
  sql<{ readonly uuid: string }>`INSERT INTO client_uuids (kind, uuid) VALUES (${kind}, ${uuid})
    ON CONFLICT DO NOTHING RETURNING uuid`.pipe(
    Effect.map((rows) => rows.length > 0),
    Effect.orDie,
  )

/**
 * Frees the uuids of rows about to be deleted: those `rows` (a `SELECT uuid …` fragment) names.
 *
 * @example
 * ```ts
 * yield* ClientUuids.free(sql, "task", sql`SELECT uuid FROM tasks WHERE uuid = ${uuid}`)
 * ```
 */
export const free = (sql: SqlClient.SqlClient, kind: Kind, rows: Statement.Fragment): Effect.Effect<void> =>
  sql`DELETE FROM client_uuids WHERE kind = ${kind} AND uuid IN (${rows})`.pipe(Effect.asVoid, Effect.orDie)
