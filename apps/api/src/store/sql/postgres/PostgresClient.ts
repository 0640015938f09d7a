/**
 * The PostgreSQL engine: an `effect/sql` client from `@effect/sql-pg` over a connection pool, set up
 * so that rows read the way the embedded SQLite engine reads them and the stores need no second
 * code path.
 *
 * - `int8` (ids, `COUNT(*)`) and `numeric` (`SUM` of `int8`) read as numbers, not `bigint` and
 *   decimal strings: every integer the API stores fits in 2^53, and a larger one fails loudly
 *   instead of losing precision, as on SQLite.
 * - Sessions run in UTC, so a timestamp string cast to `timestamptz` means the same instant in
 *   every session.
 */
import { PgClient, PgTypes } from "@effect/sql-pg"
import { type Layer, Redacted, Result } from "effect"
import type { SqlClient, SqlError } from "effect/sql"

/**
 * Connections one API process keeps at most. PostgreSQL allows 100 by default, which leaves room
 * for several processes, the job workers of each and an operator's psql.
 */
export const DEFAULT_POOL_SIZE = 10

/**
 * How the PostgreSQL client is opened.
 *
 * @example
 * ```ts
 * const options: PostgresOptions = { url: "postgres://fieldreport@db/fieldreport", poolSize: 20 }
 * ```
 */
export interface PostgresOptions {
  /** `postgres://user:password@host:port/database`, with any libpq query parameters it accepts. */
  readonly url: string
  /** Connections the pool keeps at most; {@link DEFAULT_POOL_SIZE} when absent. */
  readonly poolSize?: number | undefined
}

const BINARY = 1
const MAX_SAFE = BigInt(Number.MAX_SAFE_INTEGER)
const MIN_SAFE = BigInt(Number.MIN_SAFE_INTEGER)

/** `int8` as a JavaScript number, refusing one that a number cannot hold exactly. */
const int8AsNumber: PgTypes.Codec<number | bigint> = {
  encode: (value) => PgTypes.encode(BigInt(value), PgTypes.OID.int8),
  decode: (bytes) =>
    Result.flatMap(PgTypes.decode(bytes, PgTypes.OID.int8, BINARY), (value) => {
      const big = value as bigint
      return big > MAX_SAFE || big < MIN_SAFE
        ? Result.fail(new PgTypes.CodecError({ message: `int8 ${big} does not fit in a JavaScript number` }))
        : Result.succeed(Number(big))
    }),
}

/** `numeric` (what `SUM` of an `int8` column answers) as a JavaScript number. */
const numericAsNumber: PgTypes.Codec<number | string> = {
  encode: (value) => PgTypes.encode(String(value), PgTypes.OID.numeric),
  decode: (bytes) => Result.map(PgTypes.decode(bytes, PgTypes.OID.numeric, BINARY), Number),
}

/** The codecs of this client: the built-in ones, with `int8` and `numeric` read as numbers. */
const types = (): PgTypes.Registry => {
  const registry = PgTypes.makeRegistry()
  registry.register(PgTypes.OID.int8, int8AsNumber, { arrayOid: PgTypes.OID.int8Array })
  registry.register(PgTypes.OID.numeric, numericAsNumber, { arrayOid: PgTypes.OID.numericArray })
  return registry
}

/**
 * A layer providing `SqlClient.SqlClient` (and `PgClient.PgClient`) over a pool of connections to
 * the database the URL names; the pool closes with the layer.
 *
 * @example
 * ```ts
 * const program = Effect.gen(function* () {
 *   const sql = yield* SqlClient.SqlClient
 *   return yield* sql<{ reports: number }>`SELECT COUNT(*) AS reports FROM reports`
 * })
 * Effect.runPromise(program.pipe(Effect.provide(PostgresClient.layer({ url: "postgres://localhost/fieldreport" }))))
 * ```
 */
export const layer = (
  options: PostgresOptions,
): Layer.Layer<PgClient.PgClient | SqlClient.SqlClient, SqlError.SqlError> =>
  PgClient.layer({
    url: Redacted.make(options.url),
    maxConnections: options.poolSize ?? DEFAULT_POOL_SIZE,
    applicationName: "fieldreport-api",
    startupParameters: { timezone: "UTC" },
    types: types(),
  })
