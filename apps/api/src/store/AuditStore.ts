/**
 * The security audit log in SQL (`audit_events`, migration 0026): events are inserted, listed
 * newest first by the filters of `GET /api/v4/audit_events`, counted, and deleted once older than
 * the retention. There is no update: the log is append-only, and the table refuses updates too.
 *
 * What the store is given is plain data the services resolved: timestamps as the ISO strings the
 * table holds (UTC, milliseconds, `Z`, so they compare as text), `detail` already as JSON text.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient, type SqlError, type Statement } from "effect/sql"

/**
 * Events deleted by one statement of the clean-up: a day of a busy service's sign-ins is removed in
 * several short writes rather than one that holds SQLite's only writer.
 */
const deleteChunk = 5_000

/** An event as stored. */
export interface AuditEventRow {
  readonly id: number
  readonly occurred_at: string
  readonly kind: string
  readonly actor_user_id: number | null
  readonly branded_app_id: number | null
  readonly team_id: number | null
  readonly target_type: string | null
  readonly target_id: string | null
  readonly outcome: "success" | "failure"
  readonly client_address: string | null
  readonly request_id: string | null
  /** A flat JSON object as text, or null. */
  readonly detail: string | null
}

/** An event to insert: everything but its id. */
export type NewAuditEvent = Omit<AuditEventRow, "id">

/**
 * Which events to list or count: each criterion given narrows the list, an absent one
 * (`undefined`) does not. Lists of ids or kinds match any of their members; an empty list matches
 * nothing.
 *
 * @example
 * ```ts
 * const ofTeams: AuditEventFilter = {
 *   appId: 1, teamIds: [4, 7], actorUserId: undefined, kinds: ["channel.deleted"],
 *   since: "2026-01-01T00:00:00.000Z", until: undefined,
 * }
 * ```
 */
export interface AuditEventFilter {
  readonly appId: number | undefined
  readonly teamIds: ReadonlyArray<number> | undefined
  readonly actorUserId: number | undefined
  readonly kinds: ReadonlyArray<string> | undefined
  /** Events at or after this instant. */
  readonly since: string | undefined
  /** Events before this instant. */
  readonly until: string | undefined
}

/**
 * A filter that narrows nothing: every event.
 *
 * @example
 * ```ts
 * const latest = yield* audit.list(everyEvent, 0, 60)
 * ```
 */
export const everyEvent: AuditEventFilter = {
  appId: undefined,
  teamIds: undefined,
  actorUserId: undefined,
  kinds: undefined,
  since: undefined,
  until: undefined,
}

/**
 * The audit event store.
 *
 * @example
 * ```ts
 * const store = yield* AuditStore
 * yield* store.insert({ occurred_at, kind: "channel.deleted", ... })
 * const page = yield* store.list({ ...everyEvent, teamIds: [4] }, 0, 60)
 * ```
 */
export class AuditStore extends Context.Service<
  AuditStore,
  {
    /** Appends an event. It fails rather than dies: the audit log decides what a failed write means. */
    readonly insert: (event: NewAuditEvent) => Effect.Effect<AuditEventRow, SqlError.SqlError>
    /** The events matching `filter`, newest first, `limit` of them from position `offset`. */
    readonly list: (
      filter: AuditEventFilter,
      offset: number,
      limit: number,
    ) => Effect.Effect<ReadonlyArray<AuditEventRow>>
    /** How many events match `filter`. */
    readonly count: (filter: AuditEventFilter) => Effect.Effect<number>
    /** Deletes the events that occurred before `instant`; answers how many went. */
    readonly deleteOlderThan: (instant: string) => Effect.Effect<number>
  }
>()("api/store/AuditStore") {
  static readonly layer = Layer.effect(
    AuditStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        "id, occurred_at, kind, actor_user_id, branded_app_id, team_id, target_type, target_id, outcome, client_address, request_id, detail",
      )
      const nothing = sql.literal("0 = 1")

      const where = (filter: AuditEventFilter): Statement.Fragment =>
        sql.and([
          ...(filter.appId === undefined ? [] : [sql`branded_app_id = ${filter.appId}`]),
          ...(filter.teamIds === undefined
            ? []
            : [filter.teamIds.length === 0 ? nothing : sql.in("team_id", filter.teamIds)]),
          ...(filter.actorUserId === undefined ? [] : [sql`actor_user_id = ${filter.actorUserId}`]),
          ...(filter.kinds === undefined
            ? []
            : [filter.kinds.length === 0 ? nothing : sql.in("kind", filter.kinds)]),
          ...(filter.since === undefined ? [] : [sql`occurred_at >= ${filter.since}`]),
          ...(filter.until === undefined ? [] : [sql`occurred_at < ${filter.until}`]),
        ])

      return AuditStore.of({
        insert: (event) =>
          sql<AuditEventRow>`INSERT INTO audit_events ${sql.insert({ ...event })}
            RETURNING ${columns}`.pipe(Effect.map((rows) => rows[0]!)),
        list: (filter, offset, limit) =>
          sql<AuditEventRow>`SELECT ${columns} FROM audit_events WHERE ${where(filter)}
            ORDER BY occurred_at DESC, id DESC
            LIMIT ${limit} OFFSET ${offset}`.pipe(Effect.orDie),
        count: (filter) =>
          sql<{ readonly total: number }>`SELECT COUNT(*) AS total FROM audit_events
            WHERE ${where(filter)}`.pipe(
            Effect.map((rows) => Number(rows[0]?.total ?? 0)),
            Effect.orDie,
          ),
        deleteOlderThan: (instant) =>
          Effect.gen(function* () {
            let removed = 0
            while (true) {
              const rows = yield* sql<{ readonly id: number }>`DELETE FROM audit_events WHERE id IN (
                  SELECT id FROM audit_events WHERE occurred_at < ${instant}
                  ORDER BY occurred_at LIMIT ${deleteChunk}
                ) RETURNING id`
              removed += rows.length
              if (rows.length < deleteChunk) return removed
            }
          }).pipe(Effect.orDie),
      })
    }),
  )
}
