/**
 * `fieldreport check`: what an operator runs after changing the configuration or before an
 * upgrade. It reads the configuration, then checks that the data directory can be written, that
 * the database can be reached (and where its schema stands against this build), that the object
 * store of uploads answers when `FIELDREPORT_S3_BUCKET` is set, and that the SMTP server answers
 * when `FIELDREPORT_SMTP_URL` is set. Each check prints one line: on standard output
 * when it passed, on standard error saying what is wrong when it did not; any failed check ends
 * the command with exit code 1. It writes nothing to the database and creates none.
 */
import { accessSync, constants, existsSync, statSync } from "node:fs"
import { dirname, resolve } from "node:path"
import { Console, Duration, Effect, Layer, Option } from "effect"
import { Command } from "effect/cli"
import { createTransport } from "nodemailer"
import { FileStore } from "../attachments/FileStore.ts"
import { AppConfig, type AppConfigShape } from "../Config.ts"
import * as Database from "../store/sql/Database.ts"
import { migrations } from "../store/sql/migrations/index.ts"
import * as SchemaMigrator from "../store/sql/SchemaMigrator.ts"
import * as Configuration from "./Configuration.ts"
import * as DatabaseAccess from "./DatabaseAccess.ts"
import { CommandFailed, explain } from "./Failure.ts"

/** How long the database, the object store and the SMTP server have to answer. */
const answerWithin = Duration.seconds(10)

/** A check's outcome: what passed, or what is wrong. */
type Outcome =
  | { readonly passed: true; readonly text: string }
  | { readonly passed: false; readonly text: string }

const passed = (text: string): Outcome => ({ passed: true, text })
const failed = (text: string): Outcome => ({ passed: false, text })

/** The nearest directory of `path` (itself included) that exists. */
const nearestExisting = (path: string): string => {
  let current = resolve(path)
  while (!existsSync(current) && dirname(current) !== current) current = dirname(current)
  return current
}

/** The data directory can be written, or made where it is missing. */
const dataDirectory = (config: AppConfigShape) =>
  Effect.sync((): Outcome => {
    const directory = config.dataDir
    if (existsSync(directory) && !statSync(directory).isDirectory())
      return failed(`data directory: ${directory} (FIELDREPORT_DATA_DIR) is a file, not a directory`)
    const existing = nearestExisting(directory)
    try {
      accessSync(existing, constants.W_OK)
    } catch {
      return failed(
        existing === resolve(directory)
          ? `data directory: ${directory} (FIELDREPORT_DATA_DIR) cannot be written by this user`
          : `data directory: ${directory} (FIELDREPORT_DATA_DIR) does not exist and cannot be made in ${existing}`,
      )
    }
    return passed(
      existing === resolve(directory)
        ? `data directory: ${directory} can be written`
        : `data directory: ${directory} does not exist yet and can be made`,
    )
  })

/** Where a reachable database's schema stands against this build. */
const schemaState = (status: SchemaMigrator.Status): Outcome => {
  const refused = SchemaMigrator.refusal(status)
  if (refused !== undefined) return failed(`database: ${refused.message}`)
  const newest = SchemaMigrator.newest(status.applied)
  if (status.pending.length === 0)
    return passed(
      `its schema is up to date (${newest === undefined ? "empty" : SchemaMigrator.nameOf(newest)})`,
    )
  const count = status.pending.length
  return passed(
    `${count} migration${count === 1 ? " is" : "s are"} pending (${status.pending.map(SchemaMigrator.nameOf).join(", ")}), applied at the next start or by fieldreport migrate`,
  )
}

/** The database answers, and where its schema stands. */
const database = (config: AppConfigShape) =>
  Effect.gen(function* () {
    const location = Database.location(config)
    const where = DatabaseAccess.describe(location)
    // Opening a missing file would create it.
    if (location.engine === "sqlite" && !existsSync(location.file))
      return passed(`database: ${where} does not exist yet; fieldreport serve or migrate makes it`)
    return yield* SchemaMigrator.status(migrations).pipe(
      Effect.provide(Database.unmigrated.pipe(Layer.provide(Layer.succeed(AppConfig, config)))),
      Effect.map((status) => {
        const state = schemaState(status)
        return state.passed ? passed(`database: ${where} answers; ${state.text}`) : state
      }),
      Effect.timeoutOrElse({
        duration: answerWithin,
        orElse: () =>
          Effect.succeed(failed(`database: ${where} did not answer within ${Duration.format(answerWithin)}`)),
      }),
      Effect.catch((error) => Effect.succeed(failed(`database: cannot use ${where}: ${explain(error)}`))),
    )
  })

/** The bucket of uploads answers: its first page of keys can be listed (what the service's key needs). */
const objectStore = (config: AppConfigShape, bucket: string) =>
  Effect.gen(function* () {
    const where = `the bucket ${bucket}${Option.match(config.s3Endpoint, {
      onNone: () => "",
      onSome: (endpoint) => ` at ${DatabaseAccess.withoutPassword(endpoint)}`,
    })}`
    return yield* Effect.flatMap(Effect.service(FileStore), (files) => files.list(undefined)).pipe(
      Effect.provide(FileStore.layer.pipe(Layer.provide(Layer.succeed(AppConfig, config)))),
      Effect.as(passed(`object store: ${where} answers`)),
      Effect.timeoutOrElse({
        duration: answerWithin,
        orElse: () =>
          Effect.succeed(
            failed(`object store: ${where} did not answer within ${Duration.format(answerWithin)}`),
          ),
      }),
      Effect.catch((error) => Effect.succeed(failed(`object store: ${where}: ${explain(error)}`))),
      Effect.scoped,
    )
  })

/** The SMTP server answers (connection, greeting and sign-in, when the URL has credentials). */
const mail = (url: string) =>
  Effect.gen(function* () {
    const where = `the SMTP server ${DatabaseAccess.withoutPassword(url)}`
    return yield* Effect.acquireUseRelease(
      Effect.try({ try: () => createTransport(url), catch: (error) => error }),
      (transport) => Effect.tryPromise({ try: () => transport.verify(), catch: (error) => error }),
      (transport) => Effect.sync(() => transport.close()),
    ).pipe(
      Effect.as(passed(`mail: ${where} answers`)),
      Effect.timeoutOrElse({
        duration: answerWithin,
        orElse: () =>
          Effect.succeed(failed(`mail: ${where} did not answer within ${Duration.format(answerWithin)}`)),
      }),
      Effect.catch((error) => Effect.succeed(failed(`mail: ${where}: ${explain(error)}`))),
    )
  })

const check = Effect.gen(function* () {
  const config = yield* Configuration.read.pipe(
    Effect.mapError((error) => new CommandFailed({ message: `configuration: ${error.message}` })),
  )
  yield* Console.log("configuration: read")
  const outcomes = [yield* dataDirectory(config), yield* database(config)]
  if (Option.isSome(config.s3Bucket)) outcomes.push(yield* objectStore(config, config.s3Bucket.value))
  if (Option.isSome(config.smtpUrl)) outcomes.push(yield* mail(config.smtpUrl.value))
  for (const outcome of outcomes)
    yield* outcome.passed ? Console.log(outcome.text) : Console.error(outcome.text)
  const failures = outcomes.filter((outcome) => !outcome.passed).length
  if (failures > 0)
    return yield* new CommandFailed({
      message: `${failures} check${failures === 1 ? "" : "s"} failed`,
    })
})

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([CheckCommand.command])
 * ```
 */
export const command = Command.make("check", {}, () => check).pipe(
  Command.withShortDescription("Checks the configuration, database, object store and mail server"),
  Command.withDescription(
    "Reads the configuration (FIELDREPORT_* variables) and checks that the data directory can be written, the database answers (and where its schema stands), the object store of uploads answers when FIELDREPORT_S3_BUCKET is set, and the SMTP server answers when FIELDREPORT_SMTP_URL is set. Prints one line per check; exit 1 when any failed.",
  ),
  Command.withExamples([
    { command: "fieldreport check", description: "Check the configuration of this machine" },
  ]),
)
