/**
 * The PostgreSQL floor server's database: a pool of `pg` connections of the API's size, every
 * statement prepared once on each connection (named, as the API's client names them) and rows
 * read as the API reads them (`int8` and `numeric` as numbers), and transactions begun and ended
 * with the statements the API's SQL client runs for them on PostgreSQL.
 */
import { createHash } from "node:crypto"
import pg from "pg"

/** Connections the pool keeps at most: the API's default (`PostgresClient.DEFAULT_POOL_SIZE`). */
const POOL_SIZE = 10

/** The statements of the floor, by their SQL, with `$1`, `$2`… for the values. */
export interface PgFloorDatabase {
  readonly all: <A>(sql: string, ...params: ReadonlyArray<unknown>) => Promise<Array<A>>
  readonly get: <A>(sql: string, ...params: ReadonlyArray<unknown>) => Promise<A | undefined>
  readonly run: (sql: string, ...params: ReadonlyArray<unknown>) => Promise<void>
  /** Runs `work` on one connection between `BEGIN` and `COMMIT`, rolled back when it throws. */
  readonly transaction: <A>(work: (db: PgFloorTransaction) => Promise<A>) => Promise<A>
  readonly close: () => Promise<void>
}

/** The statements of a transaction, and savepoints in it. */
export interface PgFloorTransaction extends Omit<PgFloorDatabase, "transaction" | "close"> {
  /** Runs `work` in a savepoint, as the API's nested transactions do. */
  readonly savepoint: <A>(work: () => Promise<A>) => Promise<A>
}

const asNumber = (text: string): number => {
  const value = Number(text)
  if (!Number.isSafeInteger(value) && Number.isInteger(value))
    throw new Error(`${text} does not fit in a JavaScript number`)
  return value
}

/** `int8` (ids, `COUNT(*)`) and `numeric` (`SUM` of `int8`) as numbers, as the API reads them. */
const types = {
  getTypeParser: ((oid: number, format?: "text" | "binary") =>
    oid === pg.types.builtins.INT8 || oid === pg.types.builtins.NUMERIC
      ? asNumber
      : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
}

/** A statement's name on the connections: the same SQL is prepared once on each. */
const nameOf = (sql: string) => `floor_${createHash("sha1").update(sql).digest("hex").slice(0, 16)}`

type Queryable = Pick<pg.PoolClient, "query">

const statements = (client: Queryable) => {
  const all = async <A>(sql: string, ...params: ReadonlyArray<unknown>): Promise<Array<A>> =>
    (await client.query({ name: nameOf(sql), text: sql, values: [...params] })).rows as Array<A>
  return {
    all,
    get: async <A>(sql: string, ...params: ReadonlyArray<unknown>) => (await all<A>(sql, ...params))[0],
    run: async (sql: string, ...params: ReadonlyArray<unknown>) => {
      await all(sql, ...params)
    },
  }
}

/**
 * Opens a pool on the database the URL names.
 *
 * @example
 * ```ts
 * const db = openPgFloorDatabase("postgres://postgres@127.0.0.1:5432/fieldreport_bench")
 * const report = await db.get("SELECT id FROM reports WHERE id = $1", 49)
 * ```
 */
export const openPgFloorDatabase = (url: string): PgFloorDatabase => {
  const pool = new pg.Pool({
    connectionString: url,
    max: POOL_SIZE,
    types,
    // As the API's sessions: timestamps cast in UTC.
    options: "-c timezone=UTC",
  })
  return {
    ...statements(pool),
    transaction: async (work) => {
      const client = await pool.connect()
      const db = statements(client)
      // The savepoints the API's SQL client names, one per nesting level.
      let depth = 0
      const inside = async <A>(begin: string, end: string, undo: string, body: () => Promise<A>) => {
        await db.run(begin)
        depth++
        try {
          const result = await body()
          await db.run(end)
          return result
        } catch (error) {
          await db.run(undo)
          throw error
        } finally {
          depth--
        }
      }
      try {
        return await inside("BEGIN", "COMMIT", "ROLLBACK", () =>
          work({
            ...db,
            savepoint: (body) => {
              const name = `effect_sql_${depth}`
              return inside(
                `SAVEPOINT ${name}`,
                `RELEASE SAVEPOINT ${name}`,
                `ROLLBACK TO SAVEPOINT ${name}`,
                body,
              )
            },
          }),
        )
      } finally {
        client.release()
      }
    },
    close: () => pool.end(),
  }
}
