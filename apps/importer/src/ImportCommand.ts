/**
 * The `fieldreport-import` command line: flags and files in, an import run, the summary out.
 * Exit codes: 0 when every feature was imported or was already there, 2 when the import ran to
 * its end but some features were invalid or refused (see the report file), 1 when it could not
 * run (bad arguments, an unreadable file, an API that refuses the token or app). The token must be
 * that of an administrator of the app or of a platform administrator: the API refuses anyone
 * else's (`403`), and the import stops there.
 */
import { bulkCreateLimit } from "@fieldreport/domain/Shape"
import * as ShapeColor from "@fieldreport/domain/ShapeColor"
import { Config, Console, Effect, Option, Redacted, Runtime, Schema } from "effect"
import { Argument, CliError, Command, Flag } from "effect/cli"
import * as CallerDirectory from "./CallerDirectory.ts"
import * as Import from "./Import.ts"
import * as Tally from "./Tally.ts"

/**
 * The import ran to its end, but not every feature was imported: exit code 2.
 *
 * @example
 * ```ts
 * new IncompleteImport({ notImported: 3, reportPath: "/data/fieldreport-import-report.csv" })
 * ```
 */
export class IncompleteImport extends Schema.TaggedError<IncompleteImport>()("IncompleteImport", {
  notImported: Schema.Number,
  reportPath: Schema.String,
}) {
  override readonly [Runtime.errorExitCode] = 2
  override get message(): string {
    return `${this.notImported} features were not imported; they are listed in ${this.reportPath}`
  }
  override get [CliError.userMessage](): string {
    return this.message
  }
}

const CssColor = Schema.String.check(
  Schema.makeFilter(
    (value) => ShapeColor.isCssColor(value) || "must be a CSS colour such as #3388ff or teal",
  ),
)

const Url = Schema.String.check(
  Schema.makeFilter(
    (value) => URL.canParse(value) || "must be an address such as https://reports.example.com",
  ),
)

const flags = {
  server: Flag.String("server").pipe(
    Flag.withSchema(Url),
    Flag.withDescription("Address of the Fieldreport service, such as https://reports.example.com"),
  ),
  token: Flag.Redacted("token").pipe(
    Flag.withFallbackConfig(Config.Redacted("FIELDREPORT_TOKEN")),
    Flag.withDescription(
      "API token of an administrator of the app or of a platform administrator (or FIELDREPORT_TOKEN)",
    ),
  ),
  app: Flag.String("app").pipe(
    Flag.withDescription("Bundle id of the branded app that receives the shapes, sent as X-AppId"),
  ),
  display: Flag.String("display").pipe(
    Flag.optional,
    Flag.withDescription("Comma-separated properties whose values become metadata.display, in order"),
  ),
  color: Flag.String("color").pipe(
    Flag.withSchema(CssColor),
    Flag.optional,
    Flag.withDescription("CSS colour of every shape (metadata.normal_color)"),
  ),
  colorProperty: Flag.String("color-property").pipe(
    Flag.optional,
    Flag.withDescription("Property holding each feature's own CSS colour; --color where it holds none"),
  ),
  wktColumn: Flag.String("wkt-column").pipe(
    Flag.withDefault("WKT"),
    Flag.withDescription("Column of a CSV file that holds the WKT geometry (any case)"),
  ),
  dryRun: Flag.Boolean("dry-run").pipe(
    Flag.withDefault(false),
    Flag.withDescription("Check every feature and tell what would be created, without creating anything"),
  ),
  concurrency: Flag.Int("concurrency").pipe(
    Flag.withSchema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 64 }))),
    Flag.withDefault(4),
    Flag.withDescription("How many requests are under way at once (1 to 64)"),
  ),
  batchSize: Flag.Int("batch-size").pipe(
    Flag.withSchema(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: bulkCreateLimit }))),
    Flag.withDefault(100),
    Flag.withDescription(
      `How many shapes one request creates (1 to ${bulkCreateLimit}); 1 sends each shape on its own`,
    ),
  ),
  report: Flag.String("report").pipe(
    Flag.withDefault("fieldreport-import-report.csv"),
    Flag.withDescription("CSV file listing every feature not imported (file, feature, outcome, reason)"),
  ),
  files: Argument.String("file").pipe(
    Argument.atLeast(1),
    Argument.withDescription(
      "GeoJSON (.geojson, .json), Shapefile (.shp, .zip), KML (.kml) or CSV (.csv) files",
    ),
  ),
}

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.run(ImportCommand.command, { version: "1.0.0" })
 * ```
 */
export const command = Command.make("fieldreport-import", flags, (input) =>
  Effect.gen(function* () {
    const dryRun = input.dryRun
    const result = yield* Import.run({
      server: input.server,
      token: Redacted.value(input.token),
      app: input.app,
      files: input.files.map((name) => ({ name, path: CallerDirectory.resolvePath(name) })),
      display: Option.match(input.display, {
        onNone: () => [],
        onSome: (names) =>
          names
            .split(",")
            .map((name) => name.trim())
            .filter((name) => name !== ""),
      }),
      color: Option.getOrUndefined(input.color),
      colorProperty: Option.getOrUndefined(input.colorProperty),
      wktColumn: input.wktColumn,
      dryRun,
      concurrency: input.concurrency,
      batchSize: input.batchSize,
      reportPath: CallerDirectory.resolvePath(input.report),
      progress: { terminal: process.stderr.isTTY === true, write: (text) => void process.stderr.write(text) },
    }).pipe(
      // The import could not run: its message is for the user, a stack trace would not help them.
      Effect.mapError((error) => new CliError.UserError({ cause: error, userMessage: error.message })),
    )
    yield* Console.log(Tally.summary(result.tally, result.elapsed, dryRun))
    const notImported = result.tally.invalid + result.tally.failed
    if (notImported > 0) {
      return yield* new IncompleteImport({ notImported, reportPath: result.reportPath })
    }
  }),
).pipe(
  Command.withDescription(
    "Imports the shapes of GeoJSON, Shapefile, KML and CSV (WKT) files into a branded app of a Fieldreport service. Features already imported by an earlier run (same file name and feature number) are skipped, so an import can be run again or resumed. The token must belong to an administrator of the app or a platform administrator; the import stops with exit code 1 when the API refuses it.",
  ),
  Command.withExamples([
    {
      command:
        "fieldreport-import --server https://reports.example.com --token fra_… --app com.example.fieldapp --display name paddocks.zip",
      description: "Import a zipped Shapefile, showing each shape's name",
    },
    {
      command:
        "fieldreport-import --server http://127.0.0.1:3000 --app com.example.fieldapp --wkt-column geom --dry-run sites.csv",
      description: "Check a CSV file without creating anything (token from FIELDREPORT_TOKEN)",
    },
  ]),
)
