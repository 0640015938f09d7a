/**
 * The worker thread of `WorkerReads`: its own read-only connection to the database file, answering
 * one query at a time with the first column of its rows as numbers, sent back without a copy.
 * Stopped by a `"stop"` message from its owner.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"
import { parentPort, workerData } from "node:worker_threads"

/** What the owner passes in `workerData`. */
export interface ReadWorkerData {
  readonly filename: string
  readonly busyTimeoutMillis: number
}

/** A query for the worker. */
export interface ReadRequest {
  readonly id: number
  readonly sql: string
  readonly params: ReadonlyArray<SQLInputValue>
}

/** The worker's answer to the request of the same id: the column, or SQLite's error. */
export type ReadAnswer =
  | { readonly id: number; readonly values: Float64Array }
  | { readonly id: number; readonly error: { readonly message: string; readonly errcode: unknown } }

const { filename, busyTimeoutMillis } = workerData as ReadWorkerData
const db = new DatabaseSync(filename, { readOnly: true })
db.exec(`PRAGMA busy_timeout = ${busyTimeoutMillis}`)

/** Prepared statements by SQL text: the owner sends the same few queries again and again. */
const statements = new Map<string, StatementSync>()

const statementOf = (sql: string): StatementSync => {
  const known = statements.get(sql)
  if (known !== undefined) return known
  const statement = db.prepare(sql)
  statement.setReturnArrays(true)
  statements.set(sql, statement)
  return statement
}

/** The first column of every row, in a buffer that doubles as it fills. */
const firstColumn = (sql: string, params: ReadonlyArray<SQLInputValue>): Float64Array => {
  let values = new Float64Array(1024)
  let count = 0
  for (const row of statementOf(sql).iterate(...params) as Iterable<ReadonlyArray<unknown>>) {
    if (count === values.length) {
      const larger = new Float64Array(count * 2)
      larger.set(values)
      values = larger
    }
    values[count++] = Number(row[0])
  }
  return values.slice(0, count)
}

parentPort?.on("message", (message: ReadRequest | "stop") => {
  if (message === "stop") {
    db.close()
    parentPort?.close()
    return
  }
  try {
    const values = firstColumn(message.sql, message.params)
    parentPort?.postMessage({ id: message.id, values } satisfies ReadAnswer, [values.buffer as ArrayBuffer])
  } catch (cause) {
    const error = {
      message: cause instanceof Error ? cause.message : String(cause),
      errcode: (cause as { readonly errcode?: unknown }).errcode,
    }
    parentPort?.postMessage({ id: message.id, error } satisfies ReadAnswer)
  }
})
