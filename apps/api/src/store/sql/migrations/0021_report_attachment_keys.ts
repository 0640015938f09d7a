/**
 * On PostgreSQL `report_attachments` is keyed `(channel_id, attachment_id)`, like the other channel
 * tables since migration 0016, so that Citus can distribute it by channel (docs/deployment.md),
 * with a plain index on `attachment_id` for the look-ups by attachment.
 *
 * The key no longer says on its own that an attachment belongs to one report at most; the reports
 * service keeps that rule by claiming an attachment (`used = 0` checked on the row it marks) in the
 * transaction that links it. SQLite keeps its key: it is never distributed.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

const postgres: ReadonlyArray<string> = [
  `ALTER TABLE report_attachments DROP CONSTRAINT report_attachments_pkey,
    ADD PRIMARY KEY (channel_id, attachment_id)`,
  `CREATE INDEX report_attachments_attachment ON report_attachments (attachment_id)`,
]

/** Rekeys the report attachments on PostgreSQL; nothing on SQLite. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const forEngine = sql.onDialectOrElse({ pg: () => postgres, orElse: () => [] })
  for (const statement of forEngine) yield* sql.unsafe(statement)
})
