/**
 * The worker thread of `Checkpointer`: its own connection to the database file, asking for a PASSIVE
 * checkpoint of the write-ahead log every interval (it copies what readers no longer need into the
 * database and syncs, without blocking writers or readers). Stopped by a message from its owner.
 *
 * Once the log holds `handoverPages`, the worker leaves it alone for `HANDOVER_MILLIS`: the
 * writers' connection then checkpoints by itself after its next commit, which a checkpoint of the
 * worker's in progress would turn away (only one runs at a time), and only that one lets the log
 * start again from its beginning.
 */
import { DatabaseSync } from "node:sqlite"
import { parentPort, workerData } from "node:worker_threads"

/** What the owner passes in `workerData`. */
export interface CheckpointWorkerData {
  readonly filename: string
  readonly intervalMillis: number
  readonly busyTimeoutMillis: number
  /** The size of log, in pages, past which the writers' connection checkpoints by itself. */
  readonly handoverPages: number
}

/** How long the worker stands aside once the log has reached the writers' threshold. */
const HANDOVER_MILLIS = 500

const { filename, intervalMillis, busyTimeoutMillis, handoverPages } = workerData as CheckpointWorkerData
const db = new DatabaseSync(filename)
db.exec(`PRAGMA busy_timeout = ${busyTimeoutMillis}`)
const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)")
let standAsideUntil = 0
const timer = setInterval(() => {
  if (Date.now() < standAsideUntil) return
  // One row: busy, log (pages in the log) and checkpointed (pages copied).
  const pages = Number(checkpoint.get()?.log ?? 0)
  if (pages >= handoverPages) standAsideUntil = Date.now() + HANDOVER_MILLIS
}, intervalMillis)
parentPort?.once("message", () => {
  clearInterval(timer)
  db.close()
  parentPort?.close()
})
