/**
 * Checkpoints of a file database's write-ahead log in a worker thread of their own. Left to SQLite,
 * the write that fills the log past 1,000 pages copies it into the database and syncs both files,
 * on the API's one thread: tens of milliseconds added to that request, and about half the cost of
 * a bulk write. Here the worker copies the log every interval, and the writers' connection
 * checkpoints by itself only past `WORKER_PAGES`, when little is left to copy.
 *
 * That remainder is needed: the log starts again from its beginning only at a write that finds it
 * wholly copied, and under a steady stream of writes the worker's copy never catches up with the
 * last one (during a bulk load the log grows without end). A checkpoint on the writers' connection
 * runs between two writes, so it always does. Should the worker stop, that connection checkpoints
 * at SQLite's usual 1,000 pages again.
 */

import type { DatabaseSync } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { Duration, Effect, type Scope } from "effect"
import type { CheckpointWorkerData } from "./checkpointWorker.ts"

/** SQLite's own threshold, in pages, for the writers' connection when no worker checkpoints. */
const AUTOMATIC_PAGES = 1000

/** The writers' connection's threshold while the worker runs: 40 MB of log with 4 KB pages. */
const WORKER_PAGES = 10_000

/**
 * Starts the worker for the database of `db` (a file in WAL mode) until the scope closes.
 *
 * @example
 * ```ts
 * yield* Checkpointer.start(db, "/var/lib/fieldreport/fieldreport.db", { interval: "1 second", busyTimeout: "5 seconds" })
 * ```
 */
export const start = (
  db: DatabaseSync,
  filename: string,
  options: { readonly interval: Duration.Input; readonly busyTimeout: Duration.Input },
): Effect.Effect<void, never, Scope.Scope> =>
  Effect.asVoid(
    Effect.acquireRelease(
      Effect.sync(() => {
        const workerData: CheckpointWorkerData = {
          filename,
          intervalMillis: Math.max(1, Math.round(Duration.toMillis(options.interval))),
          busyTimeoutMillis: Math.round(Duration.toMillis(options.busyTimeout)),
          handoverPages: WORKER_PAGES,
        }
        const worker = new Worker(new URL("./checkpointWorker.ts", import.meta.url), { workerData })
        // A worker that fails or ends leaves the log to the writers' connection again.
        const resume = () => {
          if (db.isOpen) db.exec(`PRAGMA wal_autocheckpoint = ${AUTOMATIC_PAGES}`)
        }
        worker.once("error", resume)
        worker.once("exit", resume)
        // It must not keep a process alive that has nothing else to do.
        worker.unref()
        db.exec(`PRAGMA wal_autocheckpoint = ${WORKER_PAGES}`)
        return worker
      }),
      (worker) =>
        Effect.promise(
          () =>
            new Promise<void>((resolve) => {
              // A worker that already stopped has no exit left to wait for.
              if (worker.threadId === -1) return resolve()
              worker.once("exit", () => resolve())
              // Waited for: an unreferenced worker would let the process end before the scope does.
              worker.ref()
              worker.postMessage("stop")
            }),
        ),
    ),
  )
