/**
 * Keys that include the channel, so that Citus can distribute the channel tables by `channel_id`
 * (`docs/deployment.md`): a distributed table's primary key must include its distribution column,
 * and a foreign key between distributed tables must join them on it.
 *
 * - Categories, forms, form fields, report states, reports, state changes, reads, comments and
 *   notifications are keyed `(channel_id, id)`. Their ids still come from one sequence per table,
 *   so they stay unique; a plain index on `id` serves the lookups by id alone.
 * - The foreign keys among them (a report's category and state, a category's parent, a field's
 *   form, and everything that names a report, tasks included since 0015) join on
 *   `(channel_id, …)`, with the same deletes as before.
 *
 * PostgreSQL only: SQLite is never distributed, and it cannot change a primary key without
 * rebuilding the table. What still kept tables from distribution after it (the uniqueness of
 * uuids and notifications across channels, report attachments, the spatial index of reports) went
 * in migrations 0017 and 0020 to 0022.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** The tables keyed `(channel_id, id)` from now on. */
const keyed = [
  "categories",
  "forms",
  "form_fields",
  "report_states",
  "reports",
  "report_state_changes",
  "report_reads",
  "note_comments",
  "report_comments",
  "notifications",
] as const

/** The foreign keys to them: table, column, referenced table, what a delete of the referenced row does. */
const references: ReadonlyArray<
  readonly [table: string, column: string, referenced: string, onDelete: string]
> = [
  ["categories", "parent_id", "categories", ""],
  ["reports", "category_id", "categories", ""],
  ["form_fields", "form_id", "forms", " ON DELETE CASCADE"],
  ["reports", "report_state_id", "report_states", ""],
  ["report_state_changes", "previous_state_id", "report_states", ""],
  ["report_state_changes", "new_state_id", "report_states", ""],
  ["report_attachments", "report_id", "reports", " ON DELETE CASCADE"],
  ["report_state_changes", "report_id", "reports", " ON DELETE CASCADE"],
  ["report_reads", "report_id", "reports", " ON DELETE CASCADE"],
  ["note_comments", "report_id", "reports", " ON DELETE CASCADE"],
  ["report_comments", "report_id", "reports", " ON DELETE CASCADE"],
  ["notifications", "report_id", "reports", " ON DELETE CASCADE"],
  ["tasks", "report_id", "reports", " ON DELETE CASCADE"],
]

const postgres: ReadonlyArray<string> = [
  // The keys they rely on go first.
  ...references.map(([table, column]) => `ALTER TABLE ${table} DROP CONSTRAINT ${table}_${column}_fkey`),
  ...keyed.flatMap((table) => [
    `ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey, ADD PRIMARY KEY (channel_id, id)`,
    `CREATE INDEX ${table}_id ON ${table} (id)`,
  ]),
  ...references.map(
    ([table, column, referenced, onDelete]) =>
      `ALTER TABLE ${table} ADD CONSTRAINT ${table}_${column}_fkey FOREIGN KEY (channel_id, ${column})
        REFERENCES ${referenced} (channel_id, id)${onDelete}`,
  ),
]

/** Rekeys the channel tables on PostgreSQL; nothing on SQLite. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => [] })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
