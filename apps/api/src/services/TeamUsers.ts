/**
 * Team users (docs/api.md, Team users; Invitations): who belongs to a team, listed and read by its
 * team users, changed by its managers and owners, and added to the team's channels in bulk.
 *
 * `add_users_to_team_channels` makes each user a team user (a `team_member`, unless they already
 * hold more) and a member of each selected channel with the given channel role. Each user and
 * channel gets its own result, so one unknown user does not undo the others; the whole request
 * is still one transaction.
 *
 * Nobody becomes an active member of a team without their own consent or an administrator's act.
 * A team's managers and owner invite: a user who is not yet in the team becomes an invitee
 * (`agreed_to_join: false`, `last_invited_at` now), whatever `send_email` says, and sees nothing
 * of the team until they accept with `agreed_to_join: true`, which only they may send. Platform
 * administrators and the app's administrators add people directly (agreed at once), whether they
 * are in the team or not, unless they ask for an invitation with `send_email: true`. Users are one
 * list for the whole platform, so an app's administrator adds directly only users of their app
 * (who signed in to it or joined one of its teams) and invites anyone else: otherwise they could
 * make a user of another app a member at once and read that user's e-mail address and names.
 * `send_email` decides only whether an invitation e-mail goes out (`Invitations`). For users who
 * already joined, role and channel changes apply at once. Someone who signed up and has not
 * verified their e-mail address joins no team (`SignUps`): they may be invited, but accepting is
 * `403` until they verify it, and so is their result when an administrator adds them directly.
 *
 * Audit events, once the change is stored: `team_user.invited` and `team_user.added` (with the
 * channel role and channels given), `team_user.channels_changed` for someone who had joined and
 * whose channels or channel role changed, `team_user.role_changed` and `team_user.accepted`.
 */
import type {
  AddUserResult,
  AddUsersToTeamChannels,
  AddUsersToTeamChannelsResult,
  UserToAdd,
} from "@fieldreport/domain/AddUsersToTeamChannels"
import type { FieldErrors } from "@fieldreport/domain/Invalid"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type * as OrderBy from "@fieldreport/domain/OrderBy"
import * as RangePage from "@fieldreport/domain/RangePage"
import type { TeamUserUpdate } from "@fieldreport/domain/TeamUser"
import { Context, Duration, Effect, Layer } from "effect"
import { Forbidden, NotFound } from "../Errors.ts"
import { MembershipStore } from "../store/MembershipStore.ts"
import { SessionStore } from "../store/SessionStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { TeamStore } from "../store/TeamStore.ts"
import {
  type CandidateUser,
  type Membership,
  type TeamUserCounts,
  type TeamUserFilter,
  type TeamUserOrderField,
  type TeamUserPage,
  type TeamUserRecord,
  TeamUserStore,
} from "../store/TeamUserStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import { type AuditEventInput, AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"
import { Invitations } from "./Invitations.ts"
import { requireVerified } from "./SignUps.ts"

/** How often a pending invitee may be invited again (and e-mailed). */
export const invitationInterval = Duration.days(1)

/** What the team users list asks for. */
export interface TeamUserQuery {
  readonly filter: TeamUserFilter
  readonly order: ReadonlyArray<OrderBy.Clause<TeamUserOrderField>>
  readonly page: RangePage.RangePage
  readonly counts: TeamUserCounts
}

/** Why a user named in `add_users_to_team_channels` cannot join: the result's status and errors. */
interface Refusal {
  readonly status: 403 | 404 | 422
  readonly errors: FieldErrors
}

const refusalOf = (user: CandidateUser | undefined, index: number): Refusal | undefined => {
  const path = `users.${index}.user_id`
  if (user === undefined) return { status: 404, errors: { [path]: ["is not a known user"] } }
  if (user.deactivated === 1) return { status: 422, errors: { [path]: ["is deactivated"] } }
  return undefined
}

const teamUserNotFound = () => new NotFound({ resource: "team user" })

/**
 * The team users service.
 *
 * @example
 * ```ts
 * const teamUsers = yield* TeamUsers
 * yield* teamUsers.update(actor, teamId, 14, { role: "manager" })
 * ```
 */
export class TeamUsers extends Context.Service<
  TeamUsers,
  {
    /** A page of the team's team users; any team user of the team may read them. */
    readonly list: (
      actor: Actor,
      teamId: number,
      query: TeamUserQuery,
    ) => Effect.Effect<TeamUserPage, NotFound | Forbidden>
    readonly get: (
      actor: Actor,
      teamId: number,
      id: number,
      counts: TeamUserCounts,
    ) => Effect.Effect<TeamUserRecord, NotFound | Forbidden>
    /**
     * Managers and owners change `role` and `supervisor_id`; the invited user alone sets
     * `agreed_to_join`.
     */
    readonly update: (
      actor: Actor,
      teamId: number,
      id: number,
      changes: TeamUserUpdate,
    ) => Effect.Effect<void, NotFound | Forbidden | InvalidInput>
    /**
     * Adds users to the team's selected channels: managers and owners invite, administrators of
     * the app add directly; `baseUrl` is where invitation e-mails point to.
     */
    readonly addUsers: (
      actor: Actor,
      teamId: number,
      input: AddUsersToTeamChannels,
      baseUrl: string,
    ) => Effect.Effect<AddUsersToTeamChannelsResult, NotFound | Forbidden>
  }
>()("api/services/TeamUsers") {
  static readonly layer = Layer.effect(
    TeamUsers,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const teams = yield* TeamStore
      const store = yield* TeamUserStore
      const invitations = yield* Invitations
      const audit = yield* AuditLog
      const memberships = yield* MembershipStore
      const sessions = yield* SessionStore

      /** An event about a team user of the team, by the actor. */
      const teamUserEvent = (
        actor: Actor,
        teamId: number,
        kind: AuditEventInput["kind"],
        teamUserId: number,
        detail: NonNullable<AuditEventInput["detail"]>,
      ): AuditEventInput => ({
        kind,
        actorUserId: actor.user.id,
        appId: actor.app.id,
        teamId,
        targetType: "team_user",
        targetId: String(teamUserId),
        outcome: "success",
        detail,
      })

      const list = traced("TeamUsers.list")(function* (actor: Actor, teamId: number, query: TeamUserQuery) {
        yield* access.teamFor(actor, teamId, "member")
        return yield* store.list(
          teamId,
          query.filter,
          query.order,
          { offset: query.page.start, limit: RangePage.size(query.page) },
          query.counts,
        )
      })

      const get = traced("TeamUsers.get")(function* (
        actor: Actor,
        teamId: number,
        id: number,
        counts: TeamUserCounts,
      ) {
        yield* access.teamFor(actor, teamId, "member")
        return (yield* store.find(teamId, id, counts)) ?? (yield* teamUserNotFound())
      })

      /** Checks a new supervisor: another team user of the same team, or none. */
      const checkSupervisor = traced("TeamUsers.checkSupervisor")(function* (
        teamId: number,
        teamUserId: number,
        supervisorId: number | null,
      ) {
        if (supervisorId === null) return
        if (supervisorId === teamUserId) {
          return yield* InvalidInput.at("team_user.supervisor_id", "must be another team user")
        }
        const supervisor = yield* store.find(teamId, supervisorId, {
          channelCount: false,
          reportCount: false,
        })
        // An invitee who has not accepted supervises nobody: they are not in the team yet.
        if (supervisor === undefined || supervisor.agreed_to_join !== 1) {
          return yield* InvalidInput.at("team_user.supervisor_id", "is not a team user of this team")
        }
      })

      const update = traced("TeamUsers.update")(function* (
        actor: Actor,
        teamId: number,
        id: number,
        changes: TeamUserUpdate,
      ) {
        const manages = changes.role !== undefined || changes.supervisor_id !== undefined
        // The invited user may not see the team yet, so accepting alone is checked on the team
        // user itself; everything else needs the team in view first.
        if (manages) yield* access.teamFor(actor, teamId, "manage")
        const team = yield* teams.find(teamId)
        if (team === undefined || team.branded_app_id !== actor.app.id)
          return yield* new NotFound({ resource: "team" })
        const target = yield* store.find(teamId, id, { channelCount: false, reportCount: false })
        const own = target !== undefined && target.user_id === actor.user.id
        if (!own && !manages) yield* access.teamFor(actor, teamId, "member")
        if (target === undefined) return yield* teamUserNotFound()
        if (changes.agreed_to_join === true && !own) {
          return yield* new Forbidden({ message: "only the invited user may accept their invitation" })
        }
        if (changes.agreed_to_join === true && target.agreed_to_join === 0) yield* requireVerified(actor.user)
        if (changes.role !== undefined && target.role === "owner") {
          return yield* InvalidInput.at(
            "team_user.role",
            "the owner's role changes only when the owner hands over ownership (team update)",
          )
        }
        if (changes.supervisor_id !== undefined)
          yield* checkSupervisor(teamId, target.id, changes.supervisor_id)
        yield* inTransaction(
          store.update(target.id, {
            ...(changes.role === undefined ? {} : { role: changes.role }),
            ...(changes.supervisor_id === undefined ? {} : { supervisor_id: changes.supervisor_id }),
            ...(changes.agreed_to_join === undefined ? {} : { agreed_to_join: true }),
          }),
        )
        if (changes.role !== undefined && changes.role !== target.role) {
          yield* audit.record(
            teamUserEvent(actor, teamId, "team_user.role_changed", target.id, {
              user_id: target.user_id,
              from: target.role,
              to: changes.role,
            }),
          )
        }
        if (changes.agreed_to_join === true && target.agreed_to_join === 0) {
          yield* audit.record(
            teamUserEvent(actor, teamId, "team_user.accepted", target.id, { user_id: target.user_id }),
          )
        }
      })

      /**
       * Makes the user a team user, or brings their pending membership up to date: added at once
       * when `direct`, otherwise invited. An invitation again refreshes `last_invited_at` once a
       * day has passed since the last one, and only then may another e-mail go out, so nobody can
       * make the service send a person invitation after invitation. Answers the membership, how
       * they are joining (`undefined` for someone who had joined already) and whether an
       * invitation e-mail may go out.
       */
      const joinTeam = traced("TeamUsers.joinTeam")(function* (
        teamId: number,
        userId: number,
        direct: boolean,
        now: string,
      ) {
        const joining = direct ? ("added" as const) : ("invited" as const)
        const current = yield* store.membership(teamId, userId)
        if (current === undefined) {
          const membership = yield* store.insertMembership({
            team_id: teamId,
            user_id: userId,
            agreed_to_join: direct,
            last_invited_at: direct ? null : now,
            created_at: now,
          })
          return { membership, joining, mayMail: !direct }
        }
        // Already in the team: an invitation would only take away access they have.
        if (current.agreed_to_join === 1) return { membership: current, joining: undefined, mayMail: false }
        if (direct) {
          yield* store.update(current.id, { agreed_to_join: true })
          return { membership: { ...current, agreed_to_join: 1 }, joining, mayMail: false }
        }
        const invitedLately =
          current.last_invited_at !== null &&
          Date.parse(now) - Date.parse(current.last_invited_at) < Duration.toMillis(invitationInterval)
        if (invitedLately) return { membership: current, joining, mayMail: false }
        yield* store.update(current.id, { last_invited_at: now })
        return { membership: { ...current, last_invited_at: now }, joining, mayMail: true }
      })

      /** Whether the user is one of the app's: signed in to it, or joined one of its teams. */
      const usesApp = traced("TeamUsers.usesApp")(function* (userId: number, appId: number) {
        if ((yield* memberships.teamsOf(userId, appId)).some((team) => team.agreed_to_join === 1)) return true
        return yield* sessions.signedInTo(userId, appId)
      })

      /** The result for one user in one selected channel, and whether their role in it changed. */
      const joinChannel = traced("TeamUsers.joinChannel")(function* (
        channel: { readonly id: number; readonly index: number; readonly inTeam: boolean },
        user: UserToAdd,
        refusal: Refusal | undefined,
      ) {
        if (refusal !== undefined || !channel.inTeam) {
          const result: AddUserResult = {
            object: user,
            // A channel outside the team is not found, whoever the user is.
            http_status: channel.inTeam && refusal !== undefined ? refusal.status : 404,
            status: "error",
            errors: {
              ...refusal?.errors,
              ...(channel.inTeam
                ? {}
                : { [`channels.${channel.index}.id`]: ["is not a channel of this team"] }),
            },
          }
          return { result, changed: false }
        }
        const current = yield* store.channelRole(channel.id, user.user_id)
        yield* store.setChannelRole(channel.id, user.user_id, user.role, current !== undefined)
        const result: AddUserResult = {
          object: user,
          http_status: current === undefined ? 201 : 200,
          status: "success",
          errors: {},
        }
        return { result, changed: current !== user.role }
      })

      const addUsers = traced("TeamUsers.addUsers")(function* (
        actor: Actor,
        teamId: number,
        input: AddUsersToTeamChannels,
        baseUrl: string,
      ) {
        const team = yield* teams.find(teamId)
        if (team === undefined || team.branded_app_id !== actor.app.id) {
          return yield* new NotFound({ resource: "team" })
        }
        // The app's administrators need not be in the team; anyone else must manage it.
        const administers = yield* access.isAppAdministrator(actor)
        if (!administers) yield* access.teamFor(actor, teamId, "manage")
        const { result, events } = yield* inTransaction(
          Effect.gen(function* () {
            const now = yield* nowIso
            const selected = input.channels.flatMap((channel, index) =>
              channel.isSelected ? [{ id: channel.id, index }] : [],
            )
            const teamChannelIds = new Set(
              yield* store.teamChannelIds(
                teamId,
                selected.map(({ id }) => id),
              ),
            )
            const channels = selected.map((channel) => ({
              ...channel,
              inTeam: teamChannelIds.has(channel.id),
            }))
            const known = new Map(
              (yield* store.users([...new Set(input.users.map((user) => user.user_id))])).map((user) => [
                user.id,
                user,
              ]),
            )
            const refusals = input.users.map((user, index) => refusalOf(known.get(user.user_id), index))

            // In request order, so a user named twice ends as their last entry leaves them.
            const memberships = new Map<
              number,
              {
                readonly membership: Membership
                readonly joining: "invited" | "added" | undefined
                readonly mayMail: boolean
                readonly user: UserToAdd
              }
            >()
            for (const [index, user] of input.users.entries()) {
              if (refusals[index] !== undefined) continue
              // An administrator who asks for an e-mail invites, as anyone else does; an app's
              // administrator also invites whoever is not yet a user of the app.
              const direct =
                administers &&
                !user.send_email &&
                (actor.user.admin === 1 || (yield* usesApp(user.user_id, actor.app.id)))
              // Invited, they accept once verified; added directly, they would join at once.
              if (direct && known.get(user.user_id)?.email_verified === 0) {
                refusals[index] = {
                  status: 403,
                  errors: { [`users.${index}.user_id`]: ["has not verified their e-mail address yet"] },
                }
                continue
              }
              const { membership, joining, mayMail } = yield* joinTeam(teamId, user.user_id, direct, now)
              // Joining earlier in this request still counts as joining, not as a member's change.
              const earlier = memberships.get(user.user_id)
              memberships.set(user.user_id, {
                membership,
                joining: joining ?? earlier?.joining,
                mayMail: mayMail || (earlier?.mayMail ?? false),
                user,
              })
            }

            const teamsResult: Array<ReadonlyArray<AddUserResult>> = []
            const changedChannels = new Map<number, Set<number>>()
            for (const channel of channels) {
              const results: Array<AddUserResult> = []
              for (const [index, user] of input.users.entries()) {
                const { result, changed } = yield* joinChannel(channel, user, refusals[index])
                results.push(result)
                if (changed) {
                  const ids = changedChannels.get(user.user_id) ?? new Set<number>()
                  changedChannels.set(user.user_id, ids.add(channel.id))
                }
              }
              teamsResult.push(results)
            }

            const channelIds = [...new Set(channels.filter(({ inTeam }) => inTeam).map(({ id }) => id))]
            const events: Array<AuditEventInput> = []
            for (const { membership, joining, mayMail, user } of memberships.values()) {
              if (user.send_email && mayMail && membership.agreed_to_join === 0) {
                yield* invitations.invite({
                  team_user_id: membership.id,
                  inviter_id: actor.user.id,
                  channel_ids: channelIds,
                  base_url: baseUrl,
                })
              }
              const changed = [...(changedChannels.get(user.user_id) ?? [])]
              if (joining === undefined && changed.length === 0) continue
              events.push(
                teamUserEvent(
                  actor,
                  teamId,
                  joining === undefined ? "team_user.channels_changed" : `team_user.${joining}`,
                  membership.id,
                  {
                    user_id: user.user_id,
                    role: user.role,
                    channel_ids: (joining === undefined ? changed : channelIds).join(","),
                    ...(joining === undefined ? {} : { send_email: user.send_email }),
                  },
                ),
              )
            }
            return { result: { teams: teamsResult }, events }
          }),
        )
        // Recorded once the transaction committed: a failed audit write must not undo the change.
        yield* Effect.forEach(events, audit.record, { discard: true })
        return result
      })

      return TeamUsers.of({ list, get, update, addUsers })
    }),
  )
}
