/**
 * Tenancy and roles (docs/api.md, Tenancy and roles), in one place for every resource: this
 * service finds the actor's roles in the stores and decides with the domain's `Roles`.
 *
 * Only teams of the actor's current branded app count, and only team users who agreed to join
 * (an invitation not yet accepted gives no access). Whatever lies outside what the actor may see
 * is `NotFound`, so nobody learns that another tenant's object exists; what they may see but not
 * change is `Forbidden`.
 *
 * - A team is visible to its team users and to platform administrators; managers and owners
 *   manage it; one owner owns it.
 * - A channel is visible to the team users of its team. Its members read it (viewers and up),
 *   and so do the team's managers and owners; reporters also report, operators also operate
 *   (edit any report, change states), admins also administer (form, categories, states).
 * - An app is administered by platform administrators and by the administrators a platform
 *   administrator named for it (`isAppAdministrator`); no team role administers an app.
 */
import {
  type ChannelNeed,
  type ChannelRoles,
  channelRolesAllow,
  mayEditReport,
  type TeamNeed,
  type TeamRole,
  teamRoleAllows,
} from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { Forbidden, NotFound } from "../Errors.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { type ChannelAccessRow, type ChannelRow, ChannelStore } from "../store/ChannelStore.ts"
import { type TeamRow, TeamStore } from "../store/TeamStore.ts"
import { traced } from "../Traced.ts"
import type { Actor } from "./Authentication.ts"

/**
 * A team the actor may see, with the actor's team user and role in it (none for a platform
 * administrator outside it).
 */
export interface TeamAccess {
  readonly team: TeamRow
  readonly role: TeamRole | undefined
  readonly teamUserId: number | undefined
}

/** A channel the actor may use, with the actor's roles in it and its team. */
export interface ChannelAccess extends ChannelRoles {
  readonly channel: ChannelRow
}

const visibleChannel = (actor: Actor, row: ChannelAccessRow | undefined): ChannelAccess | undefined => {
  if (row === undefined || row.branded_app_id !== actor.app.id) return undefined
  if (row.team_role === null || row.agreed_to_join !== 1) return undefined
  const { branded_app_id: _app, team_role, agreed_to_join: _agreed, channel_role, ...channel } = row
  return { channel, channelRole: channel_role ?? undefined, teamRole: team_role }
}

/**
 * The access rules service.
 *
 * @example
 * ```ts
 * const access = yield* Access
 * const { channel } = yield* access.channelFor(actor, channelId, "administer")
 * ```
 */
export class Access extends Context.Service<
  Access,
  {
    /** The team, when the actor may do what `need` asks in it. */
    readonly teamFor: (
      actor: Actor,
      teamId: number,
      need: TeamNeed,
    ) => Effect.Effect<TeamAccess, NotFound | Forbidden>
    /** The channel, when the actor may do what `need` asks in it. */
    readonly channelFor: (
      actor: Actor,
      channelId: number,
      need: ChannelNeed,
    ) => Effect.Effect<ChannelAccess, NotFound | Forbidden>
    /**
     * The channels of the actor's current team the actor reads, by id; none without a current
     * team. What spans channels (the sync list, the deleted resources) reads these.
     */
    readonly readableChannels: (actor: Actor) => Effect.Effect<ReadonlyArray<ChannelAccess>>
    /** Whether the actor may edit the report (its `is_manageable_by`). */
    readonly canEditReport: (
      actor: Actor,
      report: { readonly channel_id: number; readonly user_id: number },
    ) => Effect.Effect<boolean>
    /**
     * Whether the actor administers the current app (`actor.app`): a platform administrator, or
     * one of the app's administrators.
     */
    readonly isAppAdministrator: (actor: Actor) => Effect.Effect<boolean>
  }
>()("api/services/Access") {
  static readonly layer = Layer.effect(
    Access,
    Effect.gen(function* () {
      const teams = yield* TeamStore
      const channels = yield* ChannelStore
      const apps = yield* BrandedAppStore

      const teamFor = traced("Access.teamFor")(function* (actor: Actor, teamId: number, need: TeamNeed) {
        const team = yield* teams.find(teamId)
        if (team === undefined || team.branded_app_id !== actor.app.id) {
          return yield* new NotFound({ resource: "team" })
        }
        const found = yield* teams.findTeamUser(teamId, actor.user.id)
        const teamUser = found?.agreed_to_join === 1 ? found : undefined
        const role = teamUser?.role
        if (role === undefined && actor.user.admin !== 1) return yield* new NotFound({ resource: "team" })
        if (need !== "member" && (role === undefined || !teamRoleAllows(role, need))) {
          return yield* new Forbidden({
            message:
              need === "own" ? "only the team's owner may do this" : "only the team's managers may do this",
          })
        }
        return { team, role, teamUserId: teamUser?.id }
      })

      const channelFor = traced("Access.channelFor")(function* (
        actor: Actor,
        channelId: number,
        need: ChannelNeed,
      ) {
        const access = visibleChannel(actor, yield* channels.access(channelId, actor.user.id))
        if (access === undefined) return yield* new NotFound({ resource: "channel" })
        if (!channelRolesAllow(access, need)) {
          return yield* new Forbidden({ message: forbiddenIn[need] })
        }
        return access
      })

      const readableChannels = traced("Access.readableChannels")(function* (actor: Actor) {
        if (actor.teamId === undefined) return []
        const rows = yield* channels.accessInTeam(actor.teamId, actor.user.id)
        return rows
          .map((row) => visibleChannel(actor, row))
          .filter((found): found is ChannelAccess => found !== undefined && channelRolesAllow(found, "read"))
      })

      const canEditReport = traced("Access.canEditReport")(function* (
        actor: Actor,
        report: { readonly channel_id: number; readonly user_id: number },
      ) {
        const access = visibleChannel(actor, yield* channels.access(report.channel_id, actor.user.id))
        return access !== undefined && mayEditReport(access.channelRole, actor.user.id, report)
      })

      const isAppAdministrator = traced("Access.isAppAdministrator")(function* (actor: Actor) {
        // A platform administrator needs no look-up (the importer often runs as one).
        return actor.user.admin === 1 || (yield* apps.isAdministrator(actor.app.id, actor.user.id))
      })

      return Access.of({ teamFor, channelFor, readableChannels, canEditReport, isAppAdministrator })
    }),
  )
}

const forbiddenIn: Record<ChannelNeed, string> = {
  read: "you are not a member of this channel",
  report: "only the channel's reporters, operators and admins may do this",
  operate: "only the channel's operators and admins may do this",
  administer: "only the channel's admins may do this",
}
