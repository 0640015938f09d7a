/**
 * The client-made ids of reports, report comments and tasks are unique across the whole service
 * (a create sent again with its uuid answers the first), and are recorded in one table of their
 * own, `client_uuids`, keyed by kind and uuid. The stores claim a uuid there in the transaction
 * that inserts the row, and free it with the row.
 *
 * On PostgreSQL the tables themselves then hold their uuids per channel (`UNIQUE (channel_id,
 * uuid)`, tasks keyed `(channel_id, uuid)`, each with a plain index on `uuid` for look-ups), so
 * that Citus can distribute them by channel and `client_uuids` by uuid (docs/deployment.md).
 * SQLite keeps its constraints: it is never distributed.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const both: ReadonlyArray<string> = [
  `CREATE TABLE client_uuids (
    kind TEXT NOT NULL,
    uuid TEXT NOT NULL,
    PRIMARY KEY (kind, uuid)
  )`,
  `INSERT INTO client_uuids (kind, uuid) SELECT 'report', uuid FROM reports WHERE uuid IS NOT NULL`,
  `INSERT INTO client_uuids (kind, uuid) SELECT 'report_comment', uuid FROM report_comments`,
  `INSERT INTO client_uuids (kind, uuid) SELECT 'task', uuid FROM tasks`,
]

const postgres: ReadonlyArray<string> = [
  `ALTER TABLE reports DROP CONSTRAINT reports_uuid_key, ADD CONSTRAINT reports_uuid_key UNIQUE (channel_id, uuid)`,
  `CREATE INDEX reports_uuid ON reports (uuid)`,
  `ALTER TABLE report_comments DROP CONSTRAINT report_comments_uuid_key,
    ADD CONSTRAINT report_comments_uuid_key UNIQUE (channel_id, uuid)`,
  `CREATE INDEX report_comments_uuid ON report_comments (uuid)`,
  `ALTER TABLE tasks DROP CONSTRAINT tasks_pkey, ADD PRIMARY KEY (channel_id, uuid)`,
  `CREATE INDEX tasks_uuid ON tasks (uuid)`,
]

/** Records the client uuids in their own table, and on PostgreSQL scopes the tables' keys by channel. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => [...both, ...postgres], orElse: () => both })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
