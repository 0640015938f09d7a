/**
 * The floor server's database: the API's SQLite file opened as the API opens it (busy timeout,
 * WAL, synchronous NORMAL, foreign keys), every statement prepared once and kept, and transactions
 * begun and ended with the statements the API's SQL client runs for them.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"

/** A row as node:sqlite answers it. */
export type Row = Record<string, SQLInputValue>

/** The statements of the floor, by their SQL. */
export interface FloorDatabase {
  readonly all: <A = Row>(sql: string, ...params: ReadonlyArray<SQLInputValue>) => Array<A>
  readonly get: <A = Row>(sql: string, ...params: ReadonlyArray<SQLInputValue>) => A | undefined
  readonly run: (sql: string, ...params: ReadonlyArray<SQLInputValue>) => void
  /** Runs `work` between `BEGIN IMMEDIATE` and `COMMIT`, rolled back when it throws. */
  readonly transaction: <A>(work: () => A) => A
  /** Runs `work` in a savepoint inside a transaction, as the API's nested transactions do. */
  readonly savepoint: <A>(work: () => A) => A
  readonly close: () => void
}

/**
 * Opens the database file.
 *
 * @example
 * ```ts
 * const db = openFloorDatabase("/tmp/city/fieldreport.db")
 * const report = db.get("SELECT id FROM reports WHERE id = ?", 49)
 * ```
 */
export const openFloorDatabase = (filename: string): FloorDatabase => {
  const db = new DatabaseSync(filename)
  db.exec("PRAGMA busy_timeout = 5000")
  db.exec("PRAGMA journal_mode = WAL")
  db.exec("PRAGMA synchronous = NORMAL")
  db.exec("PRAGMA foreign_keys = ON")
  const prepared = new Map<string, StatementSync>()
  const statement = (sql: string): StatementSync => {
    let found = prepared.get(sql)
    if (found === undefined) {
      found = db.prepare(sql)
      prepared.set(sql, found)
    }
    return found
  }
  const run = (sql: string, ...params: ReadonlyArray<SQLInputValue>) => {
    statement(sql).run(...params)
  }
  // The savepoints the API's SQL client names, one per nesting level.
  let depth = 0
  const inside = <A>(begin: string, end: string, undo: string, work: () => A): A => {
    run(begin)
    depth++
    try {
      const result = work()
      run(end)
      return result
    } catch (error) {
      run(undo)
      throw error
    } finally {
      depth--
    }
  }
  return {
    all: <A>(sql: string, ...params: ReadonlyArray<SQLInputValue>) =>
      statement(sql).all(...params) as Array<A>,
    get: <A>(sql: string, ...params: ReadonlyArray<SQLInputValue>) =>
      statement(sql).get(...params) as A | undefined,
    run,
    transaction: (work) => inside("BEGIN IMMEDIATE", "COMMIT", "ROLLBACK", work),
    savepoint: (work) => {
      const name = `effect_sql_${depth}`
      return inside(`SAVEPOINT ${name}`, `RELEASE SAVEPOINT ${name}`, `ROLLBACK TO SAVEPOINT ${name}`, work)
    },
    close: () => db.close(),
  }
}
