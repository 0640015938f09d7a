/**
 * How an operator's command ends when it does not succeed, and what it says: exit code 1 when it
 * could not do its work (`CommandFailed`), 2 when it was called wrongly (`UsageError`), each with a
 * sentence for the operator rather than a stack trace. `explain` turns the errors the API's layers
 * fail with (configuration, database, schema) into such sentences.
 */
import { Config, Runtime, Schema } from "effect"
import { CliError } from "effect/cli"
import { SqlError } from "effect/sql"
import { NewerSchema } from "../store/sql/SchemaMigrator.ts"

/**
 * The command could not do its work: exit code 1, the message on standard error.
 *
 * @example
 * ```ts
 * return yield* new CommandFailed({ message: "2 migrations are pending: 0026_audit_events, 0027_sqlite_340_schema" })
 * ```
 */
export class CommandFailed extends Schema.TaggedError<CommandFailed>()("CommandFailed", {
  message: Schema.String,
}) {
  override readonly [Runtime.errorExitCode] = 1
  override get [CliError.userMessage](): string {
    return this.message
  }
}

/**
 * The command was called wrongly (a flag's value, a file that is not there): exit code 2, the
 * message on standard error.
 *
 * @example
 * ```ts
 * return yield* new UsageError({ message: "--from: ./data/fieldreport.db does not exist" })
 * ```
 */
export class UsageError extends Schema.TaggedError<UsageError>()("UsageError", {
  message: Schema.String,
}) {
  override readonly [Runtime.errorExitCode] = 2
  override get [CliError.userMessage](): string {
    return this.message
  }
}

/**
 * A failure the command line has already shown (a usage error with the command's help, a
 * delegated program's own message): ends the process with `exitCode`, printing nothing more.
 *
 * @example
 * ```ts
 * Effect.catchTag("ShowHelp", (help) => help.errors.length === 0 ? Effect.void : Effect.fail(new AlreadyShown({ exitCode: 2 })))
 * ```
 */
export class AlreadyShown extends Schema.TaggedError<AlreadyShown>()("AlreadyShown", {
  exitCode: Schema.Number,
}) {
  override readonly [Runtime.errorExitCode] = this.exitCode
  override readonly [Runtime.errorReported] = false
}

/** The innermost message of an error's causes: the driver's own words ("connect ECONNREFUSED …"). */
const innermost = (error: unknown): string => {
  let current: unknown = error
  let message = String(error)
  for (let depth = 0; depth < 8 && current instanceof Object; depth++) {
    if ("message" in current && typeof current.message === "string" && current.message !== "")
      message = current.message
    current = "cause" in current ? current.cause : "reason" in current ? current.reason : undefined
  }
  return message
}

/**
 * A configuration error as the variable and what is wrong with it: effect's own message reads
 * `SchemaError(Expected a string representing a finite number\n  at ["FIELDREPORT_PORT"])`.
 */
const explainConfig = (error: Config.ConfigError): string => {
  const text = error.cause.message
  const at = /^([\s\S]*?)\n\s*at \["([^"]+)"\]/.exec(text)
  if (at === null) return `the configuration cannot be read: ${text}`
  const [, problem = "", variable = ""] = at
  return `${variable} ${problem.trim().replace(/^Expected/, "must be")}`
}

/**
 * What went wrong, in a sentence for the operator: a configuration variable and what it must be,
 * the database's own reason it cannot be reached, a newer schema's refusal; other errors by their
 * message.
 *
 * @example
 * ```ts
 * explain(configError) // "FIELDREPORT_PORT must be a string representing a finite number"
 * explain(sqlError) // "connect ECONNREFUSED 127.0.0.1:5432"
 * ```
 */
export const explain = (error: unknown): string => {
  if (error instanceof Config.ConfigError) return explainConfig(error)
  if (error instanceof NewerSchema) return error.message
  if (SqlError.isSqlError(error)) return innermost(error)
  if (error instanceof Error) return error.message
  return innermost(error)
}
