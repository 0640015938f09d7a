/**
 * Background work (docs/api.md, Running the service): jobs are rows of the `jobs` table (see
 * `store/JobStore.ts`), so they survive restarts and any number of processes share them without
 * doing one twice.
 *
 * - `enqueue` adds a job; inside a caller's `withTransaction` it commits or rolls back with the
 *   caller's writes, and the workers are woken once it commits.
 * - Services `register` a handler per kind when their layer is built; a process claims only the
 *   kinds it has handlers for, so an older process never takes a newer process's work.
 * - Workers forked with the runtime poll for due jobs, claim one under a lease they renew while
 *   it runs, and record the outcome: done; a failure retried with exponential backoff; failed
 *   with its last error after the last attempt. A job whose process died is claimed again once
 *   its lease expires.
 * - On dispose, workers finish the job in hand (up to a grace period) and stop.
 * - `schedule` makes a kind recur; `awaitIdle` lets tests run the queue dry.
 *
 * Time is read through `Clock`, so tests drive retries and leases with `TestClock`.
 */
import {
  Cause,
  Clock,
  Context,
  DateTime,
  Deferred,
  Duration,
  Effect,
  Exit,
  Fiber,
  Layer,
  Option,
  Schema,
  Semaphore,
} from "effect"
import { SqlClient } from "effect/sql"
import { AppConfig } from "../Config.ts"
import { type ClaimedJob, JobStore } from "../store/JobStore.ts"

/**
 * A kind of job and the shape of its payload, stored as JSON.
 *
 * @example
 * ```ts
 * const Renditions = jobKind("attachment.renditions", Schema.Struct({ attachment_id: Schema.Int }))
 * ```
 */
export interface JobKind<A> {
  readonly name: string
  readonly payload: Schema.Codec<A, string>
}

/**
 * Declares a kind of job.
 *
 * @example
 * ```ts
 * const Cleanup = jobKind("attachment.cleanup", Schema.Struct({}))
 * ```
 */
export const jobKind = <A, I>(name: string, payload: Schema.Codec<A, I>): JobKind<A> => ({
  name,
  payload: Schema.fromJsonString(payload),
})

/**
 * The job a handler is running: its id stays the same across attempts, so a handler can name an
 * outside effect after it (an e-mail's Message-ID, a file) and a retry repeats that effect instead
 * of adding a second one.
 *
 * @example
 * ```ts
 * yield* runner.register(JobKinds.InvitationMail, (invitation, job) => send(invitation, `invitation-${job.id}`))
 * ```
 */
export interface RunningJob {
  readonly id: number
  /** Which attempt this is, from 1. */
  readonly attempt: number
}

/** How a kind's jobs are retried. */
export interface HandlerOptions {
  /** Attempts before the job is `failed`; the runner's default when absent. */
  readonly maxAttempts?: number
}

/** How the runner works; {@link defaults} for the values in production. */
export interface RunnerOptions {
  /** Jobs this process runs at once; 0 leaves the work to other processes. */
  readonly workers: number
  /** How often an idle worker looks for due jobs it was not woken for (other processes' jobs). */
  readonly pollInterval: Duration.Input
  /** How long a claim lasts without renewal; a running job renews it every third of it. */
  readonly lease: Duration.Input
  readonly maxAttempts: number
  /** The delay before the first retry, doubled for each further one up to `maxBackoff`. */
  readonly backoff: Duration.Input
  readonly maxBackoff: Duration.Input
  /** How long one attempt may run before it counts as failed. */
  readonly timeout: Duration.Input
  /** How long dispose waits for jobs in hand before interrupting them. */
  readonly drainTimeout: Duration.Input
}

/** The runner's settings in production, except for those the config sets (see `JobRunner.layer`). */
export const defaults: RunnerOptions = {
  workers: 2,
  pollInterval: Duration.seconds(1),
  lease: Duration.seconds(30),
  maxAttempts: 5,
  backoff: Duration.seconds(10),
  maxBackoff: Duration.hours(1),
  timeout: Duration.minutes(10),
  drainTimeout: Duration.seconds(10),
}

interface Registration {
  /** The attempt's effect for a stored payload; fails when the payload does not decode. */
  readonly decode: (
    payload: string,
    job: RunningJob,
  ) => Effect.Effect<Effect.Effect<void, unknown>, Schema.SchemaError>
  readonly maxAttempts: number
}

interface Recurrence {
  readonly payload: string
  readonly everyMillis: number
}

/** How much of a failure's description is kept in `last_error`. */
const maxErrorLength = 4000

const iso = (millis: number): string => new Date(millis).toISOString()

export class JobRunner extends Context.Service<
  JobRunner,
  {
    /**
     * Adds a job, due at once or at `runAt`, and answers its id.
     *
     * @example
     * ```ts
     * yield* sql.withTransaction(Effect.gen(function* () {
     *   const id = yield* store.insert(attachment)
     *   yield* runner.enqueue(Renditions, { attachment_id: id })
     * }))
     * ```
     */
    readonly enqueue: <A>(
      kind: JobKind<A>,
      payload: A,
      options?: { readonly runAt?: DateTime.DateTime },
    ) => Effect.Effect<number>
    /**
     * Handles the jobs of a kind in this process; a failure (or defect) of `handle` is retried.
     * `handle` must be idempotent: a job whose process died after its effects but before it was
     * recorded done runs again (on any process) once its lease expires.
     *
     * @example
     * ```ts
     * yield* runner.register(Renditions, ({ attachment_id }) => makeRenditions(attachment_id))
     * ```
     */
    readonly register: <A>(
      kind: JobKind<A>,
      handle: (payload: A, job: RunningJob) => Effect.Effect<void, unknown>,
      options?: HandlerOptions,
    ) => Effect.Effect<void>
    /**
     * Runs a kind every `every`: one job at once unless one is already pending or running in any
     * process, then the next `every` after each finishes, done or failed.
     *
     * @example
     * ```ts
     * yield* runner.schedule(Cleanup, {}, Duration.hours(1))
     * ```
     */
    readonly schedule: <A>(kind: JobKind<A>, payload: A, every: Duration.Input) => Effect.Effect<void>
    /**
     * Runs every due job this process handles, in the calling fiber, and waits for the workers'
     * jobs in hand, until none is due (by `Clock`).
     *
     * @example
     * ```ts
     * await server.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))
     * ```
     */
    readonly awaitIdle: Effect.Effect<void>
  }
>()("api/jobs/JobRunner") {
  /**
   * The runner of the app: workers, lease and poll interval from `FIELDREPORT_JOB_*`, drained
   * within the shutdown grace.
   */
  static readonly layer = Layer.effect(
    JobRunner,
    Effect.gen(function* () {
      const config = yield* AppConfig
      return yield* make({
        ...defaults,
        workers: config.jobWorkers,
        lease: config.jobLease,
        pollInterval: config.jobPollInterval,
        drainTimeout: Duration.seconds(config.shutdownGraceSeconds),
      })
    }),
  )

  /** A runner with other settings (tests: no workers, short leases). */
  static readonly layerWith = (options: Partial<RunnerOptions>) =>
    Layer.effect(JobRunner, make({ ...defaults, ...options }))
}

const make = Effect.fnUntraced(function* (options: RunnerOptions) {
  const store = yield* JobStore
  const sql = yield* SqlClient.SqlClient
  const leaseMillis = Duration.toMillis(options.lease)
  const backoffMillis = Duration.toMillis(options.backoff)
  const maxBackoffMillis = Duration.toMillis(options.maxBackoff)
  const workers = Math.max(0, options.workers)

  const registrations = new Map<string, Registration>()
  const recurrences = new Map<string, Recurrence>()
  const kinds = () => [...registrations.keys()]

  // Idle workers wait on `wake`; a signal completes it and installs a fresh one.
  let wake = Deferred.makeUnsafe<void>()
  const signal = Effect.sync(() => {
    const woken = wake
    wake = Deferred.makeUnsafe<void>()
    Deferred.doneUnsafe(woken, Effect.void)
  })
  let stopping = false
  // One permit per worker and one for a caller of `awaitIdle`; all of them free means no job is
  // in hand in this process.
  const permits = workers + 1
  const busy = yield* Semaphore.make(permits)

  const insertRecurrence = (kind: string, recurrence: Recurrence, runAt: number) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      yield* store.insert({
        kind,
        payload: recurrence.payload,
        run_at: iso(runAt),
        unique_key: kind,
        created_at: iso(now),
      })
    })

  /** Records the end of a job, and with a recurring kind its next run, in one transaction. */
  const finish = (job: ClaimedJob, record: Effect.Effect<void>) =>
    Effect.gen(function* () {
      const recurrence = recurrences.get(job.kind)
      const now = yield* Clock.currentTimeMillis
      yield* record
      if (recurrence !== undefined)
        yield* insertRecurrence(job.kind, recurrence, now + recurrence.everyMillis)
    }).pipe(sql.withTransaction, Effect.orDie)

  const describe = (cause: Cause.Cause<unknown>): string => Cause.pretty(cause).slice(0, maxErrorLength)

  const settle = (job: ClaimedJob, maxAttempts: number, exit: Exit.Exit<void, unknown>) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      if (Exit.isSuccess(exit)) return yield* finish(job, store.complete(job, iso(now)))
      // Stopped from outside (the process is leaving): the job did not fail, it runs again.
      if (Cause.hasInterruptsOnly(exit.cause)) return yield* store.release(job)
      const error = describe(exit.cause)
      if (job.attempts < maxAttempts) {
        const delay = Math.min(backoffMillis * 2 ** (job.attempts - 1), maxBackoffMillis)
        yield* store.retry(job, iso(now + delay), error)
        return yield* Effect.logWarning(
          `job ${job.kind} ${job.id} failed; retrying in ${delay / 1000} s`,
          error,
        )
      }
      yield* finish(job, store.fail(job, iso(now), error))
      yield* Effect.logError(`job ${job.kind} ${job.id} failed after ${job.attempts} attempts`, error)
    })

  const heartbeat = (job: ClaimedJob) =>
    Effect.gen(function* () {
      for (;;) {
        yield* Effect.sleep(leaseMillis / 3)
        const now = yield* Clock.currentTimeMillis
        if (!(yield* store.renew(job, iso(now + leaseMillis)))) return
      }
    })

  const attempt = (job: ClaimedJob, run: Effect.Effect<void, unknown>) =>
    Effect.gen(function* () {
      yield* Effect.forkScoped(heartbeat(job))
      yield* Effect.timeout(run, options.timeout)
    }).pipe(Effect.scoped)

  /** Claims one due job and runs it in this fiber; `false` when none was due. */
  const runNext: Effect.Effect<boolean> = busy.withPermits(1)(
    Effect.uninterruptibleMask((restore) =>
      Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const job = yield* store.claim(kinds(), iso(now), iso(now + leaseMillis))
        if (job === undefined) return false
        const registration = registrations.get(job.kind)
        if (registration === undefined)
          return yield* Effect.die(`claimed a job of unregistered kind ${job.kind}`)
        if (job.attempts > registration.maxAttempts) {
          // Claimed again after its lease expired once too often: its worker keeps dying on it.
          yield* finish(
            job,
            store.fail(job, iso(now), "its worker stopped before finishing it, every attempt"),
          )
          return true
        }
        const run = yield* Effect.exit(
          registration.decode(job.payload, { id: job.id, attempt: job.attempts }),
        )
        if (Exit.isFailure(run)) {
          // A payload that does not decode never will: no retries.
          yield* finish(job, store.fail(job, iso(now), describe(run.cause)))
          return true
        }
        yield* settle(job, registration.maxAttempts, yield* Effect.exit(restore(attempt(job, run.value))))
        return true
      }).pipe(Effect.annotateLogs({ component: "JobRunner" })),
    ),
  )

  const worker = Effect.gen(function* () {
    while (!stopping) {
      const woken = wake
      const ran = yield* runNext.pipe(
        Effect.catchCause((cause) =>
          // A claim or record that failed (the database unreachable, say) is logged; polling goes on.
          Effect.as(
            Effect.logError("the job runner could not claim or record a job", Cause.pretty(cause)),
            false,
          ),
        ),
      )
      if (!ran && !stopping)
        yield* Effect.raceFirst(Effect.sleep(options.pollInterval), Deferred.await(woken))
    }
  })

  const fibers: Array<Fiber.Fiber<void>> = []
  for (let index = 0; index < workers; index++) fibers.push(yield* Effect.forkScoped(worker))
  // Runs before the scope interrupts the workers: let them finish the job in hand first.
  yield* Effect.addFinalizer(() =>
    Effect.gen(function* () {
      stopping = true
      yield* signal
      const drained = yield* Effect.timeoutOption(Fiber.joinAll(fibers), options.drainTimeout)
      if (Option.isNone(drained)) yield* Fiber.interruptAll(fibers)
    }),
  )

  const awaitIdle = Effect.gen(function* () {
    for (;;) {
      if (yield* runNext) continue
      // With every permit taken no job is in hand here, so what is claimable now stays so.
      const claimable = yield* busy.withPermits(permits)(
        Effect.flatMap(Clock.currentTimeMillis, (now) => store.hasClaimable(kinds(), iso(now))),
      )
      if (!claimable) return
    }
  })

  return JobRunner.of({
    enqueue: (kind, payload, enqueueOptions) =>
      Effect.gen(function* () {
        const text = yield* Effect.orDie(Schema.encodeEffect(kind.payload)(payload))
        const now = yield* Clock.currentTimeMillis
        const runAt = enqueueOptions?.runAt === undefined ? now : DateTime.toEpochMillis(enqueueOptions.runAt)
        const id = yield* store.insert({
          kind: kind.name,
          payload: text,
          run_at: iso(runAt),
          unique_key: null,
          created_at: iso(now),
        })
        if (id === undefined) return yield* Effect.die("a job without a unique key was not inserted")
        yield* sql.afterCommit(signal)
        return id
      }),
    register: (kind, handle, handlerOptions) =>
      Effect.gen(function* () {
        registrations.set(kind.name, {
          decode: (payload, job) =>
            Effect.map(Schema.decodeEffect(kind.payload)(payload), (decoded) => handle(decoded, job)),
          maxAttempts: Math.max(1, handlerOptions?.maxAttempts ?? options.maxAttempts),
        })
        yield* signal
      }),
    schedule: (kind, payload, every) =>
      Effect.gen(function* () {
        const everyMillis = Duration.toMillis(every)
        if (!(everyMillis > 0))
          return yield* Effect.die(`job ${kind.name} must recur after a positive interval`)
        const recurrence = {
          payload: yield* Effect.orDie(Schema.encodeEffect(kind.payload)(payload)),
          everyMillis,
        }
        recurrences.set(kind.name, recurrence)
        yield* insertRecurrence(kind.name, recurrence, yield* Clock.currentTimeMillis)
        yield* signal
      }),
    awaitIdle,
  })
})
