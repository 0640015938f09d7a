/**
 * An `effect/sql` client over Node's built-in `node:sqlite`: the embedded storage engine, with no native
 * build. One connection per process, shared by every fiber through a semaphore; WAL journaling so
 * readers in other processes (a backup, the shapes importer) do not block the API's writes.
 *
 * Consumers depend on `SqlClient.SqlClient` and stay engine-agnostic; this module only builds it.
 */
import { DatabaseSync, type SQLInputValue, type StatementSync } from "node:sqlite"
import {
  Array as Arr,
  Cause,
  Context,
  Duration,
  Effect,
  Layer,
  Predicate,
  type Scope,
  Semaphore,
  Stream,
} from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient, type SqlConnection, SqlError, Statement } from "effect/sql"
import * as Checkpointer from "./Checkpointer.ts"
import { directStatements } from "./DirectStatements.ts"
import * as WorkerReads from "./WorkerReads.ts"

/**
 * How the SQLite database is opened and how queries are compiled.
 *
 * @example
 * ```ts
 * const config: SqliteClientConfig = { filename: "./data/fieldreport.db", busyTimeout: "10 seconds" }
 * ```
 */
export interface SqliteClientConfig {
  /** Database file, or `":memory:"`. The caller creates the parent directory. */
  readonly filename: string
  /**
   * How long a statement waits for another process's lock before failing with a `LockTimeoutError`
   * reason. Defaults to 5 seconds.
   */
  readonly busyTimeout?: Duration.Input | undefined
  /**
   * How often a worker thread checkpoints the write-ahead log of a file database (`Checkpointer`).
   * Defaults to 1 second.
   */
  readonly checkpointInterval?: Duration.Input | undefined
  /** How many prepared statements the connection keeps, least recently used evicted first. Defaults to 200. */
  readonly preparedStatementCacheSize?: number | undefined
  /**
   * Read INTEGER columns as `bigint`. Off by default: every integer the API stores fits in 2^53, and
   * reading a larger one fails instead of silently losing precision.
   */
  readonly readBigInts?: boolean | undefined
  readonly spanAttributes?: Record<string, unknown> | undefined
  /** Renames result columns, e.g. `snake_case` to `camelCase`. */
  readonly transformResultNames?: ((name: string) => string) | undefined
  /** Renames identifiers written with `sql(name)`, `sql.insert` and `sql.update`. */
  readonly transformQueryNames?: ((name: string) => string) | undefined
}

/**
 * The SQLite `SqlClient`, with the configuration it was opened with. Depend on it only for code that is
 * SQLite-specific; everything else asks for `SqlClient.SqlClient`.
 *
 * @example
 * ```ts
 * const inMemory = Effect.gen(function* () {
 *   const sql = yield* SqliteClient.SqliteClient
 *   return sql.config.filename === ":memory:"
 * })
 * ```
 */
export interface SqliteClient extends SqlClient.SqlClient {
  readonly config: SqliteClientConfig
  /**
   * The rows of a read-only query, read apart: for a file database a worker thread reads them
   * through its own connection (`WorkerReads`, started at the first call), so a long read holds
   * neither the API's thread nor its connection; an in-memory database is read on its connection.
   * Small answers only (tens of thousands of rows at most): they are copied between threads.
   */
  readonly rowsApart: <A extends object>(
    statement: Statement.Statement<A>,
  ) => Effect.Effect<ReadonlyArray<A>, SqlError.SqlError>
  /** The first column of a read-only query's rows, as numbers, read apart as `rowsApart` reads; any length. */
  readonly numbersApart: (
    statement: Statement.Statement<unknown>,
  ) => Effect.Effect<Float64Array, SqlError.SqlError>
}

/**
 * Service tag for {@link SqliteClient}; {@link layer} provides it next to `SqlClient.SqlClient`.
 *
 * @example
 * ```ts
 * const program = Effect.gen(function* () {
 *   const sql = yield* SqliteClient.SqliteClient
 *   return sql.config.filename
 * })
 * ```
 */
export const SqliteClient = Context.Service<SqliteClient>("api/store/sqlite/SqliteClient")

/**
 * Opens the database in the current scope and builds the client; the database closes with the scope.
 *
 * Beyond the shared `SqlClient` API: `.raw` returns node:sqlite's `{ changes, lastInsertRowid }`,
 * `withTransaction` starts with `BEGIN IMMEDIATE` and nests through savepoints, and a query string
 * must hold a single statement (node:sqlite would silently drop the rest, so it fails instead).
 *
 * There is one connection: a stream holds it until it ends, so a query issued while consuming a
 * stream waits for that stream, unless both run inside one `withTransaction`.
 *
 * @example
 * ```ts
 * const rows = Effect.gen(function* () {
 *   const sql = yield* SqliteClient.make({ filename: ":memory:" })
 *   return yield* sql`SELECT 1 AS one`
 * }).pipe(Effect.scoped, Effect.provide(Reactivity.layer))
 * ```
 */
export const make = Effect.fnUntraced(function* (config: SqliteClientConfig) {
  const db = yield* Effect.acquireRelease(
    attempt("open", () => new DatabaseSync(config.filename, { readBigInts: config.readBigInts ?? false })),
    (db) => Effect.sync(() => db.close()),
  ).pipe(Effect.mapError(asConnectionError))
  const journalMode = yield* attempt("open", () => configure(db, config)).pipe(
    Effect.mapError(asConnectionError),
  )
  if (journalMode !== "wal" && journalMode !== "memory") {
    yield* Effect.logWarning(
      `SQLite kept journal mode "${journalMode}" instead of WAL: readers will block writers`,
    ).pipe(Effect.annotateLogs("filename", config.filename))
  }
  if (journalMode === "wal") {
    yield* Checkpointer.start(db, config.filename, {
      interval: config.checkpointInterval ?? DEFAULT_CHECKPOINT_INTERVAL,
      busyTimeout: config.busyTimeout ?? DEFAULT_BUSY_TIMEOUT,
    })
  }
  const workerReads =
    journalMode === "wal"
      ? yield* WorkerReads.make(config.filename, { busyTimeout: config.busyTimeout ?? DEFAULT_BUSY_TIMEOUT })
      : undefined

  const cached = makeStatementCache(db, config.preparedStatementCacheSize ?? DEFAULT_STATEMENT_CACHE_SIZE)
  const connection = makeConnection(db, cached)
  const acquirers = SqlClient.makeSqliteAcquirers({
    // A client that outlives its scope reports a closed connection instead of node:sqlite's bare Error.
    connection: Effect.suspend(() => (db.isOpen ? Effect.succeed(connection) : Effect.fail(closedError))),
    semaphore: yield* Semaphore.make(1),
    isTransaction: () => db.isTransaction,
  })
  const transformRows = config.transformResultNames
    ? Statement.defaultTransforms(config.transformResultNames, false).array
    : undefined
  const shared = yield* SqlClient.make({
    driver: "node-sqlite",
    acquirer: acquirers.acquirer,
    borrower: acquirers.borrower,
    transactionAcquirer: acquirers.transactionAcquirer,
    onCommitFailure: acquirers.onCommitFailure,
    isTransaction: acquirers.isTransaction,
    compiler: Statement.makeCompilerSqlite(config.transformQueryNames),
    transformRows,
    spanAttributes: [...Object.entries(config.spanAttributes ?? {}), ["db.system.name", "sqlite"]],
    // A deferred BEGIN takes the write lock only at the first write; two processes that both read
    // first then deadlock on the upgrade, and busy_timeout cannot help. IMMEDIATE waits up front.
    beginTransaction: "BEGIN IMMEDIATE",
    releaseSavepoint: (name) => `RELEASE SAVEPOINT ${name}`,
    // SQLite prepares transaction control like any statement, so they share the statement cache.
    prepareTransactionControls: true,
  })
  const client = directStatements(shared, {
    free: () => db.isOpen && !db.isTransaction,
    prepare: (sql) => prepare(db, sql),
    cached,
    rows: rowsOf,
    values: valuesOf,
    run: (statement, params) => statement.run(...bind(params)),
    failure: (cause, operation) =>
      SqlError.isSqlError(cause) ? cause : new SqlError.SqlError({ reason: classify(cause, operation) }),
  })
  /** Runs the statement's SQL with its parameters through `read`. */
  const compiled = <A>(
    statement: Statement.Statement<unknown>,
    read: (sql: string, params: Array<SQLInputValue>) => Promise<A>,
  ) => {
    const [text, params] = statement.compile()
    return Effect.tryPromise({
      try: () => read(text, bind(params)),
      catch: (cause) => new SqlError.SqlError({ reason: classify(cause, "readApart") }),
    })
  }
  const rowsApart = <A extends object>(statement: Statement.Statement<A>) =>
    workerReads === undefined
      ? statement
      : compiled(statement, async (sql, params) => {
          const rows = (await workerReads.rows(sql, params)) as ReadonlyArray<A>
          return transformRows ? transformRows(rows) : rows
        })
  const numbersApart = (statement: Statement.Statement<unknown>) =>
    workerReads === undefined
      ? Effect.map(statement.values, (rows) => Float64Array.from(rows, (row) => Number(row[0])))
      : compiled(statement, workerReads.numbers)
  return Object.assign(client, { config, rowsApart, numbersApart })
})

/**
 * A layer providing both {@link SqliteClient} and `SqlClient.SqlClient`, closing the database when
 * the layer is released.
 *
 * @example
 * ```ts
 * const SqlLive = SqliteClient.layer({ filename: "./data/fieldreport.db" })
 * const program = Effect.gen(function* () {
 *   const sql = yield* SqlClient.SqlClient
 *   return yield* sql`SELECT count(*) AS reports FROM report`
 * })
 * Effect.runPromise(program.pipe(Effect.provide(SqlLive)))
 * ```
 */
export const layer = (
  config: SqliteClientConfig,
): Layer.Layer<SqliteClient | SqlClient.SqlClient, SqlError.SqlError> => layerFrom(make(config))

const layerFrom = (
  acquire: Effect.Effect<SqliteClient, SqlError.SqlError, Reactivity.Reactivity | Scope.Scope>,
): Layer.Layer<SqliteClient | SqlClient.SqlClient, SqlError.SqlError> =>
  Layer.effectContext(
    Effect.map(acquire, (client) =>
      Context.make(SqliteClient, client).pipe(Context.add(SqlClient.SqlClient, client)),
    ),
  ).pipe(Layer.provide(Reactivity.layer))

const DEFAULT_STATEMENT_CACHE_SIZE = 200
const DEFAULT_BUSY_TIMEOUT: Duration.Input = "5 seconds"
const DEFAULT_CHECKPOINT_INTERVAL: Duration.Input = "1 second"
/** Rows per stream chunk: large enough to amortise the pull, small enough to keep memory flat. */
const STREAM_CHUNK_SIZE = 256

/** Applies the connection settings and returns the journal mode SQLite actually chose. */
const configure = (db: DatabaseSync, config: SqliteClientConfig): string => {
  const busyTimeout = Math.round(Duration.toMillis(config.busyTimeout ?? DEFAULT_BUSY_TIMEOUT))
  // First, so that switching to WAL (which needs a brief exclusive lock) waits for other processes.
  db.exec(`PRAGMA busy_timeout = ${busyTimeout}`)
  // In-memory databases answer "memory": they have no file for a WAL to sit next to.
  const row = db.prepare("PRAGMA journal_mode = WAL").get()
  // WAL makes NORMAL durable against corruption; only the last commits can be lost on power failure.
  db.exec("PRAGMA synchronous = NORMAL")
  db.exec("PRAGMA foreign_keys = ON")
  return String(row?.journal_mode)
}

type TransformRows = <A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>

/** The rows of a statement as records. */
const rowsOf = (statement: StatementSync, params: ReadonlyArray<unknown>) => {
  statement.setReturnArrays(false)
  return statement.all(...bind(params))
}

/** The rows of a statement as arrays of values. */
const valuesOf = (statement: StatementSync, params: ReadonlyArray<unknown>) => {
  // Cached statements are shared by `execute` and `executeValues`, so the mode is set on every run.
  statement.setReturnArrays(true)
  // @types/node types `all()` as records whatever the mode; with return arrays on, rows are arrays.
  return statement.all(...bind(params)) as unknown as ReadonlyArray<ReadonlyArray<unknown>>
}

const makeConnection = (
  db: DatabaseSync,
  cached: (sql: string) => StatementSync,
): SqlConnection.Connection => {
  const rows = (statement: StatementSync, params: ReadonlyArray<unknown>, transformRows?: TransformRows) => {
    const result = rowsOf(statement, params)
    return transformRows ? transformRows(result) : result
  }
  return {
    execute: (sql, params, transformRows) =>
      attempt("execute", () => rows(cached(sql), params, transformRows)),
    executeUnprepared: (sql, params, transformRows) =>
      attempt("executeUnprepared", () => rows(prepare(db, sql), params, transformRows)),
    executeRaw: (sql, params) => attempt("executeRaw", () => cached(sql).run(...bind(params))),
    executeValues: (sql, params) => attempt("executeValues", () => valuesOf(cached(sql), params)),
    executeValuesUnprepared: (sql, params) =>
      attempt("executeValuesUnprepared", () => valuesOf(prepare(db, sql), params)),
    executeStream: (sql, params, transformRows) =>
      Stream.unwrap(
        Effect.map(
          Effect.acquireRelease(
            // A statement of its own: re-running a cached one (say, the same query inside the
            // consumer's transaction) would reset it under the iterator.
            attempt("executeStream", () => prepare(db, sql).iterate(...bind(params))),
            (iterator) => Effect.sync(() => iterator.return?.()),
          ),
          (iterator) => Stream.fromPull(Effect.succeed(nextChunk(iterator, transformRows))),
        ),
      ),
  }
}

const nextChunk = (
  iterator: Iterator<Record<string, unknown>>,
  transformRows: TransformRows | undefined,
): Effect.Effect<Arr.NonEmptyReadonlyArray<Record<string, unknown>>, SqlError.SqlError | Cause.Done> =>
  Effect.flatMap(
    attempt("executeStream", () => {
      const chunk: Array<Record<string, unknown>> = []
      for (let next = iterator.next(); !next.done; next = iterator.next()) {
        chunk.push(next.value)
        if (chunk.length === STREAM_CHUNK_SIZE) break
      }
      return transformRows ? transformRows(chunk) : chunk
    }),
    (chunk) => (Arr.isReadonlyArrayNonEmpty(chunk) ? Effect.succeed(chunk) : Cause.done()),
  )

/**
 * A bounded LRU of prepared statements keyed by SQL text: the API runs the same few queries all the
 * time, and preparing is the expensive part of a small query.
 */
const makeStatementCache = (db: DatabaseSync, capacity: number) => {
  // A Map iterates in insertion order, so re-inserting on use keeps the least recently used first.
  const statements = new Map<string, StatementSync>()
  return (sql: string): StatementSync => {
    const hit = statements.get(sql)
    if (hit !== undefined) {
      statements.delete(sql)
      statements.set(sql, hit)
      return hit
    }
    const statement = prepare(db, sql)
    statements.set(sql, statement)
    for (const oldest of statements.keys()) {
      if (statements.size <= capacity) break
      statements.delete(oldest)
    }
    return statement
  }
}

/**
 * Prepares one statement. node:sqlite compiles only the first statement of a string and ignores the
 * rest, so a two-statement migration would half-apply without a word; anything after the first
 * statement other than comments and semicolons fails instead.
 */
const prepare = (db: DatabaseSync, sql: string): StatementSync => {
  const statement = db.prepare(sql)
  const rest = sql.slice(statement.sourceSQL.length).replace(/--[^\n]*|\/\*[\s\S]*?(?:\*\/|$)|[\s;]/g, "")
  if (rest.length > 0) {
    throw new SqlError.SqlError({
      reason: new SqlError.SqlSyntaxError({
        cause: sql,
        message: "SqliteClient runs one statement per query; split the SQL into separate queries",
        operation: "prepare",
      }),
    })
  }
  return statement
}

/**
 * node:sqlite binds numbers, bigints, strings, null and byte arrays. It rejects `undefined` and binds a
 * `Date` as NULL without complaint, so both are converted here, and booleans become 0/1 explicitly
 * rather than through whatever coercion the Node release applies. Anything else is passed on for
 * node:sqlite to reject, which surfaces as a `SqlError`.
 */
const bind = (params: ReadonlyArray<unknown>): Array<SQLInputValue> =>
  params.map((value) => {
    if (value === undefined) return null
    if (typeof value === "boolean") return value ? 1 : 0
    if (value instanceof Date) return value.toISOString()
    return value as SQLInputValue
  })

const attempt = <A>(operation: string, run: () => A): Effect.Effect<A, SqlError.SqlError> =>
  Effect.try({
    try: run,
    catch: (cause) =>
      SqlError.isSqlError(cause) ? cause : new SqlError.SqlError({ reason: classify(cause, operation) }),
  })

/** Whatever stops the database from opening means there is no connection, whatever SQLite called it. */
const asConnectionError = (error: SqlError.SqlError): SqlError.SqlError =>
  new SqlError.SqlError({
    reason: new SqlError.ConnectionError({
      cause: error.reason.cause,
      message: error.reason.message,
      operation: "open",
    }),
  })

const closedError = new SqlError.SqlError({
  reason: new SqlError.ConnectionError({
    cause: "closed",
    message: "The SQLite database is closed: its scope has ended",
    operation: "acquire",
  }),
})

// SQLite result codes (https://sqlite.org/rescode.html). Extended codes carry the primary one in the low byte.
const SQLITE_ERROR = 1
const SQLITE_PERM = 3
const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6
const SQLITE_CANTOPEN = 14
const SQLITE_CONSTRAINT = 19
const SQLITE_AUTH = 23
const SQLITE_NOTADB = 26
const SQLITE_CONSTRAINT_PRIMARYKEY = 1555
const SQLITE_CONSTRAINT_UNIQUE = 2067

/**
 * Maps a node:sqlite error to a `SqlError` reason. effect/sql's own `classifySqliteError` reads `code`
 * and `errno`, but node:sqlite puts "ERR_SQLITE_ERROR" in `code` and the SQLite code in `errcode`.
 */
const classify = (cause: unknown, operation: string): SqlError.SqlErrorReason => {
  const message = cause instanceof Error ? cause.message : String(cause)
  const props = { cause, message, operation }
  const errcode = Predicate.hasProperty(cause, "errcode") ? cause.errcode : undefined
  if (typeof errcode !== "number") {
    // Thrown by Node itself, not SQLite: a value it cannot bind, an integer beyond 2^53.
    return new SqlError.UnknownError(props)
  }
  // A duplicate primary key is the same conflict as a duplicate unique column: both are a 409.
  if (errcode === SQLITE_CONSTRAINT_UNIQUE || errcode === SQLITE_CONSTRAINT_PRIMARYKEY) {
    return new SqlError.UniqueViolation({ ...props, constraint: uniqueConstraint(message) })
  }
  switch (errcode & 0xff) {
    case SQLITE_CONSTRAINT:
      return new SqlError.ConstraintError(props)
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return new SqlError.LockTimeoutError(props)
    case SQLITE_PERM:
    case SQLITE_AUTH:
      return new SqlError.AuthorizationError(props)
    case SQLITE_CANTOPEN:
    case SQLITE_NOTADB:
      return new SqlError.ConnectionError(props)
    case SQLITE_ERROR:
      // SQLITE_ERROR also covers "no such table" and the like; only a parse failure is a syntax error.
      return /syntax error|incomplete input|unrecognized token/.test(message)
        ? new SqlError.SqlSyntaxError(props)
        : new SqlError.UnknownError(props)
    default:
      return new SqlError.UnknownError(props)
  }
}

/** SQLite names the columns, not the index: "UNIQUE constraint failed: report.channel_id, report.slug". */
const uniqueConstraint = (message: string): string => {
  const columns = /constraint failed: (.+)$/.exec(message)?.[1]?.trim()
  return columns === undefined || columns === "" ? "unknown" : columns
}
