import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync, type StatementResultingChanges } from "node:sqlite"
import { Worker } from "node:worker_threads"
import { describe, expect, it, layer, vi } from "@effect/vitest"
import { Deferred, Effect, Exit, Fiber, Predicate, Scope, Stream } from "effect"
import { Reactivity } from "effect/reactivity"
import { SqlClient, type SqlError, Statement } from "effect/sql"
import type { MockInstance } from "vitest"
import * as SqliteClient from "../../src/store/sql/sqlite/SqliteClient.ts"
import { recordingTracer } from "../support/RecordingTracer.ts"

/** A database file in a fresh temporary directory, removed with the test's scope. */
const tempDatabaseFile = Effect.acquireRelease(
  Effect.sync(() => mkdtempSync(join(tmpdir(), "fieldreport-sqlite-"))),
  (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
).pipe(Effect.map((dir) => join(dir, "fieldreport.db")))

/** Records the calls of a prototype's method (`prepare` of every node:sqlite database, say) until the test's scope closes. */
const spying = <T extends object, K extends keyof T & string>(prototype: T, method: K) =>
  Effect.acquireRelease(
    Effect.sync((): MockInstance => vi.spyOn(prototype, method as never)),
    (spy) => Effect.sync(() => spy.mockRestore()),
  )

/** Counts `prepare` calls on every node:sqlite database, until the test's scope closes. */
const countPrepares = spying(DatabaseSync.prototype, "prepare")

/** The reason an effect failed with, failing the test if it succeeded. */
const reasonOf = <A, R>(effect: Effect.Effect<A, SqlError.SqlError, R>) =>
  Effect.map(Effect.flip(effect), (error) => error.reason)

layer(SqliteClient.layer({ filename: ":memory:" }))("SqliteClient in memory", (it) => {
  it.effect("binds every parameter type and reads it back", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE bound (n REAL, i INTEGER, big INTEGER, s TEXT, empty TEXT, missing TEXT, bytes BLOB, buffer BLOB, yes INTEGER, no INTEGER, at TEXT)`
      yield* sql`INSERT INTO bound VALUES (${1.5}, ${2 ** 53 - 1}, ${123456789012345n}, ${"café"}, ${null}, ${undefined}, ${new Uint8Array([1, 2, 3])}, ${Buffer.from("hi")}, ${true}, ${false}, ${new Date(Date.UTC(2024, 0, 2))})`

      const rows = yield* sql`SELECT * FROM bound`
      expect(rows).toEqual([
        {
          n: 1.5,
          i: 2 ** 53 - 1,
          big: 123456789012345,
          s: "café",
          empty: null,
          missing: null,
          bytes: new Uint8Array([1, 2, 3]),
          buffer: new Uint8Array([104, 105]),
          yes: 1,
          no: 0,
          at: "2024-01-02T00:00:00.000Z",
        },
      ])
    }),
  )

  it.effect("rowsApart and numbersApart read an in-memory database on its own connection", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const sqlite = yield* SqliteClient.SqliteClient
      yield* sql`CREATE TABLE counted (n INTEGER NOT NULL)`
      yield* sql`INSERT INTO counted VALUES (3), (1), (2)`
      expect(Array.from(yield* sqlite.numbersApart(sql`SELECT n FROM counted ORDER BY n`))).toEqual([1, 2, 3])
      expect(yield* sqlite.rowsApart(sql`SELECT MAX(n) AS most FROM counted`)).toEqual([{ most: 3 }])
    }),
  )

  it.effect("fails rather than rounds an integer beyond 2^53", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const reason = yield* reasonOf(sql`SELECT 9007199254740993 AS too_big`)
      expect(reason._tag).toBe("UnknownError")
      expect(reason.message).toMatch(/too large/)
    }),
  )

  it.effect("sql.in, sql.insert and sql.update compile to valid SQLite", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE channel (id INTEGER PRIMARY KEY, name TEXT NOT NULL, public INTEGER NOT NULL)`
      yield* sql`INSERT INTO channel ${sql.insert([
        { id: 1, name: "floods", public: true },
        { id: 2, name: "roads", public: false },
        { id: 3, name: "fires", public: true },
      ])}`
      const inserted =
        yield* sql`INSERT INTO channel ${sql.insert({ id: 4, name: "storms", public: true }).returning("*")}`
      expect(inserted).toEqual([{ id: 4, name: "storms", public: 1 }])

      yield* sql`UPDATE channel SET ${sql.update({ id: 2, name: "bridges", public: true }, ["id"])} WHERE id = ${2}`

      const picked = yield* sql`SELECT name FROM channel WHERE ${sql.in("id", [2, 3])} ORDER BY id`
      expect(picked).toEqual([{ name: "bridges" }, { name: "fires" }])
      const none = yield* sql`SELECT name FROM channel WHERE id IN ${sql.in([])}`
      expect(none).toEqual([])
    }),
  )

  it.effect("raw returns the changes and the last inserted rowid", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE raw_report (id INTEGER PRIMARY KEY, title TEXT)`
      yield* sql`INSERT INTO raw_report (title) VALUES ('a'), ('b')`
      const inserted = (yield* sql`INSERT INTO raw_report (title) VALUES (${"c"})`
        .raw) as StatementResultingChanges
      expect(inserted).toEqual({ changes: 1, lastInsertRowid: 3 })
      const updated = (yield* sql`UPDATE raw_report SET title = 'x'`.raw) as StatementResultingChanges
      expect(updated.changes).toBe(3)
    }),
  )

  it.effect("values returns arrays, and the same query still returns records afterwards", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE valued (a INTEGER, b TEXT)`
      yield* sql`INSERT INTO valued VALUES (1, 'one'), (2, 'two')`
      const query = () => sql`SELECT a, b FROM valued ORDER BY a`
      expect(yield* query().values).toEqual([
        [1, "one"],
        [2, "two"],
      ])
      expect(yield* query()).toEqual([
        { a: 1, b: "one" },
        { a: 2, b: "two" },
      ])
      expect(yield* query().unprepared).toEqual([
        { a: 1, b: "one" },
        { a: 2, b: "two" },
      ])
    }),
  )

  it.effect("streams rows in order across chunks, and frees the connection when stopped early", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE streamed (n INTEGER)`
      yield* sql`WITH RECURSIVE seq(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM seq WHERE n < 1000) INSERT INTO streamed SELECT n FROM seq`

      const all = yield* Stream.runCollect(sql<{ n: number }>`SELECT n FROM streamed ORDER BY n`.stream)
      expect(all.map((row) => row.n)).toEqual(Array.from({ length: 1000 }, (_, i) => i + 1))

      const firstThree = yield* Stream.runCollect(
        sql<{ n: number }>`SELECT n FROM streamed WHERE n > ${500} ORDER BY n`.stream.pipe(Stream.take(3)),
      )
      expect(firstThree.map((row) => row.n)).toEqual([501, 502, 503])
      // Would wait forever if the abandoned stream still held the connection.
      expect(yield* sql`SELECT count(*) AS count FROM streamed`).toEqual([{ count: 1000 }])
      // Would fail with "database table is locked" if the abandoned stream's statement were still running.
      yield* sql`DROP TABLE streamed`
    }),
  )

  it.effect("inside a transaction, a stream's rows can be written back while it is consumed", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE source (n INTEGER)`
      yield* sql`CREATE TABLE copy (n INTEGER)`
      yield* sql`INSERT INTO source VALUES (1), (2), (3)`
      yield* sql.withTransaction(
        Stream.runForEach(
          sql<{ n: number }>`SELECT n FROM source ORDER BY n`.stream,
          (row) => sql`INSERT INTO copy VALUES (${row.n * 10})`,
        ),
      )
      expect(yield* sql`SELECT n FROM copy ORDER BY n`).toEqual([{ n: 10 }, { n: 20 }, { n: 30 }])
    }),
  )

  it.effect("withTransaction commits on success", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE committed (id INTEGER PRIMARY KEY)`
      yield* sql.withTransaction(
        Effect.all([sql`INSERT INTO committed VALUES (1)`, sql`INSERT INTO committed VALUES (2)`]),
      )
      expect(yield* sql`SELECT id FROM committed ORDER BY id`).toEqual([{ id: 1 }, { id: 2 }])
    }),
  )

  it.effect("an error inside withTransaction leaves nothing written", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE rolled_back (id INTEGER PRIMARY KEY)`
      const exit = yield* Effect.exit(
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`INSERT INTO rolled_back VALUES (1)`
            return yield* Effect.fail("validation failed")
          }),
        ),
      )
      expect(exit).toEqual(Exit.fail("validation failed"))
      expect(yield* sql`SELECT id FROM rolled_back`).toEqual([])
    }),
  )

  it.effect("a failed nested transaction rolls back to its savepoint only", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE nested (id INTEGER PRIMARY KEY)`
      yield* sql.withTransaction(
        Effect.gen(function* () {
          yield* sql`INSERT INTO nested VALUES (1)`
          yield* sql
            .withTransaction(Effect.andThen(sql`INSERT INTO nested VALUES (2)`, Effect.fail("inner failed")))
            .pipe(Effect.ignore)
          yield* sql.withTransaction(sql`INSERT INTO nested VALUES (3)`)
        }),
      )
      expect(yield* sql`SELECT id FROM nested ORDER BY id`).toEqual([{ id: 1 }, { id: 3 }])
    }),
  )

  it.effect("concurrent transactions on the one connection are serialised", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE counter (value INTEGER NOT NULL)`
      yield* sql`INSERT INTO counter VALUES (0)`
      // Read, yield to the other fibers, then write: interleaved, the increments would be lost or
      // BEGIN would fail inside another fiber's transaction.
      const increment = sql.withTransaction(
        Effect.gen(function* () {
          const [row] = yield* sql<{ value: number }>`SELECT value FROM counter`
          yield* Effect.yieldNow
          yield* sql`UPDATE counter SET value = ${(row?.value ?? 0) + 1}`
        }),
      )
      const read = sql`SELECT value FROM counter`
      yield* Effect.all(
        [...Array.from({ length: 25 }, () => increment), ...Array.from({ length: 25 }, () => read)],
        {
          concurrency: "unbounded",
        },
      )
      expect(yield* sql`SELECT value FROM counter`).toEqual([{ value: 25 }])
    }),
  )

  it.effect("a statement of a fiber outside a transaction waits for another fiber's transaction to end", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE awaited (id INTEGER PRIMARY KEY)`
      const inserted = yield* Deferred.make<void>()
      const finish = yield* Deferred.make<void>()
      const transaction = yield* Effect.forkChild(
        sql.withTransaction(
          Effect.gen(function* () {
            yield* sql`INSERT INTO awaited VALUES (${1})`
            yield* Deferred.succeed(inserted, undefined)
            yield* Deferred.await(finish)
            yield* sql`INSERT INTO awaited VALUES (${2})`
          }),
        ),
      )
      yield* Deferred.await(inserted)
      // Run at once, the read would see the open transaction's first row and commit nothing.
      const read = yield* Effect.forkChild(sql<{ id: number }>`SELECT id FROM awaited ORDER BY id`)
      yield* Effect.yieldNow
      expect(read.pollUnsafe()).toBeUndefined()
      yield* Deferred.succeed(finish, undefined)
      yield* Fiber.join(transaction)
      expect(yield* Fiber.join(read)).toEqual([{ id: 1 }, { id: 2 }])
    }),
  )

  it.effect(
    "a statement of plain values and given literals is compiled once per call site, others per call",
    () =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const compile = yield* spying(
          Object.getPrototypeOf(Statement.makeCompilerSqlite()) as Statement.Compiler,
          "compile",
        )
        const columns = sql.literal("1 AS one")
        const plain = (id: number) => sql<{ id: number }>`SELECT ${id} AS id, ${columns}, ${"x"} AS name`
        const fragment = (ids: ReadonlyArray<number>) =>
          sql<{ id: number }>`SELECT 1 AS id WHERE 1 IN ${sql.in(ids)}`
        const literalOrValue = (value: number | Statement.Fragment) => sql`SELECT ${value} AS picked`
        for (const id of [1, 2, 3]) expect(yield* plain(id)).toEqual([{ id, one: 1, name: "x" }])
        expect(plain(4).compile()).toEqual(["SELECT ? AS id, 1 AS one, ? AS name", [4, "x"]])
        expect(compile).toHaveBeenCalledTimes(1)
        for (const ids of [[1], [1, 2]]) expect(yield* fragment(ids)).toEqual([{ id: 1 }])
        expect(compile).toHaveBeenCalledTimes(3)
        // The call site's first literal is its SQL's: another literal, or a value in its place, is compiled apart.
        expect(yield* literalOrValue(sql.literal("2"))).toEqual([{ picked: 2 }])
        expect(yield* literalOrValue(sql.literal("3"))).toEqual([{ picked: 3 }])
        expect(yield* literalOrValue(4)).toEqual([{ picked: 4 }])
      }),
  )

  it.effect("with a tracer, every statement is a span named after the engine, holding its SQL", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const { spans, tracer } = recordingTracer()
      yield* sql`CREATE TABLE traced (id INTEGER PRIMARY KEY)`
      yield* Effect.withTracer(
        Effect.all([sql`INSERT INTO traced VALUES (${1})`.raw, sql`SELECT id FROM traced WHERE id = ${1}`]),
        tracer,
      )
      expect(spans.map((span) => [span.name, span.attributes.get("db.query.text")])).toEqual([
        ["sqlite", "INSERT INTO traced VALUES (?)"],
        ["sqlite", "SELECT id FROM traced WHERE id = ?"],
      ])
    }),
  )

  it.effect("a duplicate unique column or primary key is a UniqueViolation naming the columns", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE area (id INTEGER PRIMARY KEY, channel_id INTEGER NOT NULL, slug TEXT NOT NULL, UNIQUE (channel_id, slug))`
      yield* sql`INSERT INTO area VALUES (1, 7, 'harbour')`

      const unique = yield* reasonOf(sql`INSERT INTO area VALUES (2, 7, 'harbour')`)
      expect(unique).toMatchObject({ _tag: "UniqueViolation", constraint: "area.channel_id, area.slug" })
      const primaryKey = yield* reasonOf(sql`INSERT INTO area VALUES (1, 8, 'docks')`)
      expect(primaryKey).toMatchObject({ _tag: "UniqueViolation", constraint: "area.id" })
    }),
  )

  it.effect("other constraint failures are ConstraintErrors, and foreign keys are enforced", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE parent (id INTEGER PRIMARY KEY)`
      yield* sql`CREATE TABLE child (id INTEGER PRIMARY KEY, parent_id INTEGER NOT NULL REFERENCES parent (id), CHECK (id > 0))`
      yield* sql`INSERT INTO parent VALUES (1)`

      const foreignKey = yield* reasonOf(sql`INSERT INTO child VALUES (1, 99)`)
      const notNull = yield* reasonOf(sql`INSERT INTO child VALUES (1, NULL)`)
      const check = yield* reasonOf(sql`INSERT INTO child VALUES (-1, 1)`)
      expect([foreignKey._tag, notNull._tag, check._tag]).toEqual([
        "ConstraintError",
        "ConstraintError",
        "ConstraintError",
      ])
      expect(foreignKey.message).toMatch(/FOREIGN KEY/)
    }),
  )

  it.effect("malformed SQL, and more than one statement in a query, are SqlSyntaxErrors", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      expect((yield* reasonOf(sql`SELEC 1`))._tag).toBe("SqlSyntaxError")
      expect((yield* reasonOf(sql`SELECT 1 +`))._tag).toBe("SqlSyntaxError")
      expect(
        (yield* reasonOf(sql`CREATE TABLE half (id INTEGER); CREATE TABLE other (id INTEGER)`))._tag,
      ).toBe("SqlSyntaxError")
      expect(yield* sql`SELECT name FROM sqlite_master WHERE name = 'half'`).toEqual([])
      // A trailing semicolon or comment is not a second statement.
      expect(yield* sql`SELECT 1 AS one; -- the only statement`).toEqual([{ one: 1 }])
      expect((yield* reasonOf(sql`SELECT * FROM no_such_table`))._tag).toBe("UnknownError")
    }),
  )

  it.effect("the R*Tree module finds boxes that intersect a query box", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE VIRTUAL TABLE area_box USING rtree(id, minX, maxX, minY, maxY)`
      yield* sql`INSERT INTO area_box VALUES (1, 0, 10, 0, 10), (2, 20, 30, 20, 30), (3, 5, 25, 5, 25)`
      const hits =
        yield* sql`SELECT id FROM area_box WHERE maxX >= ${8} AND minX <= ${12} AND maxY >= ${8} AND minY <= ${12} ORDER BY id`
      expect(hits).toEqual([{ id: 1 }, { id: 3 }])
    }),
  )
})

describe("SqliteClient", () => {
  it.effect("renames columns both ways with the name transforms", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      yield* sql`CREATE TABLE report (report_id INTEGER PRIMARY KEY, channel_name TEXT)`
      yield* sql`INSERT INTO report ${sql.insert({ reportId: 1, channelName: "floods" })}`
      yield* sql`UPDATE report SET ${sql.update({ channelName: "roads" })} WHERE ${sql("reportId")} = ${1}`
      expect(yield* sql`SELECT * FROM report`).toEqual([{ reportId: 1, channelName: "roads" }])
      expect(yield* sql`SELECT * FROM report`.withoutTransform).toEqual([
        { report_id: 1, channel_name: "roads" },
      ])
    }).pipe(
      Effect.provide(
        SqliteClient.layer({
          filename: ":memory:",
          transformQueryNames: (name) => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
          transformResultNames: (name) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
        }),
      ),
    ),
  )

  it.effect(
    "rowsApart and numbersApart read a file database in a worker thread: committed rows, and errors",
    () =>
      Effect.gen(function* () {
        const filename = yield* tempDatabaseFile
        const prepares = yield* countPrepares
        const { numbers, rows, reason } = yield* Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const sqlite = yield* SqliteClient.SqliteClient
          yield* sql`CREATE TABLE report (id INTEGER PRIMARY KEY, channel INTEGER NOT NULL)`
          yield* sql`INSERT INTO report (id, channel) VALUES (1, 7), (2, 8), (3, 7), (4, 7)`
          const numbers = yield* sqlite.numbersApart(
            sql`SELECT id FROM report WHERE channel = ${7} AND id IN ${sql.in([1, 3, 4])} ORDER BY id DESC`,
          )
          const rows = yield* sqlite.rowsApart(
            sql`SELECT channel, COUNT(*) AS reports FROM report WHERE id > ${1} GROUP BY channel ORDER BY channel`,
          )
          const reason = (yield* Effect.flip(sqlite.numbersApart(sql`SELECT id FROM report WHERE`))).reason
          return { numbers, rows, reason }
        }).pipe(Effect.provide(SqliteClient.layer({ filename })))
        expect(Array.from(numbers)).toEqual([4, 3, 1])
        expect(rows).toEqual([
          { channel: 7, reports: 2 },
          { channel: 8, reports: 1 },
        ])
        expect(reason._tag).toBe("SqlSyntaxError")
        expect(reason.message).toMatch(/incomplete input/)
        // None of the queries was prepared on this thread's connection.
        const onThisThread = prepares.mock.calls.map(([text]) => String(text))
        expect(onThisThread.filter((text) => /FROM report WHERE|GROUP BY channel/.test(text))).toEqual([])
      }),
  )

  it.effect(
    "a checkpoint worker that stopped leaves checkpoints to the writers' connection, and the database still closes",
    () =>
      Effect.gen(function* () {
        const filename = yield* tempDatabaseFile
        const unrefs = yield* spying(Worker.prototype, "unref")
        const automatic = yield* Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          // The checkpoint worker is the only one started with the database (reads start theirs later).
          const [checkpointer] = unrefs.mock.contexts
          yield* Effect.promise(() => (checkpointer as Worker).terminate())
          const [row] = yield* sql`PRAGMA wal_autocheckpoint`
          return row
        }).pipe(Effect.provide(SqliteClient.layer({ filename })))
        expect(automatic).toEqual({ wal_autocheckpoint: 1000 })
      }),
  )

  it.effect("a read worker that stopped is replaced at the next read", () =>
    Effect.gen(function* () {
      const filename = yield* tempDatabaseFile
      const posts = yield* spying(Worker.prototype, "postMessage")
      const readers = () =>
        new Set(
          posts.mock.contexts.filter((_, i) => Predicate.hasProperty(posts.mock.calls[i]?.[0], "answer")),
        )
      const { first, second, workers } = yield* Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const sqlite = yield* SqliteClient.SqliteClient
        yield* sql`CREATE TABLE report (id INTEGER PRIMARY KEY)`
        yield* sql`INSERT INTO report (id) VALUES (1), (2)`
        const first = yield* sqlite.numbersApart(sql`SELECT id FROM report ORDER BY id`)
        const [reader] = readers()
        yield* Effect.promise(() => (reader as Worker).terminate())
        const second = yield* sqlite.numbersApart(sql`SELECT id FROM report ORDER BY id DESC`)
        return { first, second, workers: readers().size }
      }).pipe(Effect.provide(SqliteClient.layer({ filename })))
      expect([Array.from(first), Array.from(second), workers]).toEqual([[1, 2], [2, 1], 2])
    }),
  )

  it.effect("a file database runs in WAL mode with foreign keys, busy timeout and NORMAL sync", () =>
    Effect.gen(function* () {
      const filename = yield* tempDatabaseFile
      const settings = yield* Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const [journal] = yield* sql`PRAGMA journal_mode`
        const [foreignKeys] = yield* sql`PRAGMA foreign_keys`
        const [busyTimeout] = yield* sql`PRAGMA busy_timeout`
        const [synchronous] = yield* sql`PRAGMA synchronous`
        return { ...journal, ...foreignKeys, ...busyTimeout, ...synchronous }
      }).pipe(Effect.provide(SqliteClient.layer({ filename, busyTimeout: "2 seconds" })))
      // synchronous = 1 is NORMAL.
      expect(settings).toEqual({ journal_mode: "wal", foreign_keys: 1, timeout: 2000, synchronous: 1 })
    }),
  )

  it.live(
    "a worker thread checkpoints the write-ahead log of a file database, not the writers' connection",
    () =>
      Effect.gen(function* () {
        const filename = yield* tempDatabaseFile
        const walSizes = yield* Effect.gen(function* () {
          const sql = yield* SqlClient.SqlClient
          const [automatic] = yield* sql`PRAGMA wal_autocheckpoint`
          // The writers' connection checkpoints by itself only past 10,000 pages.
          expect(automatic).toEqual({ wal_autocheckpoint: 10_000 })
          yield* sql`CREATE TABLE page (body TEXT NOT NULL)`
          const sizes: Array<number> = []
          // Twenty transactions of about 400 KB, with time for the worker between them: 8 MB in all.
          for (let i = 0; i < 20; i++) {
            yield* sql.withTransaction(
              Effect.forEach(
                Array.from({ length: 100 }),
                () => sql`INSERT INTO page VALUES (${"x".repeat(4000)})`,
              ),
            )
            sizes.push(statSync(`${filename}-wal`).size)
            yield* Effect.sleep("60 millis")
          }
          expect(yield* sql`SELECT count(*) AS pages FROM page`).toEqual([{ pages: 2000 }])
          return sizes
        }).pipe(Effect.provide(SqliteClient.layer({ filename, checkpointInterval: "20 millis" })))
        // A transaction starts the log again from its beginning once the worker copied it all: the log
        // never holds more than a few transactions (on a quiet machine, one), while the writers'
        // connection alone would have let it grow to the whole 8 MB.
        expect(Math.max(...walSizes)).toBeLessThan(4_000_000)
      }),
  )

  it.live("under writes without a pause, the log still starts again once it holds 10,000 pages", () =>
    Effect.gen(function* () {
      const filename = yield* tempDatabaseFile
      const wal = `${filename}-wal`
      /** The log's salts (header bytes 16 to 24): SQLite draws new ones each time the log starts again. */
      const salts = () => readFileSync(wal).subarray(16, 24).toString("hex")
      const written = yield* Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`CREATE TABLE page (body TEXT NOT NULL)`
        const first = salts()
        // Transactions of 100 pages, one after the other, until the log starts again: on a quiet
        // machine soon after its 10,000th page (about 100 transactions); a busy one may take
        // longer to let the writers' connection checkpoint. At most 400 (160 MB), then as many again.
        const transaction = sql.withTransaction(
          Effect.forEach(
            Array.from({ length: 100 }),
            () => sql`INSERT INTO page VALUES (${"x".repeat(4000)})`,
          ),
        )
        let transactions = 0
        while (transactions < 400 && salts() === first) {
          yield* transaction
          transactions++
        }
        const restarted = salts() !== first
        // As many again: the log takes them from its beginning, however soon it started again.
        if (restarted) yield* Effect.repeat(transaction, { times: transactions - 1 })
        // Read while the database is open: closing it checkpoints and removes the log.
        return { restarted, transactions: 2 * transactions, walSize: statSync(wal).size }
      }).pipe(Effect.provide(SqliteClient.layer({ filename, checkpointInterval: "20 millis" })))
      // It started again while the writes went on, and the file keeps the largest size it reached:
      // about half of all that was written.
      expect(written.restarted).toBe(true)
      expect(written.walSize).toBeLessThan(written.transactions * 100 * 4096)
    }),
  )

  it.effect("a transaction takes the write lock at BEGIN: another process's lock is a LockTimeoutError", () =>
    Effect.gen(function* () {
      const filename = yield* tempDatabaseFile
      const sql = yield* SqliteClient.make({ filename, busyTimeout: "50 millis" }).pipe(
        Effect.provide(Reactivity.layer),
      )
      yield* sql`CREATE TABLE area (id INTEGER PRIMARY KEY)`
      const otherProcess = yield* Effect.acquireRelease(
        Effect.sync(() => new DatabaseSync(filename)),
        (db) => Effect.sync(() => db.close()),
      )
      otherProcess.exec("BEGIN IMMEDIATE")

      // Reads alone never need the write lock under a deferred BEGIN; IMMEDIATE asks for it up front.
      const reason = yield* reasonOf(sql.withTransaction(sql`SELECT count(*) FROM area`))
      expect(reason._tag).toBe("LockTimeoutError")

      otherProcess.exec("COMMIT")
      expect(yield* sql.withTransaction(sql`SELECT count(*) AS areas FROM area`)).toEqual([{ areas: 0 }])
    }),
  )

  it.effect("the database closes when its scope ends", () =>
    Effect.gen(function* () {
      const filename = yield* tempDatabaseFile
      const scope = yield* Scope.make()
      const sql = yield* SqliteClient.make({ filename }).pipe(
        Scope.provide(scope),
        Effect.provide(Reactivity.layer),
      )
      yield* sql`CREATE TABLE kept (id INTEGER)`
      yield* sql`INSERT INTO kept VALUES (1)`
      expect(existsSync(`${filename}-wal`)).toBe(true)

      yield* Scope.close(scope, Exit.void)
      // Closing the last connection checkpoints the WAL into the database and deletes it.
      expect(existsSync(`${filename}-wal`)).toBe(false)
      expect(yield* reasonOf(sql`SELECT * FROM kept`)).toMatchObject({ _tag: "ConnectionError" })

      const reopened = yield* SqliteClient.make({ filename }).pipe(Effect.provide(Reactivity.layer))
      expect(yield* reopened`SELECT id FROM kept`).toEqual([{ id: 1 }])
    }),
  )

  it.effect("a database that cannot be opened is a ConnectionError", () =>
    Effect.gen(function* () {
      const reason = yield* reasonOf(
        SqliteClient.make({ filename: join(tmpdir(), "fieldreport-missing-dir", "x", "db.sqlite") }).pipe(
          Effect.provide(Reactivity.layer),
        ),
      )
      expect(reason).toMatchObject({ _tag: "ConnectionError", operation: "open" })
    }),
  )

  it.effect("reuses a prepared statement for the same SQL and evicts the least recently used", () =>
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const prepare = yield* countPrepares
      const query = (n: 1 | 2 | 3) => sql.unsafe(`SELECT ${n} AS n`)
      const preparesFor = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        Effect.gen(function* () {
          const before = prepare.mock.calls.length
          yield* effect
          return prepare.mock.calls.length - before
        })

      expect(yield* preparesFor(Effect.all([query(1), query(1), query(2), query(1)]))).toBe(2)
      // The cache holds two: 3 evicts 2, the least recently used, and keeps 1.
      expect(yield* preparesFor(query(3))).toBe(1)
      expect(yield* preparesFor(query(1))).toBe(0)
      expect(yield* preparesFor(query(2))).toBe(1)
    }).pipe(Effect.provide(SqliteClient.layer({ filename: ":memory:", preparedStatementCacheSize: 2 }))),
  )
})
