import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { assert, describe, it } from "@effect/vitest"
import { ConfigProvider, Context, DateTime, Deferred, Effect, Fiber, Layer, References, Schema } from "effect"
import { SqlClient } from "effect/sql"
import { TestClock } from "effect/testing"
import { AppConfig } from "../../src/Config.ts"
import { JobRunner, jobKind, type RunnerOptions } from "../../src/jobs/JobRunner.ts"
import { JobStore } from "../../src/store/JobStore.ts"
import * as Database from "../../src/store/sql/Database.ts"
import { freshDatabaseEnv, integrationEngine } from "../support/TestDatabase.ts"

const Echo = jobKind("test.echo", Schema.Struct({ text: Schema.String }))
const Tick = jobKind("test.tick", Schema.Struct({}))

/**
 * A fresh data directory (removed with the test's scope) and database of the engine under test, as
 * the configuration that names them.
 */
const freshDatabase = Effect.gen(function* () {
  const dir = yield* Effect.acquireRelease(
    Effect.sync(() => mkdtempSync(join(tmpdir(), "fieldreport-jobs-"))),
    (dir) => Effect.sync(() => rmSync(dir, { recursive: true, force: true })),
  )
  return { FIELDREPORT_DATA_DIR: dir, ...(yield* freshDatabaseEnv(integrationEngine)) }
})

/** A runner (no background workers unless asked) on `database`: one "process". */
const processOn = (database: Record<string, string>, options: Partial<RunnerOptions> = {}) =>
  JobRunner.layerWith({ workers: 0, ...options }).pipe(
    Layer.provideMerge(JobStore.layer),
    Layer.provideMerge(Database.layer),
    Layer.provide(AppConfig.layer),
    Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env: database }))),
    Layer.provide(Layer.succeed(References.MinimumLogLevel, "None")),
  )

/** Starts a process on `database` in the current scope and answers its runner and store. */
const start = (database: Record<string, string>, options: Partial<RunnerOptions> = {}) =>
  Effect.map(Layer.build(processOn(database, options)), (context) => ({
    runner: Context.get(context, JobRunner),
    store: Context.get(context, JobStore),
    sql: Context.get(context, SqlClient.SqlClient),
  }))

/** Handles `Echo` jobs by recording their text. */
const recordEchoes = (runner: JobRunner["Service"]) =>
  Effect.gen(function* () {
    const seen: Array<string> = []
    yield* runner.register(Echo, ({ text }) => Effect.sync(() => void seen.push(text)))
    return seen
  })

const at = (millis: number) => DateTime.makeUnsafe(millis)

describe("JobRunner", () => {
  it.effect("runs an enqueued job with its payload and records it done", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase)
      const seen = yield* recordEchoes(runner)
      const id = yield* runner.enqueue(Echo, { text: "hello" })
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, ["hello"])
      const job = yield* store.find(id)
      assert.strictEqual(job?.status, "done")
      assert.strictEqual(job?.attempts, 1)
      assert.strictEqual(job?.lease_until, null)
    }),
  )

  it.effect("enqueues inside the caller's transaction: a rollback takes the job with it", () =>
    Effect.gen(function* () {
      const { runner, sql } = yield* start(yield* freshDatabase)
      const seen = yield* recordEchoes(runner)
      yield* runner
        .enqueue(Echo, { text: "rolled back" })
        .pipe(Effect.andThen(Effect.fail("abort")), sql.withTransaction, Effect.ignore)
      yield* runner.enqueue(Echo, { text: "committed" }).pipe(sql.withTransaction)
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, ["committed"])
    }),
  )

  it.effect("runs a job only once it is due", () =>
    Effect.gen(function* () {
      const { runner } = yield* start(yield* freshDatabase)
      const seen = yield* recordEchoes(runner)
      yield* runner.enqueue(Echo, { text: "later" }, { runAt: at(60_000) })
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, [])
      yield* TestClock.adjust("1 minute")
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, ["later"])
    }),
  )

  it.effect("claims a job once: a second claim, by this process or another, finds nothing", () =>
    Effect.gen(function* () {
      const database = yield* freshDatabase
      const first = yield* start(database)
      const second = yield* start(database)
      yield* recordEchoes(first.runner)
      const id = yield* first.runner.enqueue(Echo, { text: "once" })
      const lease = "1970-01-01T00:00:30.000Z"
      const claimed = yield* first.store.claim([Echo.name], "1970-01-01T00:00:00.000Z", lease)
      assert.strictEqual(claimed?.id, id)
      assert.strictEqual(claimed?.attempts, 1)
      assert.isUndefined(yield* first.store.claim([Echo.name], "1970-01-01T00:00:00.000Z", lease))
      assert.isUndefined(yield* second.store.claim([Echo.name], "1970-01-01T00:00:00.000Z", lease))
    }),
  )

  it.effect("claims again a job whose worker died once its lease expires, and ignores the dead worker", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase, { lease: "30 seconds" })
      const seen = yield* recordEchoes(runner)
      const id = yield* runner.enqueue(Echo, { text: "orphan" })
      // A worker of another process claims it and dies without a word.
      const dead = yield* store.claim([Echo.name], "1970-01-01T00:00:00.000Z", "1970-01-01T00:00:30.000Z")
      assert.strictEqual(dead?.id, id)
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, [])
      yield* TestClock.adjust("31 seconds")
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, ["orphan"])
      assert.strictEqual((yield* store.find(id))?.attempts, 2)
      // Its late report changes nothing: the claim it held is no longer the job's.
      yield* store.fail({ id, attempts: 1 }, "1970-01-01T00:01:00.000Z", "too late")
      const job = yield* store.find(id)
      assert.strictEqual(job?.status, "done")
      assert.strictEqual(job?.last_error, null)
    }),
  )

  it.effect("retries a failing job with doubling backoff, keeping the last error", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase, { backoff: "10 seconds" })
      let calls = 0
      yield* runner.register(Tick, () =>
        Effect.suspend(() => (++calls < 3 ? Effect.fail(new Error(`flaky ${calls}`)) : Effect.void)),
      )
      const id = yield* runner.enqueue(Tick, {})
      yield* runner.awaitIdle
      assert.strictEqual(calls, 1)
      let job = yield* store.find(id)
      assert.strictEqual(job?.status, "pending")
      assert.strictEqual(job?.run_at, "1970-01-01T00:00:10.000Z")
      assert.include(job?.last_error, "flaky 1")
      yield* TestClock.adjust("9 seconds")
      yield* runner.awaitIdle
      assert.strictEqual(calls, 1)
      yield* TestClock.adjust("1 second")
      yield* runner.awaitIdle
      assert.strictEqual(calls, 2)
      job = yield* store.find(id)
      assert.strictEqual(job?.run_at, "1970-01-01T00:00:30.000Z")
      yield* TestClock.adjust("20 seconds")
      yield* runner.awaitIdle
      assert.strictEqual(calls, 3)
      job = yield* store.find(id)
      assert.strictEqual(job?.status, "done")
      assert.strictEqual(job?.attempts, 3)
      assert.include(job?.last_error, "flaky 2")
    }),
  )

  it.effect("fails a job after its last attempt, with the error, defects included", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase, { backoff: "1 second" })
      let calls = 0
      yield* runner.register(
        Tick,
        () =>
          Effect.sync(() => {
            calls++
            throw new Error("the image is corrupt")
          }),
        { maxAttempts: 3 },
      )
      const id = yield* runner.enqueue(Tick, {})
      for (let step = 0; step < 5; step++) {
        yield* runner.awaitIdle
        yield* TestClock.adjust("1 minute")
      }
      assert.strictEqual(calls, 3)
      const job = yield* store.find(id)
      assert.strictEqual(job?.status, "failed")
      assert.strictEqual(job?.attempts, 3)
      assert.include(job?.last_error, "the image is corrupt")
      assert.isNotNull(job?.finished_at)
    }),
  )

  it.effect("fails a job whose payload does not decode at once, without retries", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase)
      const seen = yield* recordEchoes(runner)
      const id = yield* store.insert({
        kind: Echo.name,
        payload: JSON.stringify({ text: 42 }),
        run_at: "1970-01-01T00:00:00.000Z",
        unique_key: null,
        created_at: "1970-01-01T00:00:00.000Z",
      })
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, [])
      const job = yield* store.find(id ?? 0)
      assert.strictEqual(job?.status, "failed")
      assert.strictEqual(job?.attempts, 1)
    }),
  )

  it.effect("claims only the kinds this process handles", () =>
    Effect.gen(function* () {
      const { runner, store } = yield* start(yield* freshDatabase)
      const id = yield* runner.enqueue(Echo, { text: "for a newer process" })
      yield* runner.awaitIdle
      assert.strictEqual((yield* store.find(id))?.status, "pending")
    }),
  )

  it.effect("keeps jobs across a restart: enqueued, stopped before it ran, run by the next process", () =>
    Effect.gen(function* () {
      const database = yield* freshDatabase
      yield* Effect.scoped(
        Effect.gen(function* () {
          const { runner } = yield* start(database, { workers: 1 })
          yield* recordEchoes(runner)
          yield* runner.enqueue(Echo, { text: "after the restart" }, { runAt: at(60_000) })
        }),
      )
      yield* TestClock.adjust("2 minutes")
      const { runner } = yield* start(database)
      const seen = yield* recordEchoes(runner)
      yield* runner.awaitIdle
      assert.deepStrictEqual(seen, ["after the restart"])
    }),
  )

  it.effect("runs jobs in background workers, and on stop finishes the job in hand", () =>
    Effect.gen(function* () {
      const database = yield* freshDatabase
      const started = yield* Deferred.make<void>()
      const proceed = yield* Deferred.make<void>()
      let finished = false
      const id = yield* Effect.scoped(
        Effect.gen(function* () {
          const { runner } = yield* start(database, { workers: 1 })
          yield* runner.register(Tick, () =>
            Effect.gen(function* () {
              yield* Deferred.succeed(started, undefined)
              yield* Deferred.await(proceed)
              finished = true
            }),
          )
          const id = yield* runner.enqueue(Tick, {})
          yield* Deferred.await(started)
          // Let the job finish a moment after the stop begins.
          yield* Effect.forkDetach(Effect.andThen(Effect.yieldNow, Deferred.succeed(proceed, undefined)))
          return id
        }),
      )
      assert.isTrue(finished)
      const { store } = yield* start(database)
      assert.strictEqual((yield* store.find(id))?.status, "done")
    }),
  )

  it.effect("schedules a recurring kind once across processes, and again after each run", () =>
    Effect.gen(function* () {
      const database = yield* freshDatabase
      const first = yield* start(database)
      const second = yield* start(database)
      let runs = 0
      for (const { runner } of [first, second]) {
        yield* runner.register(Tick, () => Effect.sync(() => void runs++))
        yield* runner.schedule(Tick, {}, "1 hour")
      }
      yield* first.runner.awaitIdle
      yield* second.runner.awaitIdle
      assert.strictEqual(runs, 1)
      yield* TestClock.adjust("59 minutes")
      yield* first.runner.awaitIdle
      assert.strictEqual(runs, 1)
      yield* TestClock.adjust("1 minute")
      yield* second.runner.awaitIdle
      yield* first.runner.awaitIdle
      assert.strictEqual(runs, 2)
      const pending = yield* first.sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM jobs
        WHERE kind = ${Tick.name} AND status = 'pending'`
      assert.strictEqual(pending[0]?.n, 1)
    }),
  )

  it.effect("interrupts a job that outlasts the drain timeout, and gives it back untried", () =>
    Effect.gen(function* () {
      const database = yield* freshDatabase
      const started = yield* Deferred.make<void>()
      const stopped = yield* Effect.forkChild(
        Effect.scoped(
          Effect.gen(function* () {
            const { runner } = yield* start(database, { workers: 1, drainTimeout: "5 seconds" })
            yield* runner.register(Tick, () =>
              Effect.andThen(Deferred.succeed(started, undefined), Effect.never),
            )
            yield* runner.enqueue(Tick, {})
            yield* Deferred.await(started)
          }),
        ),
      )
      yield* Deferred.await(started)
      yield* TestClock.adjust("5 seconds")
      yield* Fiber.join(stopped)
      const { store } = yield* start(database)
      const job = yield* store.find(1)
      assert.strictEqual(job?.status, "pending")
      assert.strictEqual(job?.attempts, 0)
    }),
  )
})
