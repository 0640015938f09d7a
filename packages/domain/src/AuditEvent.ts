/**
 * The security audit log as the API shows it (`GET /api/v4/audit_events`, docs/api.md, Audit
 * events): the kinds of event, the event record, and the list's filters read from a query string
 * the lenient way of every list.
 */
import { DateTime, Result, Schema } from "effect"
import { MalformedRequest } from "./Invalid.ts"
import { Id, nullOr, oneOf } from "./internal/wire.ts"
import * as QueryValue from "./QueryValue.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * Every kind of event, `<resource>.<what happened>`.
 *
 * @example
 * ```ts
 * kinds.includes("login.failed") // true
 * ```
 */
export const kinds = [
  "login.succeeded",
  "login.failed",
  "session.revoked",
  "api_token.created",
  "api_token.revoked",
  "password.changed",
  "password.reset",
  "email.changed",
  "user.created",
  "user.changed",
  "user.signed_up",
  "email.verified",
  "team_user.invited",
  "team_user.added",
  "team_user.accepted",
  "team_user.role_changed",
  "team_user.channels_changed",
  "team_invitation.invited",
  "team_invitation.resent",
  "team_invitation.withdrawn",
  "team_invitation.accepted",
  "team.ownership_transferred",
  "team.deleted",
  "channel.deleted",
  "app_administrator.added",
  "app_administrator.removed",
  "shape.created",
  "shape.updated",
  "shape.deleted",
] as const

/**
 * A kind of event.
 *
 * @example
 * ```ts
 * const kind: Kind = "channel.deleted"
 * ```
 */
export const Kind = oneOf(kinds)
export type Kind = typeof Kind.Type

/**
 * How the act an event records ended.
 *
 * @example
 * ```ts
 * const outcome: Outcome = "failure"
 * ```
 */
export const Outcome = oneOf(["success", "failure"])
export type Outcome = typeof Outcome.Type

/**
 * An event's small, flat detail: names and values, never secrets.
 *
 * @example
 * ```ts
 * const detail: Detail = { name: "Roads", reports: 3 }
 * ```
 */
export const Detail = Schema.Record(
  Schema.String,
  Schema.Union([Schema.String, Schema.Number, Schema.Boolean, Schema.Null]),
)
export type Detail = typeof Detail.Type

/**
 * The audit event resource: who acted (`actor_id`, null when nobody is known), in which app and
 * team, on what (`target_type` and `target_id`, the id as text), how it ended, from which client
 * address, in which request (the request id of the server's log).
 *
 * @example
 * ```ts
 * const event: AuditEvent = {
 *   id: 5, occurred_at: DateTime.makeUnsafe(0), kind: "channel.deleted", actor_id: 2, branded_app_id: 1,
 *   team_id: 4, target_type: "channel", target_id: "31", outcome: "success",
 *   client_address: "203.0.113.9", request_id: "8c1e…", detail: { name: "Roads" },
 * }
 * ```
 */
export const AuditEvent = Schema.Struct({
  id: Id,
  occurred_at: Timestamp,
  kind: Kind,
  actor_id: nullOr(Id, "an id"),
  branded_app_id: nullOr(Id, "an id"),
  team_id: nullOr(Id, "an id"),
  target_type: Schema.NullOr(Schema.String),
  target_id: Schema.NullOr(Schema.String),
  outcome: Outcome,
  client_address: Schema.NullOr(Schema.String),
  request_id: Schema.NullOr(Schema.String),
  detail: Schema.NullOr(Detail),
})
export type AuditEvent = typeof AuditEvent.Type

/**
 * The list's filters as the reference describes them: each narrows the list; `kind` is one kind
 * or a list of them; the time range is `[since, until)`.
 *
 * @example
 * ```ts
 * const parameters: AuditEventParameters = { team_id: 4, kind: ["team_user.invited", "team_user.added"] }
 * ```
 */
export const AuditEventParameters = Schema.Struct({
  actor_id: Schema.optionalKey(Id),
  team_id: Schema.optionalKey(Id),
  kind: Schema.optionalKey(Schema.Array(Kind)),
  since: Schema.optionalKey(Timestamp),
  until: Schema.optionalKey(Timestamp),
})
export type AuditEventParameters = typeof AuditEventParameters.Type

/**
 * The filters of one request, read: `undefined` where not given.
 *
 * @example
 * ```ts
 * const query: AuditEventQuery = {
 *   actorId: undefined, teamId: 4, kinds: ["channel.deleted"], since: undefined, until: undefined,
 * }
 * ```
 */
export interface AuditEventQuery {
  readonly actorId: number | undefined
  readonly teamId: number | undefined
  readonly kinds: ReadonlyArray<Kind> | undefined
  /** Events at or after this instant. */
  readonly since: DateTime.Utc | undefined
  /** Events before this instant. */
  readonly until: DateTime.Utc | undefined
}

const id = (query: QueryValue.Query, name: string): Result.Result<number | undefined, MalformedRequest> =>
  Result.flatMap(QueryValue.integer(query, name), (value) =>
    value === undefined || value > 0
      ? Result.succeed(value)
      : Result.fail(MalformedRequest.at(name, "must be a positive integer id")),
  )

const kindList = (
  query: QueryValue.Query,
  name: string,
): Result.Result<ReadonlyArray<Kind> | undefined, MalformedRequest> =>
  Result.flatMap(QueryValue.list(query, name), (items) => {
    if (items === undefined) return Result.succeed(undefined)
    const unknown = items.find((item) => !(kinds as ReadonlyArray<string>).includes(item))
    return unknown === undefined
      ? Result.succeed(items as ReadonlyArray<Kind>)
      : Result.fail(MalformedRequest.at(name, `"${unknown}" is not a kind; one of ${kinds.join(", ")}`))
  })

/**
 * Reads the list's filters: `actor_id` and `team_id` positive integers, `kind` one kind or a list
 * (`kind=a,b`, `kind[]=a&kind[]=b`), `since` and `until` ISO 8601 timestamps with a time zone,
 * `since` not after `until`. A bad value fails naming its parameter.
 *
 * @example
 * ```ts
 * parseQuery({ kind: "login.failed,login.succeeded", since: "2026-01-01T00:00:00Z" })
 * // Result.succeed({ actorId: undefined, teamId: undefined, kinds: ["login.failed", "login.succeeded"], since: …, until: undefined })
 * parseQuery({ team_id: "four" }) // fails naming team_id
 * ```
 */
export const parseQuery = (query: QueryValue.Query): Result.Result<AuditEventQuery, MalformedRequest> =>
  Result.gen(function* () {
    const actorId = yield* id(query, "actor_id")
    const teamId = yield* id(query, "team_id")
    const kinds = yield* kindList(query, "kind")
    const since = yield* QueryValue.timestamp(query, "since")
    const until = yield* QueryValue.timestamp(query, "until")
    if (since !== undefined && until !== undefined && DateTime.isGreaterThan(since, until))
      return yield* Result.fail(MalformedRequest.at("until", "must not be before since"))
    return { actorId, teamId, kinds, since, until }
  })
