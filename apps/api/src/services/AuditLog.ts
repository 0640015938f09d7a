/**
 * The security audit log: services record security-relevant events (sign-ins, tokens, passwords,
 * memberships, deletions) with who acted, on what, and how it ended; the log adds when (from
 * `Clock`), the client's address and the request id (from `RequestContext`, null outside a
 * request). Events are only appended; `GET /api/v4/audit_events` lists them and the clean-up job
 * removes them after the retention (`FIELDREPORT_AUDIT_RETENTION_DAYS`).
 *
 * Recording never fails the caller: a request that did what it was asked still answers so when
 * the audit write fails, and the failure goes to the log instead.
 */
import type * as AuditEvent from "@fieldreport/domain/AuditEvent"
import { Cause, Context, Effect, Layer } from "effect"
import { AuditStore } from "../store/AuditStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import { traced } from "../Traced.ts"
import { RequestContext } from "./RequestContext.ts"

/**
 * What an event records, `<resource>.<what happened>`: one of `AuditEvent.kinds` of the domain,
 * the list `GET /api/v4/audit_events` filters by. `user.created` and `user.changed` are platform
 * administrators' user administration; `team_user.invited` needs the invitee's consent,
 * `team_user.added` is an administrator adding someone directly.
 *
 * @example
 * ```ts
 * const kind: AuditKind = "channel.deleted"
 * ```
 */
export type AuditKind = AuditEvent.Kind

/**
 * An event as a service records it; the log adds the time, client address and request id.
 *
 * @example
 * ```ts
 * const deleted: AuditEventInput = {
 *   kind: "channel.deleted", actorUserId: 12, appId: 1, teamId: 4,
 *   targetType: "channel", targetId: "31", outcome: "success", detail: { name: "Roads" },
 * }
 * ```
 */
export interface AuditEventInput {
  readonly kind: AuditKind
  /** Null when nobody is known (a failed sign-in with an unknown e-mail). */
  readonly actorUserId: number | null
  /** The branded app the event concerns. */
  readonly appId: number | null
  /** The team the event concerns, if any. */
  readonly teamId: number | null
  /** "user", "team", "channel", "shape", "api_token", "team_user", "branded_app" or "session". */
  readonly targetType: string | null
  /** The target's id as text (ids or uuids). */
  readonly targetId: string | null
  readonly outcome: "success" | "failure"
  /** Small and flat; never secrets (passwords, tokens, their digests). */
  readonly detail?: Readonly<Record<string, string | number | boolean | null>>
}

/**
 * Makes the audit log on its store: events go to `audit_events` with the current request's
 * address and id.
 *
 * @example
 * ```ts
 * const audit = yield* AuditLog
 * yield* audit.record({
 *   kind: "team.deleted", actorUserId: actor.user.id, appId: actor.app.id, teamId: team.id,
 *   targetType: "team", targetId: String(team.id), outcome: "success",
 * })
 * ```
 */
export const make = Effect.gen(function* () {
  const store = yield* AuditStore

  const record = traced("AuditLog.record")(function* (event: AuditEventInput) {
    const request = yield* RequestContext
    const occurredAt = yield* nowIso
    // Suspended, so that even a store that throws while making its statement is caught below.
    yield* Effect.suspend(() =>
      store.insert({
        occurred_at: occurredAt,
        kind: event.kind,
        actor_user_id: event.actorUserId,
        branded_app_id: event.appId,
        team_id: event.teamId,
        target_type: event.targetType,
        target_id: event.targetId,
        outcome: event.outcome,
        client_address: request.clientAddress,
        request_id: request.requestId,
        detail: event.detail === undefined ? null : JSON.stringify(event.detail),
      }),
    ).pipe(
      // An interruption still stops the caller; any other failure is the log's to report.
      Effect.catchCause((cause) =>
        Cause.hasInterruptsOnly(cause)
          ? Effect.interrupt
          : Effect.logError(`could not record the audit event ${event.kind}`, {
              requestId: request.requestId,
              cause: Cause.pretty(cause),
            }),
      ),
    )
  })

  return { record }
})

/**
 * The audit log service.
 *
 * @example
 * ```ts
 * const audit = yield* AuditLog
 * yield* audit.record({ kind: "login.failed", actorUserId: null, appId: app.id, teamId: null,
 *   targetType: null, targetId: null, outcome: "failure", detail: { reason: "unknown_email" } })
 * ```
 */
export class AuditLog extends Context.Service<
  AuditLog,
  {
    /** Appends an event; never fails (a failed write is logged). */
    readonly record: (event: AuditEventInput) => Effect.Effect<void>
  }
>()("api/services/AuditLog") {
  static readonly layer = Layer.effect(AuditLog, make)
}
