/**
 * Long reads of a file database in a worker thread of their own. node:sqlite runs a query on the
 * thread that asks for it, so a query over a million reports (a report search's results: about a
 * second) holds the API's only thread and its only connection, and every request waits behind it.
 * The worker reads through its own read-only connection instead: in WAL mode it sees every commit
 * made before the query starts and never blocks the API's writes.
 */
import type { SQLInputValue } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { Duration, Effect, type Scope } from "effect"
import type { ReadAnswer, ReadRequest, ReadWorkerData } from "./readWorker.ts"

/** A worker thread reading the database. */
export interface WorkerReads {
  /**
   * The first column of the query's rows, as numbers. Fails with SQLite's error (an `Error` with
   * its `errcode`) as the worker reported it.
   */
  readonly numbers: (sql: string, params: ReadonlyArray<SQLInputValue>) => Promise<Float64Array>
}

/**
 * Starts a worker on the database file until the scope closes.
 *
 * @example
 * ```ts
 * const worker = yield* WorkerReads.start("/var/lib/fieldreport/fieldreport.db", { busyTimeout: "5 seconds" })
 * const ids = yield* Effect.promise(() => worker.numbers("SELECT id FROM reports ORDER BY id", []))
 * ```
 */
export const start = (
  filename: string,
  options: { readonly busyTimeout: Duration.Input },
): Effect.Effect<WorkerReads, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const workerData: ReadWorkerData = {
        filename,
        busyTimeoutMillis: Math.round(Duration.toMillis(options.busyTimeout)),
      }
      const worker = new Worker(new URL("./readWorker.ts", import.meta.url), { workerData })
      const waiting = new Map<
        number,
        { readonly resolve: (values: Float64Array) => void; readonly reject: (cause: unknown) => void }
      >()
      let nextId = 0
      // Referenced only while it owes an answer: an idle worker must not keep a process alive.
      worker.unref()
      const settle = (id: number) => {
        const request = waiting.get(id)
        waiting.delete(id)
        if (waiting.size === 0) worker.unref()
        return request
      }
      worker.on("message", (answer: ReadAnswer) => {
        const request = settle(answer.id)
        if ("values" in answer) request?.resolve(answer.values)
        else
          request?.reject(Object.assign(new Error(answer.error.message), { errcode: answer.error.errcode }))
      })
      // A worker that stopped answers nothing more: its pending reads fail, and so do new ones.
      let stoppedBy: unknown
      const stopped = (cause: unknown) => {
        stoppedBy ??= cause
        for (const id of [...waiting.keys()]) settle(id)?.reject(stoppedBy)
      }
      worker.once("error", stopped)
      worker.once("exit", () => stopped(new Error("the SQLite read worker stopped")))
      const numbers = (sql: string, params: ReadonlyArray<SQLInputValue>) => {
        if (stoppedBy !== undefined) return Promise.reject(stoppedBy)
        const id = nextId++
        return new Promise<Float64Array>((resolve, reject) => {
          waiting.set(id, { resolve, reject })
          worker.ref()
          worker.postMessage({ id, sql, params } satisfies ReadRequest)
        })
      }
      return { worker, reader: { numbers } satisfies WorkerReads }
    }),
    ({ worker }) =>
      Effect.promise(
        () =>
          new Promise<void>((resolve) => {
            worker.once("exit", () => resolve())
            // Waited for: an unreferenced worker would let the process end before the scope does.
            worker.ref()
            worker.postMessage("stop")
          }),
      ),
  ).pipe(Effect.map(({ reader }) => reader))
