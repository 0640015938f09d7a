/**
 * A consistent copy of the embedded database while the API keeps writing to it, through SQLite's
 * online backup API (`backup` of `node:sqlite`), never a copy of the file: a file copied while a
 * transaction commits, or without its write-ahead log, can be torn.
 *
 * The backup copies every page in one step, which reads the database in one read transaction:
 * the copy is the database as of that moment. In WAL mode the API's writers go on meanwhile (a
 * reader does not block them); copied in several steps, each write by the API would make SQLite
 * start the copy over, and a busy service could keep it from ever finishing.
 */
import { writeFile } from "node:fs/promises"
import { backup, DatabaseSync } from "node:sqlite"
import { Effect } from "effect"
import { BackupFailed } from "./BackupFailed.ts"

/** Pages a backup step may copy: all of them, in one step. */
const allPages = 2 ** 31 - 1

/** How long opening the database waits for a lock another process holds. */
const busyTimeoutMs = 10_000

/**
 * Copies the SQLite database `source` into the new file `target` (readable by its owner only)
 * and answers how many pages it copied.
 *
 * @example
 * ```ts
 * yield* SqliteSnapshot.copy("data/fieldreport.db", "/backups/.fieldreport.db.partial")
 * ```
 */
export const copy = (source: string, target: string): Effect.Effect<number, BackupFailed> =>
  Effect.acquireUseRelease(
    Effect.try({
      try: () => new DatabaseSync(source, { timeout: busyTimeoutMs }),
      catch: (cause) => new BackupFailed({ message: `cannot open the embedded database ${source}`, cause }),
    }),
    (db) =>
      Effect.tryPromise({
        // An empty file is an empty database: made first so that the copy is the owner's alone.
        try: () =>
          writeFile(target, "", { flag: "wx", mode: 0o600 }).then(() =>
            backup(db, target, { rate: allPages }),
          ),
        catch: (cause) =>
          new BackupFailed({
            message: `could not copy the embedded database ${source}: ${cause instanceof Error ? cause.message : String(cause)}`,
            cause,
          }),
      }),
    (db) => Effect.sync(() => db.close()),
  )
