/**
 * Teams of the current branded app (docs/api.md, Teams): the creator of a team becomes its owner;
 * managers and owners update it; only the owner hands ownership to another team user (becoming a
 * manager); only the owner or a platform administrator switches task management. A handover is an
 * audit event (`team.ownership_transferred`), recorded once it is stored. Someone who has not
 * verified their e-mail address creates no team (`SignUps`).
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { teamRoleAllows } from "@fieldreport/domain/Roles"
import type { TeamCreate, TeamUpdate } from "@fieldreport/domain/Team"
import { Context, Effect, Layer } from "effect"
import { Forbidden, type NotFound } from "../Errors.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type TeamOfUser, TeamStore } from "../store/TeamStore.ts"
import { traced } from "../Traced.ts"
import { Access, type TeamAccess } from "./Access.ts"
import { AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"
import { requireVerified } from "./SignUps.ts"

/**
 * The teams service.
 *
 * @example
 * ```ts
 * const teams = yield* Teams
 * const { team } = yield* teams.create(actor, { name: "Rangers", industry: "", location: "Otago" })
 * ```
 */
export class Teams extends Context.Service<
  Teams,
  {
    /** A new team with the actor as owner; `403` for a user who has not verified their address. */
    readonly create: (actor: Actor, input: TeamCreate) => Effect.Effect<TeamAccess, Forbidden>
    /** The teams the actor has joined, or (`joined: false`) those they are invited to. */
    readonly list: (actor: Actor, joined: boolean) => Effect.Effect<ReadonlyArray<TeamOfUser>>
    readonly get: (actor: Actor, id: number) => Effect.Effect<TeamAccess, NotFound | Forbidden>
    readonly update: (
      actor: Actor,
      id: number,
      changes: TeamUpdate,
    ) => Effect.Effect<void, NotFound | Forbidden | InvalidInput>
  }
>()("api/services/Teams") {
  static readonly layer = Layer.effect(
    Teams,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const teams = yield* TeamStore
      const audit = yield* AuditLog

      const create = traced("Teams.create")(function* (actor: Actor, input: TeamCreate) {
        // The creator joins the team as its owner.
        yield* requireVerified(actor.user)
        return yield* inTransaction(
          Effect.gen(function* () {
            const team = yield* teams.insert({ branded_app_id: actor.app.id, ...input })
            const teamUser = yield* teams.insertTeamUser({
              team_id: team.id,
              user_id: actor.user.id,
              role: "owner",
              agreed_to_join: true,
            })
            return { team, role: teamUser.role, teamUserId: teamUser.id }
          }),
        )
      })

      const update = traced("Teams.update")(function* (actor: Actor, id: number, changes: TeamUpdate) {
        const { role, teamUserId } = yield* access.teamFor(actor, id, "member")
        const manages = role !== undefined && teamRoleAllows(role, "manage")
        const owns = role === "owner"
        const onlyTaskSwitch = Object.entries(changes).every(
          ([name, value]) => value === undefined || name === "feature_tasks_enabled",
        )
        // A platform administrator outside the team may still switch its task management.
        if (!manages && !(actor.user.admin === 1 && onlyTaskSwitch)) {
          return yield* new Forbidden({ message: "only the team's managers may update it" })
        }
        if (changes.feature_tasks_enabled !== undefined && !owns && actor.user.admin !== 1) {
          return yield* new Forbidden({
            message: "only the team's owner or a platform administrator may change feature_tasks_enabled",
          })
        }
        if (changes.is_owner_change === true && !owns) {
          return yield* new Forbidden({ message: "only the team's owner may hand over ownership" })
        }
        const newOwner =
          changes.is_owner_change === true && changes.user_id !== undefined && teamUserId !== undefined
            ? yield* ownerToBe(id, teamUserId, changes.user_id)
            : undefined
        yield* inTransaction(
          Effect.gen(function* () {
            yield* teams.update(id, {
              ...(changes.name === undefined ? {} : { name: changes.name }),
              ...(changes.industry === undefined ? {} : { industry: changes.industry }),
              ...(changes.location === undefined ? {} : { location: changes.location }),
              ...(changes.feature_tasks_enabled === undefined
                ? {}
                : { feature_tasks_enabled: changes.feature_tasks_enabled }),
            })
            if (newOwner !== undefined) {
              // The old owner steps down first: a team has one owner at any moment.
              yield* teams.setRole(newOwner.formerOwnerId, "manager")
              yield* teams.setRole(newOwner.teamUserId, "owner")
            }
          }),
        )
        if (newOwner !== undefined) {
          yield* audit.record({
            kind: "team.ownership_transferred",
            actorUserId: actor.user.id,
            appId: actor.app.id,
            teamId: id,
            targetType: "team",
            targetId: String(id),
            outcome: "success",
            detail: { from_user_id: actor.user.id, to_user_id: newOwner.userId },
          })
        }
      })

      /** The team user who is to own the team, unless the owner names themselves. */
      const ownerToBe = traced("Teams.ownerToBe")(function* (
        teamId: number,
        ownerTeamUserId: number,
        userId: number,
      ) {
        const candidate = yield* teams.findTeamUser(teamId, userId)
        if (candidate === undefined || candidate.agreed_to_join !== 1) {
          return yield* InvalidInput.at("team.user_id", "is not a member of this team")
        }
        return candidate.id === ownerTeamUserId
          ? undefined
          : { teamUserId: candidate.id, userId: candidate.user_id, formerOwnerId: ownerTeamUserId }
      })

      return Teams.of({
        create,
        list: (actor, joined) => teams.listOfUser(actor.user.id, actor.app.id, joined),
        get: (actor, id) => access.teamFor(actor, id, "member"),
        update,
      })
    }),
  )
}
