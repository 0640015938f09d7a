/**
 * `audit_events`: the security audit log, one row per security-relevant event (sign-ins, tokens,
 * memberships, deletions) with who did it, when, from which address, what it concerned and how it
 * ended.
 *
 * The log outlives what it names: a deleted team's `team.deleted` event keeps its team id, so the
 * columns naming users, apps, teams and targets are plain numbers and text without foreign keys.
 * For the same reason the table is local to the coordinator on Citus (docs/deployment.md): it is
 * written on its own, read only by its own list, and never joined with a channel's tables.
 *
 * Rows are only ever inserted; the retention clean-up deletes those past their age. On PostgreSQL a
 * trigger refuses any `UPDATE`, so not even a statement outside the store rewrites history; SQLite
 * does the same with a trigger that raises.
 *
 * The indexes serve the list's filters, each newest first: all events (`occurred_at`, which also
 * serves the clean-up), by app, by team, by actor, by kind.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const both: ReadonlyArray<string> = [
  `CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    occurred_at TEXT NOT NULL,
    kind TEXT NOT NULL,
    actor_user_id INTEGER,
    branded_app_id INTEGER,
    team_id INTEGER,
    target_type TEXT,
    target_id TEXT,
    outcome TEXT NOT NULL CHECK (outcome IN ('success', 'failure')),
    client_address TEXT,
    request_id TEXT,
    detail TEXT
  )`,
  `CREATE INDEX audit_events_occurred ON audit_events (occurred_at, id)`,
  `CREATE INDEX audit_events_app ON audit_events (branded_app_id, occurred_at, id)`,
  `CREATE INDEX audit_events_team ON audit_events (team_id, occurred_at, id)`,
  `CREATE INDEX audit_events_actor ON audit_events (actor_user_id, occurred_at, id)`,
  `CREATE INDEX audit_events_kind ON audit_events (kind, occurred_at, id)`,
]

const sqlite: ReadonlyArray<string> = [
  `CREATE TRIGGER audit_events_append_only BEFORE UPDATE ON audit_events
    BEGIN SELECT RAISE(ABORT, 'audit_events are append-only'); END`,
]

const postgres: ReadonlyArray<string> = [
  `CREATE FUNCTION audit_events_refuse_update() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      RAISE EXCEPTION 'audit_events are append-only';
    END
    $$`,
  `CREATE TRIGGER audit_events_append_only BEFORE UPDATE ON audit_events
    FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_update()`,
]

/** Creates the table, its indexes and the trigger that keeps it append-only. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const statements = sql.onDialectOrElse({
    pg: () => [...both.map(postgresTypes), ...postgres],
    orElse: () => [...both, ...sqlite],
  })
  for (const statement of statements) yield* sql.unsafe(statement)
})
