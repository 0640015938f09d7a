/**
 * The migrations build the same schema on both engines: every table the API writes, with the same
 * columns. (The spatial indexes are virtual tables on SQLite and a GiST-indexed `box` column on
 * PostgreSQL; their five columns match. The full-text index of report texts is an FTS5 table on
 * SQLite, `report_text_index` with its own tables, and a generated `document` column with a GIN
 * index on PostgreSQL; both are left out.)
 */
import { assert, describe, it, layer } from "@effect/vitest"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"

/** `table.column` of every column of every table, sorted. */
const columns = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql.onDialectOrElse({
    pg: () =>
      sql<{ name: string }>`SELECT table_name || '.' || column_name AS name FROM information_schema.columns
        WHERE table_schema = 'public' AND NOT (table_name LIKE '%\\_box' AND column_name = 'box')
          AND NOT (table_name = 'report_texts' AND column_name = 'document')`,
    orElse: () =>
      sql<{ name: string }>`SELECT m.name || '.' || c.name AS name
        FROM sqlite_schema m JOIN pragma_table_info(m.name) c
        WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND m.name NOT LIKE '%\\_box\\_%' ESCAPE '\\'
          AND m.name NOT LIKE 'report\\_text\\_index%' ESCAPE '\\'`,
  })
  return rows.map((row) => row.name).sort()
}).pipe(Effect.orDie)

/** Every migration run on an empty database, not the run's migrated template. */
const fromScratch = { fromTemplate: false }

describe("schema of the migrations", () => {
  for (const engine of engines) {
    layer(migratedDatabase(engine, fromScratch))(engine, (it) => {
      it.effect("creates the tables the store writes", () =>
        Effect.gen(function* () {
          const found = yield* columns
          for (const column of [
            "reports.answers",
            "report_attachments.report_created_at",
            "report_quarter_counts.quarter",
          ])
            assert.include(found, column)
        }),
      )
    })
  }

  if (engines.includes("postgres"))
    it.effect("has the same columns on SQLite and PostgreSQL", () =>
      Effect.gen(function* () {
        const sqlite = yield* Effect.provide(columns, migratedDatabase("sqlite"))
        const postgres = yield* Effect.provide(columns, migratedDatabase("postgres", fromScratch))
        assert.deepStrictEqual(postgres, sqlite)
      }),
    )
})
