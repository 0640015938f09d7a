/**
 * `fieldreport copy-to-postgres --from ./data/fieldreport.db --to postgres://…` (also
 * `npm run copy-to-postgres -w apps/api -- …`): copies the embedded database into an empty
 * PostgreSQL database (`CopyToPostgres`), prints the rows of each table, and exits 1, having kept
 * nothing, when the copy was refused or did not match. Stop the API first: rows written during the
 * copy would not be in it.
 */
import { existsSync } from "node:fs"
import { Console, Context, Effect, Layer, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import { SqlClient } from "effect/sql"
import * as PostgresClient from "../store/sql/postgres/PostgresClient.ts"
import * as SqliteClient from "../store/sql/sqlite/SqliteClient.ts"
import { CopyRefused, copyDatabase } from "../transfer/CopyToPostgres.ts"
import { withoutPassword } from "./DatabaseAccess.ts"
import { CommandFailed, explain, UsageError } from "./Failure.ts"

const PostgresUrl = Schema.String.check(
  Schema.makeFilter((value) => /^postgres(ql)?:\/\//.test(value) || "must be a postgres:// URL"),
)

const clientOf = <E>(layer: Layer.Layer<SqlClient.SqlClient, E>) =>
  Effect.map(Layer.build(layer), (context) => Context.get(context, SqlClient.SqlClient))

const copy = (input: { readonly from: string; readonly to: string; readonly batchSize: number }) =>
  Effect.gen(function* () {
    // Opening a missing file would create an empty database and copy nothing.
    if (!existsSync(input.from))
      return yield* new UsageError({ message: `--from: ${input.from} does not exist` })
    const source = yield* clientOf(SqliteClient.layer({ filename: input.from })).pipe(
      Effect.mapError(
        (error) => new CommandFailed({ message: `cannot open ${input.from}: ${explain(error)}` }),
      ),
    )
    const target = yield* clientOf(PostgresClient.layer({ url: input.to, poolSize: 2 })).pipe(
      Effect.mapError(
        (error) =>
          new CommandFailed({ message: `cannot reach ${withoutPassword(input.to)}: ${explain(error)}` }),
      ),
    )
    const copied = yield* copyDatabase(source, target, { batchSize: input.batchSize }).pipe(
      Effect.mapError((error) =>
        error instanceof CopyRefused
          ? new CommandFailed({ message: error.message })
          : new CommandFailed({ message: `the copy failed, and nothing was kept: ${explain(error)}` }),
      ),
    )
    const width = Math.max(...copied.map((table) => table.table.length))
    for (const { table, rows } of copied) yield* Console.log(`${table.padEnd(width)}  ${rows}`)
    const total = copied.reduce((sum, table) => sum + table.rows, 0)
    yield* Console.log(`copied ${total} rows in ${copied.length} tables; every count matches`)
  }).pipe(Effect.scoped)

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([CopyToPostgresCommand.command])
 * ```
 */
export const command = Command.make(
  "copy-to-postgres",
  {
    from: Flag.String("from").pipe(
      Flag.withDescription("The embedded database file, such as ./data/fieldreport.db"),
    ),
    to: Flag.String("to").pipe(
      Flag.withSchema(PostgresUrl),
      Flag.withDescription("The empty PostgreSQL database, as a postgres:// URL"),
    ),
    batchSize: Flag.Int("batch-size").pipe(
      Flag.withSchema(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
      Flag.withDefault(1000),
      Flag.withDescription("Rows written per statement"),
    ),
  },
  copy,
).pipe(
  Command.withShortDescription("Copies the embedded database into PostgreSQL"),
  Command.withDescription(
    "Copies the embedded database into an empty PostgreSQL database, table by table in one transaction, and checks every table's row count; a target that is not empty is refused. Stop the API first.",
  ),
  Command.withExamples([
    {
      command:
        "fieldreport copy-to-postgres --from ./data/fieldreport.db --to postgres://fieldreport@db.example.com/fieldreport",
      description: "Move the embedded database to PostgreSQL",
    },
  ]),
)
