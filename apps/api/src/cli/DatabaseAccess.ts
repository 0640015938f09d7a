/**
 * The configured database as the operator's commands name it and report on it: where it is (a
 * PostgreSQL URL shown without its password, or the embedded file), and a failure to use it as a
 * sentence that says which database and why.
 */
import type * as Database from "../store/sql/Database.ts"
import { NewerSchema } from "../store/sql/SchemaMigrator.ts"
import { CommandFailed, explain, UsageError } from "./Failure.ts"

/**
 * A URL without its password, for messages.
 *
 * @example
 * ```ts
 * withoutPassword("postgres://fieldreport:s3cret@db:5432/fieldreport") // "postgres://fieldreport:***@db:5432/fieldreport"
 * ```
 */
export const withoutPassword = (url: string): string => {
  if (!URL.canParse(url)) return "the configured URL"
  const parsed = new URL(url)
  if (parsed.password !== "") parsed.password = "***"
  return parsed.toString()
}

/**
 * The database in words.
 *
 * @example
 * ```ts
 * describe({ engine: "sqlite", file: "data/fieldreport.db" }) // "the embedded database data/fieldreport.db"
 * ```
 */
export const describe = (location: Database.Location): string =>
  location.engine === "postgres"
    ? `the PostgreSQL database ${withoutPassword(location.url)}`
    : `the embedded database ${location.file}`

/**
 * A failure while using the database as the command's failure: a newer schema's refusal and a
 * command's own failures as they are, anything else as which database could not be used and why.
 *
 * @example
 * ```ts
 * program.pipe(Effect.mapError(DatabaseAccess.failure(location)))
 * // "cannot use the PostgreSQL database postgres://fieldreport:***@db:5432/fieldreport: connect ECONNREFUSED …"
 * ```
 */
export const failure =
  (location: Database.Location) =>
  (error: unknown): CommandFailed | UsageError => {
    if (error instanceof CommandFailed || error instanceof UsageError) return error
    if (error instanceof NewerSchema) return new CommandFailed({ message: error.message })
    return new CommandFailed({ message: `cannot use ${describe(location)}: ${explain(error)}` })
  }
