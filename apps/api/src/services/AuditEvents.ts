/**
 * Reading the security audit log (`GET /api/v4/audit_events`; docs/api.md, Audit events) and
 * keeping it to its retention. Who reads what:
 *
 * - platform administrators: every event;
 * - the current app's administrators: the events of their app;
 * - team owners: the events of the teams they own in the current app (all of them, or the one
 *   `team_id` names; a team they cannot see is `404`, one they are in but do not own `403`),
 *   without the client address and request id of events others caused: anybody may own a team
 *   and invite anybody, so an invitation accepted would otherwise hand the inviter the invitee's
 *   network address;
 * - anybody else: `403`.
 *
 * Events older than `FIELDREPORT_AUDIT_RETENTION_DAYS` (365 by default) are deleted by a clean-up
 * job that runs every hour.
 */
import type { AuditEventQuery } from "@fieldreport/domain/AuditEvent"
import * as Range from "@fieldreport/domain/RangePage"
import { Context, DateTime, Duration, Effect, Layer } from "effect"
import { AppConfig } from "../Config.ts"
import { Forbidden, NotFound } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { type AuditEventFilter, type AuditEventRow, AuditStore } from "../store/AuditStore.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import { isoIn } from "../store/sql/Clock.ts"
import { TeamStore } from "../store/TeamStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

const cleanupInterval = Duration.hours(1)

/** One page of events and how many match in all. */
export interface AuditEventPage {
  readonly rows: ReadonlyArray<AuditEventRow>
  readonly total: number
}

/**
 * Which events an actor may read: those of an app, of some teams, or (`undefined`) any; and
 * whether the addresses and request ids of others' events are withheld.
 */
interface Scope {
  readonly appId: number | undefined
  readonly teamIds: ReadonlyArray<number> | undefined
  readonly othersWithheld: boolean
}

const notAllowed = new Forbidden({
  message: "only platform administrators, the app's administrators and team owners may read audit events",
})

/**
 * The audit events service.
 *
 * @example
 * ```ts
 * const events = yield* AuditEvents
 * const { rows, total } = yield* events.list(actor, query, { start: 0, end: 59 })
 * ```
 */
export class AuditEvents extends Context.Service<
  AuditEvents,
  {
    /** The events the actor may read that match the query, newest first, one page of them. */
    readonly list: (
      actor: Actor,
      query: AuditEventQuery,
      page: Range.RangePage,
    ) => Effect.Effect<AuditEventPage, Forbidden | NotFound>
    /** Deletes the events older than the retention; answers how many went. */
    readonly cleanup: Effect.Effect<number>
  }
>()("api/services/AuditEvents") {
  static readonly layer = Layer.effect(
    AuditEvents,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const store = yield* AuditStore
      const access = yield* Access
      const teams = yield* TeamStore
      const memberships = yield* MembershipStore
      const jobs = yield* JobRunner

      const scopeOf = traced("AuditEvents.scopeOf")(function* (actor: Actor, teamId: number | undefined) {
        const oneTeam = teamId === undefined ? undefined : [teamId]
        if (actor.user.admin === 1)
          return { appId: undefined, teamIds: oneTeam, othersWithheld: false } satisfies Scope
        if (yield* access.isAppAdministrator(actor)) {
          if (teamId !== undefined) {
            const team = yield* teams.find(teamId)
            if (team?.branded_app_id !== actor.app.id) return yield* new NotFound({ resource: "team" })
          }
          return { appId: actor.app.id, teamIds: oneTeam, othersWithheld: false } satisfies Scope
        }
        const owned = (yield* memberships.teamsOf(actor.user.id, actor.app.id))
          .filter((membership) => membership.role === "owner" && membership.agreed_to_join === 1)
          .map((membership) => membership.team_id)
        if (owned.length === 0) return yield* notAllowed
        // Another tenant's team is 404, a team of theirs they do not own 403, as for any team.
        if (teamId !== undefined) yield* access.teamFor(actor, teamId, "own")
        return { appId: actor.app.id, teamIds: oneTeam ?? owned, othersWithheld: true } satisfies Scope
      })

      const list = traced("AuditEvents.list")(function* (
        actor: Actor,
        query: AuditEventQuery,
        page: Range.RangePage,
      ) {
        const scope = yield* scopeOf(actor, query.teamId)
        const filter: AuditEventFilter = {
          appId: scope.appId,
          teamIds: scope.teamIds,
          actorUserId: query.actorId,
          kinds: query.kinds,
          since: query.since === undefined ? undefined : DateTime.formatIso(query.since),
          until: query.until === undefined ? undefined : DateTime.formatIso(query.until),
        }
        const found = yield* store.list(filter, page.start, Range.size(page))
        const rows = scope.othersWithheld
          ? found.map((row) =>
              row.actor_user_id === actor.user.id ? row : { ...row, client_address: null, request_id: null },
            )
          : found
        return { rows, total: yield* store.count(filter) } satisfies AuditEventPage
      })

      const cleanup = Effect.gen(function* () {
        const before = yield* isoIn(-Duration.toMillis(Duration.days(config.auditRetentionDays)))
        const removed = yield* store.deleteOlderThan(before)
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} audit events older than ${before}`)
        return removed
      }).pipe(Effect.withSpan("AuditEvents.cleanup"))

      yield* jobs.register(JobKinds.AuditEventCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.AuditEventCleanup, {}, cleanupInterval)

      return AuditEvents.of({ list, cleanup })
    }),
  )
}
