/**
 * `npm run copy-to-postgres -w apps/api -- --from ./data/fieldreport.db --to postgres://…`: copies
 * the embedded database into an empty PostgreSQL database (see `CopyToPostgres.ts`), prints the
 * rows of each table, and exits with 1 (having kept nothing) when the copy was refused or did
 * not match. Stop the API first: rows written during the copy would not be in it.
 */
import { existsSync } from "node:fs"
import { parseArgs } from "node:util"
import { Cause, Context, Effect, Exit, Layer, Option } from "effect"
import { SqlClient } from "effect/sql"
import * as PostgresClient from "../store/postgres/PostgresClient.ts"
import * as SqliteClient from "../store/sqlite/SqliteClient.ts"
import { copyDatabase } from "./CopyToPostgres.ts"

const usage =
  "usage: copy-to-postgres --from <embedded database file> --to <postgres://… URL> [--batch-size <rows>]"

const fail = (message: string): never => {
  process.stderr.write(`copy-to-postgres: ${message}\n${usage}\n`)
  process.exit(2)
}

const { values } = (() => {
  try {
    return parseArgs({
      options: {
        from: { type: "string" },
        to: { type: "string" },
        "batch-size": { type: "string", default: "1000" },
      },
    })
  } catch (error) {
    return fail(error instanceof Error ? error.message : String(error))
  }
})()
const from = values.from ?? fail("--from is required")
const to = values.to ?? fail("--to is required")
const batchSize = Number(values["batch-size"])
if (!Number.isInteger(batchSize) || batchSize < 1) fail("--batch-size must be a positive whole number")
// Opening a missing file would create an empty database and copy nothing.
if (!existsSync(from)) fail(`--from: ${from} does not exist`)
if (!/^postgres(ql)?:\/\//.test(to)) fail("--to must be a postgres:// URL")

const clientOf = <E>(layer: Layer.Layer<SqlClient.SqlClient, E>) =>
  Effect.map(Layer.build(layer), (context) => Context.get(context, SqlClient.SqlClient))

const program = Effect.gen(function* () {
  const source = yield* clientOf(SqliteClient.layer({ filename: from }))
  const target = yield* clientOf(PostgresClient.layer({ url: to, poolSize: 2 }))
  const copied = yield* copyDatabase(source, target, { batchSize })
  const width = Math.max(...copied.map((table) => table.table.length))
  for (const { table, rows } of copied) process.stdout.write(`${table.padEnd(width)}  ${rows}\n`)
  const total = copied.reduce((sum, table) => sum + table.rows, 0)
  process.stdout.write(`copied ${total} rows in ${copied.length} tables; every count matches\n`)
}).pipe(Effect.scoped)

Effect.runPromiseExit(program).then((exit) => {
  if (Exit.isSuccess(exit)) process.exit(0)
  const refused = Cause.findErrorOption(exit.cause)
  const message =
    Option.isSome(refused) && refused.value._tag === "CopyRefused"
      ? refused.value.message
      : Cause.pretty(exit.cause)
  process.stderr.write(`copy-to-postgres: ${message}\n`)
  process.exit(1)
})
