/**
 * The operator's command, `fieldreport <command>`: its subcommands, how the process runs one, and
 * the exit codes every one of them keeps: 0 when it did what was asked, 1 when it could not (the
 * reason on standard error), 2 when it was called wrongly (the command's help and the mistake).
 * `fieldreport import` keeps the importer's own codes (2 also when some features were not imported).
 */
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import * as NodeServices from "@effect/platform-node/NodeServices"
import { Effect, Runtime } from "effect"
import { CliError, Command } from "effect/cli"
import packageJson from "../../package.json" with { type: "json" }
import { migrations } from "../store/sql/migrations/index.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"
import * as ApiTokenCommand from "./ApiTokenCommand.ts"
import * as BackupCommand from "./BackupCommand.ts"
import * as CheckCommand from "./CheckCommand.ts"
import * as CopyFilesCommand from "./CopyFilesCommand.ts"
import * as CopyToPostgresCommand from "./CopyToPostgresCommand.ts"
import * as CreateAdminCommand from "./CreateAdminCommand.ts"
import { AlreadyShown } from "./Failure.ts"
import * as ImportCommand from "./ImportCommand.ts"
import * as MigrateCommand from "./MigrateCommand.ts"
import * as RestoreCommand from "./RestoreCommand.ts"
import * as ServeCommand from "./ServeCommand.ts"

/**
 * The command and its subcommands.
 *
 * @example
 * ```ts
 * Command.runWith(Fieldreport.command, { version })(["migrate", "--check"])
 * ```
 */
export const command = Command.make("fieldreport").pipe(
  Command.withDescription(
    "Runs and looks after a Fieldreport service: configured by the same FIELDREPORT_* variables as the API.",
  ),
  Command.withSubcommands([
    ServeCommand.command,
    MigrateCommand.command,
    CheckCommand.command,
    CreateAdminCommand.command,
    ApiTokenCommand.command,
    BackupCommand.command,
    RestoreCommand.command,
    CopyToPostgresCommand.command,
    CopyFilesCommand.command,
    ImportCommand.command,
  ]),
)

/** What `--version` shows: the release, and the newest migration this build knows, which names its schema. */
const version = Effect.map(migrations, (known) => {
  const newest = SchemaMigrator.newest(known.map(([id, name]): SchemaMigrator.Applied => [id, name]))
  return `${packageJson.version} (schema ${newest === undefined ? "empty" : SchemaMigrator.nameOf(newest)})`
})

/**
 * The arguments as the command line is to parse them: after `import` everything is the importer's
 * (its flags are not this command's).
 */
const parsable = (args: ReadonlyArray<string>): ReadonlyArray<string> =>
  args[0] === "import" ? ["import", "--", ...args.slice(1)] : args

/**
 * Runs the command on `args` (the process's arguments after the script), ending in one of the
 * exit codes: a usage error, already shown with the help, fails with code 2, and so does no
 * subcommand at all, after the help.
 *
 * @example
 * ```ts
 * yield* Fieldreport.run(["check"])
 * ```
 */
export const run = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const run = Command.runWith(command, { version: yield* version })
    if (args.length === 0) {
      yield* run(["--help"])
      return yield* new AlreadyShown({ exitCode: 2 })
    }
    yield* run(parsable(args)).pipe(
      Effect.catch((error) =>
        CliError.isCliError(error) && error._tag === "ShowHelp"
          ? error.errors.length === 0
            ? Effect.void
            : Effect.fail(new AlreadyShown({ exitCode: 2 }))
          : Effect.fail(error),
      ),
    )
  })

/**
 * Runs the command on `args` as the process's main program, and ends the process with its exit
 * code. A server stopped by SIGTERM or SIGINT ends with 0: stopping is how it is meant to end.
 *
 * @example
 * ```ts
 * Fieldreport.main(process.argv.slice(2))
 * ```
 */
export const main = (args: ReadonlyArray<string>): void =>
  NodeRuntime.runMain(run(args).pipe(Effect.provide(NodeServices.layer)), {
    teardown: (exit, onExit) =>
      Runtime.defaultTeardown(exit, (code) =>
        onExit(code === 130 && ServeCommand.stoppedAsAsked() ? 0 : code),
      ),
  })
