/**
 * `fieldreport serve` (what `npm start` runs): starts the API with the configuration of the
 * environment and runs it until SIGTERM or SIGINT, then stops gracefully (requests in flight
 * finish, the database closes) and exits 0. A start that fails (a variable that cannot be read, a
 * database that cannot be reached or that a newer build migrated) exits 1 with the reason.
 */
import { Effect } from "effect"
import { Command } from "effect/cli"
import { CommandFailed, explain } from "./Failure.ts"

let stoppedOnRequest = false

/**
 * Whether a server this process ran was stopped as asked (a signal) and has finished stopping:
 * the process then ends with 0, not with the code of an interrupted command.
 *
 * @example
 * ```ts
 * const code = ServeCommand.stoppedAsAsked() ? 0 : 130
 * ```
 */
export const stoppedAsAsked = (): boolean => stoppedOnRequest

const serve = Effect.gen(function* () {
  yield* Effect.acquireRelease(
    Effect.tryPromise({
      // Loaded when used: the whole API is no business of the other commands.
      try: () => import("../Server.ts").then((server) => server.startServer()),
      catch: (error) => new CommandFailed({ message: `the API cannot start: ${explain(error)}` }),
    }),
    (server) =>
      Effect.promise(() => server.stop()).pipe(
        Effect.andThen(
          Effect.sync(() => {
            stoppedOnRequest = true
          }),
        ),
      ),
  )
  // Runs until the process is asked to stop, which interrupts this and stops the server.
  return yield* Effect.never
}).pipe(Effect.scoped)

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([ServeCommand.command])
 * ```
 */
export const command = Command.make("serve", {}, () => serve).pipe(
  Command.withShortDescription("Runs the API until SIGTERM or SIGINT"),
  Command.withDescription(
    "Runs the API (configured by the FIELDREPORT_* variables) until SIGTERM or SIGINT, then stops gracefully. The database is migrated first; one migrated by a newer build is refused.",
  ),
  Command.withExamples([
    {
      command: "FIELDREPORT_DATA_DIR=/var/lib/fieldreport fieldreport serve",
      description: "Serve on port 3000 with the embedded database in /var/lib/fieldreport",
    },
  ]),
)
