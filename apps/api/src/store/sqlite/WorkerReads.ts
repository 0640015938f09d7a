/**
 * Long reads of a file database in a worker thread of their own. node:sqlite runs a query on the
 * thread that asks for it, so a query over a million reports (a report search's results: about a
 * second; a filtered map's counts: up to a second) holds the API's only thread and its only
 * connection, and every request waits behind it.
 * The worker reads through its own read-only connection instead: in WAL mode it sees every commit
 * made before the query starts and never blocks the API's writes.
 */
import type { SQLInputValue } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { Duration, Effect, type Scope } from "effect"
import type { ReadAnswer, ReadRequest, ReadResult, ReadWorkerData } from "./readWorker.ts"

/** A worker thread reading the database. */
export interface WorkerReads {
  /** The query's rows. Fails with SQLite's error (an `Error` with its `errcode`) as the worker reported it. */
  readonly rows: (
    sql: string,
    params: ReadonlyArray<SQLInputValue>,
  ) => Promise<ReadonlyArray<Record<string, unknown>>>
  /** The first column of the query's rows, as numbers; fails as `rows` does. */
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
        { readonly resolve: (result: ReadResult) => void; readonly reject: (cause: unknown) => void }
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
        if ("result" in answer) request?.resolve(answer.result)
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
      const ask = (sql: string, params: ReadonlyArray<SQLInputValue>, answer: ReadRequest["answer"]) => {
        if (stoppedBy !== undefined) return Promise.reject(stoppedBy)
        const id = nextId++
        return new Promise<ReadResult>((resolve, reject) => {
          waiting.set(id, { resolve, reject })
          worker.ref()
          worker.postMessage({ id, sql, params, answer } satisfies ReadRequest)
        })
      }
      // The worker answers a request with what it asked for.
      const reader: WorkerReads = {
        rows: (sql, params) => ask(sql, params, "rows") as Promise<ReadonlyArray<Record<string, unknown>>>,
        numbers: (sql, params) => ask(sql, params, "numbers") as Promise<Float64Array>,
      }
      return { worker, reader }
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
