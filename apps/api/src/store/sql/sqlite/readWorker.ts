/**
 * The worker thread of `WorkerReads`: its own read-only connection to the database file, answering
 * one query at a time, with its rows as records, or with the first column of its rows as numbers
 * (sent back without a copy). Stopped by a `"stop"` message from its owner.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"
import { parentPort, workerData } from "node:worker_threads"

/** What the owner passes in `workerData`. */
export interface ReadWorkerData {
  readonly filename: string
  readonly busyTimeoutMillis: number
}

/** A query for the worker, and what it answers with. */
export interface ReadRequest {
  readonly id: number
  readonly sql: string
  readonly params: ReadonlyArray<SQLInputValue>
  readonly answer: "rows" | "numbers"
}

/** What a query answers: its rows, or the numbers of its first column. */
export type ReadResult = ReadonlyArray<Record<string, unknown>> | Float64Array

/** The worker's answer to the request of the same id: what was asked, or SQLite's error. */
export type ReadAnswer =
  | { readonly id: number; readonly result: ReadResult }
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
  statements.set(sql, statement)
  return statement
}

/** The first column of every row, in a buffer that doubles as it fills. */
const firstColumn = (statement: StatementSync, params: ReadonlyArray<SQLInputValue>): Float64Array => {
  statement.setReturnArrays(true)
  let values = new Float64Array(1024)
  let count = 0
  for (const row of statement.iterate(...params) as Iterable<ReadonlyArray<unknown>>) {
    if (count === values.length) {
      const larger = new Float64Array(count * 2)
      larger.set(values)
      values = larger
    }
    values[count++] = Number(row[0])
  }
  return values.slice(0, count)
}

const resultOf = (request: ReadRequest): ReadResult => {
  const statement = statementOf(request.sql)
  if (request.answer === "numbers") return firstColumn(statement, request.params)
  statement.setReturnArrays(false)
  return statement.all(...request.params)
}

parentPort?.on("message", (message: ReadRequest | "stop") => {
  if (message === "stop") {
    db.close()
    parentPort?.close()
    return
  }
  try {
    const result = resultOf(message)
    const transfer = result instanceof Float64Array ? [result.buffer as ArrayBuffer] : []
    parentPort?.postMessage({ id: message.id, result } satisfies ReadAnswer, transfer)
  } catch (cause) {
    const error = {
      message: cause instanceof Error ? cause.message : String(cause),
      errcode: (cause as { readonly errcode?: unknown }).errcode,
    }
    parentPort?.postMessage({ id: message.id, error } satisfies ReadAnswer)
  }
})
