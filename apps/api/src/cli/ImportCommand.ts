/**
 * `fieldreport import …`: the shapes importer (`apps/importer`, also `npm run import`), given the
 * same arguments, with its own help (`fieldreport import --help`) and exit codes: 0 when every
 * feature was imported or already there, 2 when some were not (listed in its report file) or the
 * arguments were wrong, 1 when it could not run.
 *
 * The command line takes everything after `import` as the importer's (`Fieldreport.run` marks it
 * so), since its flags are the importer's and not this command's.
 */
import { Effect, Runtime } from "effect"
import { Argument, CliError, Command } from "effect/cli"
import { AlreadyShown } from "./Failure.ts"

/** The importer's version, shown by `fieldreport import --version`. */
const importerVersion = "1.0.0"

/**
 * Runs the importer's command on `args`. Its failures are shown by its own command line; they end
 * this one with the same exit code, shown once.
 */
const runImporter = (args: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    // Loaded when used: the importer's readers (Shapefile, KML, projections) are no business of the other commands.
    const importer = yield* Effect.promise(() => import("@fieldreport/importer/ImportCommand"))
    yield* Command.runWith(importer.command, { version: importerVersion })(args).pipe(
      Effect.catch((error): Effect.Effect<never, unknown> => {
        if (CliError.isCliError(error) && error._tag === "ShowHelp")
          return Effect.fail(new AlreadyShown({ exitCode: error.errors.length === 0 ? 0 : 2 }))
        if (CliError.getUserMessage(error) !== undefined)
          return Effect.fail(new AlreadyShown({ exitCode: Runtime.getErrorExitCode(error) }))
        return Effect.fail(error)
      }),
    )
  })

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([ImportCommand.command])
 * ```
 */
export const command = Command.make(
  "import",
  {
    arguments: Argument.String("arguments").pipe(
      Argument.variadic(),
      Argument.withDescription("The importer's flags and files: see fieldreport import --help"),
    ),
  },
  (input) => runImporter(input.arguments),
).pipe(
  Command.withShortDescription("Imports shapes from GeoJSON, Shapefile, KML and CSV files"),
  Command.withDescription(
    "Imports the shapes of GeoJSON, Shapefile, KML and CSV (WKT) files into a branded app through the API (the shapes importer, npm run import). Its flags are listed by fieldreport import --help.",
  ),
  Command.withExamples([
    {
      command:
        "fieldreport import --server https://reports.example.com --token fra_… --app com.example.fieldapp paddocks.zip",
      description: "Import a zipped Shapefile",
    },
  ]),
)
