/**
 * The SQLite client's statements, run directly. node:sqlite answers synchronously, so a statement
 * whose connection is free runs at once, in the step of the fiber that asks for it, without the
 * span, scope, semaphore and effects `effect/sql` wraps around each statement: these cost the API
 * far more than SQLite takes to run its small queries. The connection is free when no transaction
 * is open on it, or when the one open is the asking fiber's own; otherwise, and when a tracer is
 * configured (whose spans a statement must then make), the statement takes `effect/sql`'s way, which
 * waits for the connection.
 *
 * A statement whose interpolations are plain values (numbers, strings, null, booleans, dates,
 * bytes), or literal fragments (`sql.literal`) the call site is given each time, is compiled and
 * prepared once per call site: its SQL then depends only on the template's strings, which
 * JavaScript hands every call of a tagged template alike, and those fragments; the call site keeps
 * its SQL and prepared statement. Other statements (`sql.in`, `sql.and`, a literal made per call, …)
 * are compiled per call, as `effect/sql` compiles them, and prepared through the connection's cache.
 */
import { Context, Effectable, Exit, type Fiber } from "effect"
import { type SqlClient, type SqlError, Statement } from "effect/sql"

/** The connection as direct statements use it: synchronous, throwing node:sqlite's errors. */
export interface DirectConnection<Prepared> {
  /** Whether a statement of a fiber outside any transaction may run now: no transaction is open. */
  readonly free: () => boolean
  /** A statement prepared for good, kept by the call site it belongs to. */
  readonly prepare: (sql: string) => Prepared
  /** A statement from the connection's cache of prepared statements. */
  readonly cached: (sql: string) => Prepared
  /** The rows of a statement, as records. */
  readonly rows: (statement: Prepared, params: ReadonlyArray<unknown>) => ReadonlyArray<object>
  /** The rows of a statement, as arrays of values. */
  readonly values: (
    statement: Prepared,
    params: ReadonlyArray<unknown>,
  ) => ReadonlyArray<ReadonlyArray<unknown>>
  /** Runs a statement for its changes (`executeRaw`). */
  readonly run: (statement: Prepared, params: ReadonlyArray<unknown>) => unknown
  /** The `SqlError` of what running a statement threw. */
  readonly failure: (cause: unknown, operation: string) => SqlError.SqlError
}

/** The fields of an `effect/sql` statement this module reads or sets. */
interface StatementFields {
  readonly segments: ReadonlyArray<unknown>
  readonly compiler: Statement.Compiler
  readonly transformRows: (<A extends object>(rows: ReadonlyArray<A>) => ReadonlyArray<A>) | undefined
}

/** A statement built from a tagged template, run directly when it can be. */
interface DirectStatement extends StatementFields {
  readonly strings: TemplateStringsArray
  readonly args: ReadonlyArray<unknown>
  /** The values bound to the call site's SQL; undefined when the statement's SQL is its own. */
  readonly bound: ReadonlyArray<unknown> | undefined
  readonly compile: (withoutTransform?: boolean) => readonly [string, ReadonlyArray<unknown>]
}

type Operation = "execute" | "executeRaw" | "executeValues"

const isTemplate = (value: unknown): value is TemplateStringsArray => Array.isArray(value) && "raw" in value

const isPlain = (value: unknown): boolean =>
  value === null ||
  (typeof value !== "object" && typeof value !== "function") ||
  value instanceof Date ||
  value instanceof Uint8Array

/** A fragment of literal SQL only, with no values bound. */
const isLiteral = (value: unknown): boolean =>
  Statement.isFragment(value) &&
  value.segments.every(
    (segment) => segment._tag === "Literal" && (segment.params === undefined || segment.params.length === 0),
  )

/** The property under which an effect keeps how the fiber runs it. */
const evaluateKey = (() => {
  const marker = () => Exit.void
  const proto = Effectable.Prototype({ label: "probe", evaluate: marker }) as unknown as Record<
    string,
    unknown
  >
  const key = Object.keys(proto).find((name) => proto[name] === marker)
  if (key === undefined) throw new Error("effect keeps no evaluate function on its effects")
  return key
})()

/**
 * The client with its tagged template replaced by one whose statements run directly; everything
 * else (`withTransaction`, `sql.in`, `sql.unsafe`, …) is the client's.
 *
 * @example
 * ```ts
 * const sql = directStatements(client, { free: () => !db.isTransaction, rows, values, run, failure })
 * const rows = yield* sql`SELECT id FROM reports WHERE id = ${49}`
 * ```
 */
export const directStatements = <C extends SqlClient.SqlClient, Prepared>(
  client: C,
  connection: DirectConnection<Prepared>,
): C => {
  const probe = client`SELECT 1` as unknown as StatementFields & Record<string, unknown>
  const base = Object.getPrototypeOf(probe) as Record<string, unknown>
  const slowEvaluate = base[evaluateKey] as (this: unknown, fiber: Fiber.Fiber<unknown, unknown>) => unknown
  const getter = (name: string) => {
    const descriptor = Object.getOwnPropertyDescriptor(base, name)
    if (descriptor?.get === undefined) throw new Error(`effect/sql statements have no ${name}`)
    return descriptor.get
  }
  const slow = { executeRaw: getter("raw"), executeValues: getter("values") }

  /** Whether the fiber's statement may run now on the connection. */
  const runsNow = (fiber: Fiber.Fiber<unknown, unknown>): boolean => {
    if (fiber.cache.tracerEnabled && fiber.cache.tracer !== undefined) return false
    if (fiber.getRef(Statement.CurrentTransformer) !== undefined) return false
    return Context.getOrUndefined(fiber.context, client.transactionService) !== undefined || connection.free()
  }

  /**
   * The SQL of each call site whose statements it keeps, the literal fragments it was given (by
   * position among the interpolations), and its statement once prepared.
   */
  interface Site {
    readonly text: string
    readonly literals: ReadonlyArray<unknown>
    prepared?: Prepared
  }
  const sites = new WeakMap<TemplateStringsArray, Site>()
  const siteOf = (statement: DirectStatement): Site => {
    let site = sites.get(statement.strings)
    if (site === undefined) {
      const text = statement.compiler.compile(statement as never, false)[0]
      site = { text, literals: statement.args.map((arg) => (isPlain(arg) ? undefined : arg)) }
      sites.set(statement.strings, site)
    }
    return site
  }
  /** The values a call binds to its call site's SQL, or undefined when its SQL is its own. */
  const boundOf = (strings: TemplateStringsArray, args: ReadonlyArray<unknown>) => {
    const literals = sites.get(strings)?.literals
    let fragments = 0
    for (let i = 0; i < args.length; i++) {
      const arg = args[i]
      if (isPlain(arg)) {
        if (literals?.[i] !== undefined) return undefined
        continue
      }
      if (
        literals === undefined ? Object.getPrototypeOf(arg) === proto || !isLiteral(arg) : literals[i] !== arg
      )
        return undefined
      fragments++
    }
    return fragments === 0 ? args : args.filter(isPlain)
  }

  /** The statement prepared, with its parameters. */
  const prepared = (statement: DirectStatement): readonly [Prepared, ReadonlyArray<unknown>] => {
    if (statement.bound === undefined) {
      const [sql, params] = statement.compile()
      return [connection.cached(sql), params]
    }
    const site = siteOf(statement)
    site.prepared ??= connection.prepare(site.text)
    return [site.prepared, statement.bound]
  }

  const run = (statement: DirectStatement, operation: Operation) => {
    try {
      const [ready, params] = prepared(statement)
      switch (operation) {
        case "execute": {
          const rows = connection.rows(ready, params)
          return Exit.succeed(statement.transformRows === undefined ? rows : statement.transformRows(rows))
        }
        case "executeValues":
          return Exit.succeed(connection.values(ready, params))
        case "executeRaw":
          return Exit.succeed(connection.run(ready, params))
      }
    } catch (cause) {
      return Exit.fail(connection.failure(cause, operation))
    }
  }

  /** `statement.raw` and `statement.values`: effects that run the statement their way. */
  const operationProto = (operation: "executeRaw" | "executeValues") => {
    const proto = Object.create(Effectable.Prototype({ label: "Statement", evaluate: () => Exit.void }))
    proto[evaluateKey] = function (
      this: { statement: DirectStatement },
      fiber: Fiber.Fiber<unknown, unknown>,
    ) {
      return runsNow(fiber) ? run(this.statement, operation) : slow[operation].call(this.statement)
    }
    return proto as object
  }
  const rawProto = operationProto("executeRaw")
  const valuesProto = operationProto("executeValues")

  const proto = Object.create(base) as Record<string, unknown>
  for (const name of ["acquirer", "compiler", "spanAttributes", "transformRows", "borrower"])
    proto[name] = probe[name]
  Object.defineProperty(proto, "segments", {
    get(this: DirectStatement) {
      const { segments } = client(this.strings, ...this.args) as unknown as StatementFields
      Object.defineProperty(this, "segments", { value: segments })
      return segments
    },
  })
  proto.compile = function (this: DirectStatement, withoutTransform?: boolean) {
    if (this.bound === undefined) return this.compiler.compile(this as never, withoutTransform ?? false)
    return [siteOf(this).text, this.bound] as const
  }
  proto[evaluateKey] = function (this: DirectStatement, fiber: Fiber.Fiber<unknown, unknown>) {
    return runsNow(fiber) ? run(this, "execute") : slowEvaluate.call(this, fiber)
  }
  Object.defineProperty(proto, "raw", {
    get(this: DirectStatement) {
      return Object.assign(Object.create(rawProto), { statement: this })
    },
  })
  Object.defineProperty(proto, "values", {
    get(this: DirectStatement) {
      return Object.assign(Object.create(valuesProto), { statement: this })
    },
  })

  const sql = function sql(strings: unknown, ...args: Array<unknown>) {
    if (!isTemplate(strings))
      return (client as unknown as (...all: Array<unknown>) => unknown)(strings, ...args)
    const statement = Object.create(proto) as {
      strings: unknown
      args: unknown
      bound: ReadonlyArray<unknown> | undefined
    }
    statement.strings = strings
    statement.args = args
    statement.bound = boundOf(strings, args)
    return statement
  }
  Object.assign(sql, client)
  return Object.assign(sql, { safe: sql }) as unknown as C
}
