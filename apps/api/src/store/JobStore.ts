/**
 * The `jobs` table: background work as rows, so it survives restarts and is shared by every process
 * on the database. A job is `pending` until a worker claims it, `running` under a lease while it
 * runs, then `done`, back to `pending` for a retry, or `failed`.
 *
 * Claiming is one `UPDATE … WHERE id = (SELECT … LIMIT 1) AND status … RETURNING`: the outer
 * condition re-checks the status, so two processes never both win a job. On PostgreSQL the inner
 * select also takes `FOR UPDATE SKIP LOCKED`, so concurrent claimers pass over each other's rows
 * instead of queueing on them.
 *
 * `attempts` is incremented by every claim and doubles as the claim's fencing token: a worker
 * whose lease expired (and whose job was claimed again) no longer matches it, so its late
 * completion or renewal changes nothing.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A job a worker holds. */
export interface ClaimedJob {
  readonly id: number
  readonly kind: string
  readonly payload: string
  /** This claim's attempt number, from 1; the fencing token of the claim. */
  readonly attempts: number
}

/** A job as stored. */
export interface JobRow {
  readonly id: number
  readonly kind: string
  readonly payload: string
  readonly status: "pending" | "running" | "done" | "failed"
  readonly attempts: number
  readonly run_at: string
  readonly lease_until: string | null
  readonly last_error: string | null
  readonly unique_key: string | null
  readonly finished_at: string | null
}

/** The fencing of a claim: the job and the attempt that claimed it. */
export interface Claim {
  readonly id: number
  readonly attempts: number
}

export class JobStore extends Context.Service<
  JobStore,
  {
    /**
     * Adds a pending job. With a `unique_key` another pending or running job holds, nothing is
     * added and the answer is `undefined`. Joins the caller's transaction, if any.
     */
    readonly insert: (job: {
      readonly kind: string
      readonly payload: string
      readonly run_at: string
      readonly unique_key: string | null
      readonly created_at: string
    }) => Effect.Effect<number | undefined>
    /**
     * Claims the job of one of `kinds` that has waited longest: first one whose lease expired
     * before `now`, else a pending one due by `now`. Its lease runs to `leaseUntil`.
     */
    readonly claim: (
      kinds: ReadonlyArray<string>,
      now: string,
      leaseUntil: string,
    ) => Effect.Effect<ClaimedJob | undefined>
    /** Whether a job of one of `kinds` could be claimed at `now`. */
    readonly hasClaimable: (kinds: ReadonlyArray<string>, now: string) => Effect.Effect<boolean>
    /** Extends the lease of a claim still held; `false` when it is not. */
    readonly renew: (claim: Claim, leaseUntil: string) => Effect.Effect<boolean>
    readonly complete: (claim: Claim, now: string) => Effect.Effect<void>
    /** Back to pending, due at `runAt`, remembering the error. */
    readonly retry: (claim: Claim, runAt: string, error: string) => Effect.Effect<void>
    readonly fail: (claim: Claim, now: string, error: string) => Effect.Effect<void>
    /** Gives a claim back untried (its worker was stopped), so it runs again at once. */
    readonly release: (claim: Claim) => Effect.Effect<void>
    readonly find: (id: number) => Effect.Effect<JobRow | undefined>
  }
>()("api/store/JobStore") {
  static readonly layer = Layer.effect(
    JobStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // Where PostgreSQL can skip rows other claimers hold; SQLite has one writer at a time.
      const skipLocked = sql.onDialectOrElse({ pg: () => sql` FOR UPDATE SKIP LOCKED`, orElse: () => sql`` })
      const claimed = sql`id, kind, payload, attempts`

      const claimExpired = (kinds: ReadonlyArray<string>, now: string, leaseUntil: string) =>
        sql<ClaimedJob>`UPDATE jobs SET attempts = attempts + 1, lease_until = ${leaseUntil}
          WHERE id = (
            SELECT id FROM jobs
            WHERE status = 'running' AND lease_until < ${now} AND kind IN ${sql.in(kinds)}
            ORDER BY lease_until, id LIMIT 1${skipLocked}
          ) AND status = 'running' AND lease_until < ${now}
          RETURNING ${claimed}`

      const claimDue = (kinds: ReadonlyArray<string>, now: string, leaseUntil: string) =>
        sql<ClaimedJob>`UPDATE jobs SET status = 'running', attempts = attempts + 1, lease_until = ${leaseUntil}
          WHERE id = (
            SELECT id FROM jobs
            WHERE status = 'pending' AND run_at <= ${now} AND kind IN ${sql.in(kinds)}
            ORDER BY run_at, id LIMIT 1${skipLocked}
          ) AND status = 'pending'
          RETURNING ${claimed}`

      return JobStore.of({
        insert: (job) =>
          sql<{
            readonly id: number
          }>`INSERT INTO jobs ${sql.insert({ ...job, status: "pending", attempts: 0 })}
            ON CONFLICT DO NOTHING RETURNING id`.pipe(
            Effect.map((rows) => rows[0]?.id),
            Effect.orDie,
          ),
        claim: (kinds, now, leaseUntil) =>
          kinds.length === 0
            ? Effect.succeed(undefined)
            : Effect.gen(function* () {
                const [expired] = yield* claimExpired(kinds, now, leaseUntil)
                if (expired !== undefined) return expired
                const [due] = yield* claimDue(kinds, now, leaseUntil)
                return due
              }).pipe(Effect.orDie),
        hasClaimable: (kinds, now) =>
          kinds.length === 0
            ? Effect.succeed(false)
            : sql<{ readonly one: number }>`SELECT 1 AS one WHERE EXISTS (
                SELECT 1 FROM jobs WHERE status = 'pending' AND run_at <= ${now} AND kind IN ${sql.in(kinds)}
              ) OR EXISTS (
                SELECT 1 FROM jobs WHERE status = 'running' AND lease_until < ${now} AND kind IN ${sql.in(kinds)}
              )`.pipe(
                Effect.map((rows) => rows.length > 0),
                Effect.orDie,
              ),
        renew: ({ id, attempts }, leaseUntil) =>
          sql<{ readonly id: number }>`UPDATE jobs SET lease_until = ${leaseUntil}
            WHERE id = ${id} AND attempts = ${attempts} AND status = 'running' RETURNING id`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        complete: ({ id, attempts }, now) =>
          sql`UPDATE jobs SET status = 'done', lease_until = NULL, finished_at = ${now}
            WHERE id = ${id} AND attempts = ${attempts} AND status = 'running'`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        retry: ({ id, attempts }, runAt, error) =>
          sql`UPDATE jobs SET status = 'pending', lease_until = NULL, run_at = ${runAt}, last_error = ${error}
            WHERE id = ${id} AND attempts = ${attempts} AND status = 'running'`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        fail: ({ id, attempts }, now, error) =>
          sql`UPDATE jobs SET status = 'failed', lease_until = NULL, finished_at = ${now}, last_error = ${error}
            WHERE id = ${id} AND attempts = ${attempts} AND status = 'running'`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        release: ({ id, attempts }) =>
          sql`UPDATE jobs SET status = 'pending', lease_until = NULL, attempts = attempts - 1
            WHERE id = ${id} AND attempts = ${attempts} AND status = 'running'`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        find: (id) =>
          sql<JobRow>`SELECT id, kind, payload, status, attempts, run_at, lease_until, last_error, unique_key, finished_at
            FROM jobs WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
      })
    }),
  )
}
