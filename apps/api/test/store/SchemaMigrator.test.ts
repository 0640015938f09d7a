import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { Migrator, SqlClient } from "effect/sql"
import * as SchemaMigrator from "../../src/store/sql/SchemaMigrator.ts"
import { freshDatabase, on } from "../support/FreshDatabase.ts"
import { engines } from "../support/TestDatabase.ts"

/** A migration that creates a table `name`. */
const create = (name: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql.unsafe(`CREATE TABLE ${name} (id INTEGER PRIMARY KEY)`)
  })

/** The record's rows: number and name. */
const recorded = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const rows = yield* sql<{ readonly migration_id: number; readonly name: string }>`SELECT migration_id, name
    FROM ${sql(SchemaMigrator.recordTable)} ORDER BY migration_id`.withoutTransform
  return rows.map((row) => [row.migration_id, row.name])
})

/** Whether the database has a table `name`. */
const hasTable = (name: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const rows = yield* sql.onDialectOrElse({
      pg: () => sql`SELECT 1 FROM pg_tables WHERE schemaname = current_schema() AND tablename = ${name}`,
      orElse: () => sql`SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ${name}`,
    })
    return rows.length > 0
  })

describe("SchemaMigrator", () => {
  for (const engine of engines) {
    describe(engine, () => {
      it.effect("applies each migration once, in number order, and records its number", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          const loader = Migrator.fromRecord({
            "0002_index_reports": Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              yield* sql`CREATE INDEX reports_id ON reports (id)`
            }),
            "0001_reports": create("reports"),
          })
          expect(yield* on(client, SchemaMigrator.apply(loader))).toEqual([
            [1, "reports"],
            [2, "index_reports"],
          ])
          expect(yield* on(client, SchemaMigrator.apply(loader))).toEqual([])
          expect(yield* on(client, recorded)).toEqual([
            [1, "reports"],
            [2, "index_reports"],
          ])
        }),
      )

      it.effect("applies a lower number that lands after a higher one was applied", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          yield* on(
            client,
            SchemaMigrator.apply(
              Migrator.fromRecord({ "0001_reports": create("reports"), "0003_tasks": create("tasks") }),
            ),
          )
          const merged = Migrator.fromRecord({
            "0001_reports": create("reports"),
            "0002_comments": create("comments"),
            "0003_tasks": create("tasks"),
            "0004_shapes": create("shapes"),
          })
          expect(yield* on(client, SchemaMigrator.apply(merged))).toEqual([
            [2, "comments"],
            [4, "shapes"],
          ])
          expect(yield* on(client, hasTable("comments"))).toBe(true)
          expect((yield* on(client, recorded)).map(([id]) => id)).toEqual([1, 2, 3, 4])
        }),
      )

      it.effect("rolls back a run that fails: its migrations' changes and their records", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          const error = yield* Effect.flip(
            on(
              client,
              SchemaMigrator.apply(
                Migrator.fromRecord({
                  "0001_areas": create("areas"),
                  "0002_areas_again": create("areas"),
                }),
              ),
            ),
          )
          expect(error).toMatchObject({
            _tag: "MigrationError",
            kind: "Failed",
            message: 'Migration "2_areas_again" failed',
          })
          expect(yield* on(client, hasTable("areas"))).toBe(false)
          expect(yield* on(client, recorded)).toEqual([])
        }),
      )

      it.effect("refuses two migrations of one number, applying neither", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          const error = yield* Effect.flip(
            on(
              client,
              SchemaMigrator.apply(
                Migrator.fromRecord({ "0005_tiles": create("tiles"), "0005_boxes": create("boxes") }),
              ),
            ),
          )
          expect(error).toMatchObject({ _tag: "MigrationError", kind: "Duplicates" })
          expect(yield* on(client, hasTable("tiles"))).toBe(false)
        }),
      )

      it.effect("refuses a database a newer build migrated, naming both versions, and writes nothing", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          yield* on(
            client,
            SchemaMigrator.apply(
              Migrator.fromRecord({ "0001_reports": create("reports"), "0003_tasks": create("tasks") }),
            ),
          )
          yield* on(
            client,
            Effect.gen(function* () {
              const sql = yield* SqlClient.SqlClient
              yield* sql`INSERT INTO ${sql(SchemaMigrator.recordTable)} ${sql.insert({
                migration_id: 31,
                name: "report_labels",
              })}`.withoutTransform
            }),
          )
          // This build knows a migration the database lacks, and lacks the one it has.
          const older = Migrator.fromRecord({
            "0001_reports": create("reports"),
            "0002_comments": create("comments"),
            "0003_tasks": create("tasks"),
          })
          const error = yield* Effect.flip(on(client, SchemaMigrator.apply(older)))
          expect(error).toBeInstanceOf(SchemaMigrator.NewerSchema)
          expect((error as SchemaMigrator.NewerSchema).message).toBe(
            "the database was migrated by a newer Fieldreport (0031_report_labels); this build knows up to 0003_tasks: run the newer version or restore a backup",
          )
          expect(yield* on(client, hasTable("comments"))).toBe(false)
          expect(yield* on(client, recorded)).toEqual([
            [1, "reports"],
            [3, "tasks"],
            [31, "report_labels"],
          ])
          expect(yield* on(client, SchemaMigrator.status(older))).toEqual({
            applied: [
              [1, "reports"],
              [3, "tasks"],
            ],
            pending: [[2, "comments"]],
            unknown: [[31, "report_labels"]],
          })
        }),
      )

      it.effect(
        "tells where a database stands without writing: with no record table, every migration pending",
        () =>
          Effect.gen(function* () {
            const client = yield* freshDatabase(engine)
            const loader = Migrator.fromRecord({ "0001_reports": create("reports") })
            expect(yield* on(client, SchemaMigrator.status(loader))).toEqual({
              applied: [],
              pending: [[1, "reports"]],
              unknown: [],
            })
            expect(yield* on(client, hasTable(SchemaMigrator.recordTable))).toBe(false)
          }),
      )

      it.effect("of two processes migrating at once, one applies each migration and the other waits", () =>
        Effect.gen(function* () {
          const client = yield* freshDatabase(engine)
          const loader = Migrator.fromRecord({
            "0001_reports": create("reports"),
            "0002_tasks": create("tasks"),
          })
          const runs = yield* Effect.all(
            [on(client, SchemaMigrator.apply(loader)), on(client, SchemaMigrator.apply(loader))],
            { concurrency: 2 },
          )
          expect(runs.map((applied) => applied.length).sort()).toEqual([0, 2])
          expect(yield* on(client, recorded)).toEqual([
            [1, "reports"],
            [2, "tasks"],
          ])
        }),
      )
    })
  }
})
