/**
 * Long reads of a file database in a worker thread of their own. node:sqlite runs a query on the
 * thread that asks for it, so a query over a million reports (a report search's results: about a
 * second; a filtered map's counts: up to a second) holds the API's only thread and its only
 * connection, and every request waits behind it.
 * The worker reads through its own read-only connection instead: in WAL mode it sees every commit
 * made before the query starts and never blocks the API's writes. It starts at the first read; one
 * that stops (it should not) fails the reads it owed, and the next read starts another.
 */
import type { SQLInputValue } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { Duration, Effect, type Scope } from "effect"
import type { ReadAnswer, ReadRequest, ReadResult, ReadWorkerData } from "./readWorker.ts"

/** Reads of the database in a worker thread. */
export interface WorkerReads {
  /** The query's rows. Fails with SQLite's error (an `Error` with its `errcode`) as the worker reported it. */
  readonly rows: (
    sql: string,
    params: ReadonlyArray<SQLInputValue>,
  ) => Promise<ReadonlyArray<Record<string, unknown>>>
  /** The first column of the query's rows, as numbers; fails as `rows` does. */
  readonly numbers: (sql: string, params: ReadonlyArray<SQLInputValue>) => Promise<Float64Array>
}

/** A worker thread and the reads it owes answers to, by request id. */
interface Running {
  readonly worker: Worker
  readonly waiting: Map<
    number,
    { readonly resolve: (result: ReadResult) => void; readonly reject: (cause: unknown) => void }
  >
}

/**
 * Reads of the database file in a worker thread, until the scope closes.
 *
 * @example
 * ```ts
 * const reads = yield* WorkerReads.make("/var/lib/fieldreport/fieldreport.db", { busyTimeout: "5 seconds" })
 * const ids = yield* Effect.promise(() => reads.numbers("SELECT id FROM reports ORDER BY id", []))
 * ```
 */
export const make = (
  filename: string,
  options: { readonly busyTimeout: Duration.Input },
): Effect.Effect<WorkerReads, never, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.sync(() => {
      const workerData: ReadWorkerData = {
        filename,
        busyTimeoutMillis: Math.round(Duration.toMillis(options.busyTimeout)),
      }
      let current: Running | undefined
      let closed = false
      let nextId = 0

      const spawn = (): Running => {
        const running: Running = {
          worker: new Worker(new URL("./readWorker.ts", import.meta.url), { workerData }),
          waiting: new Map(),
        }
        const { worker, waiting } = running
        const settle = (id: number) => {
          const request = waiting.get(id)
          waiting.delete(id)
          // Referenced only while it owes an answer: an idle worker must not keep a process alive.
          if (waiting.size === 0) worker.unref()
          return request
        }
        worker.on("message", (answer: ReadAnswer) => {
          const request = settle(answer.id)
          if ("result" in answer) request?.resolve(answer.result)
          else
            request?.reject(Object.assign(new Error(answer.error.message), { errcode: answer.error.errcode }))
        })
        const stopped = (cause: unknown) => {
          if (current === running) current = undefined
          for (const id of [...waiting.keys()]) settle(id)?.reject(cause)
        }
        worker.once("error", stopped)
        worker.once("exit", () => stopped(new Error("the SQLite read worker stopped")))
        return running
      }

      const ask = (sql: string, params: ReadonlyArray<SQLInputValue>, answer: ReadRequest["answer"]) =>
        new Promise<ReadResult>((resolve, reject) => {
          if (closed) return reject(new Error("the SQLite database is closed"))
          current ??= spawn()
          const id = nextId++
          current.waiting.set(id, { resolve, reject })
          current.worker.ref()
          current.worker.postMessage({ id, sql, params, answer } satisfies ReadRequest)
        })

      const close = () =>
        new Promise<void>((resolve) => {
          closed = true
          const running = current
          if (running === undefined) return resolve()
          running.worker.once("exit", () => resolve())
          // Waited for: an unreferenced worker would let the process end before the scope does.
          running.worker.ref()
          running.worker.postMessage("stop")
        })

      // The worker answers a request with what it asked for.
      const reads: WorkerReads = {
        rows: (sql, params) => ask(sql, params, "rows") as Promise<ReadonlyArray<Record<string, unknown>>>,
        numbers: (sql, params) => ask(sql, params, "numbers") as Promise<Float64Array>,
      }
      return { reads, close }
    }),
    ({ close }) => Effect.promise(close),
  ).pipe(Effect.map(({ reads }) => reads))
