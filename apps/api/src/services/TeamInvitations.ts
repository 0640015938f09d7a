/**
 * Invitations by e-mail address (docs/api.md, Invitations): a team's managers and owner, the app's
 * administrators and platform administrators invite an address to the team with a team role and
 * some of the team's channels, with a channel role.
 *
 * - An address that has an account follows the invitation of team users: the user is invited as
 *   `add_users_to_team_channels` invites with `send_email: true` (`TeamUsers`), then given the team
 *   role while they have not accepted.
 * - Any other address gets a pending invitation (one per team and address; inviting it again
 *   changes its roles and channels) and an e-mail with a link to the admin UI,
 *   `<base>/admin/#/accept-invitation?token=…`. The e-mail's job makes the token (`fri_`, kept as
 *   its digest) and replaces the one before it, so only the latest e-mail's link works; the link
 *   works once, until `invitationLifetime` after the invitation was sent.
 * - The holder of the token reads the team's name, the inviter's name and the address, nothing
 *   else, and accepts with their names and a password the rules accept: in one transaction the
 *   account is made (its address verified: the e-mail reached it), the invitation marked accepted
 *   (only the first of two requests at once gets it) and the user made a member of the team with
 *   the invited role and of the invited channels that still exist. They are then signed in to the
 *   team's app as a login does.
 * - A pending invitation is sent again, with a new token and expiry, at most once a day
 *   (`invitationInterval`, as team users are invited again), whether by inviting the address again
 *   (which then changes only roles and channels) or by asking to resend it (`429` within the day);
 *   its inviters may withdraw it, and its link stops working.
 * - Inviting and resending are throttled with the other account e-mails (`auth/MailThrottle.ts`).
 * - Audit events: `team_invitation.invited`, `.resent`, `.withdrawn` and `.accepted`.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { TeamInvitationAcceptance, TeamInvitationCreate } from "@fieldreport/domain/TeamInvitation"
import { Context, Duration, Effect, Layer, Redacted } from "effect"
import { adminLink, isUsable } from "../auth/EmailedToken.ts"
import { MailThrottle } from "../auth/MailThrottle.ts"
import { hashPassword } from "../auth/Password.ts"
import { requireStrong, userInputsOf } from "../auth/PasswordStrength.ts"
import { newToken, tokenDigest } from "../auth/Token.ts"
import { type Forbidden, NotFound, TooManyRequests, type Unauthorized } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner, type RunningJob } from "../jobs/JobRunner.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { isoIn, nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type TeamInvitationRow, TeamInvitationStore } from "../store/TeamInvitationStore.ts"
import { TeamStore } from "../store/TeamStore.ts"
import { TeamUserStore } from "../store/TeamUserStore.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import { type AuditEventInput, AuditLog } from "./AuditLog.ts"
import { type Actor, Authentication, type IssuedSession } from "./Authentication.ts"
import { Mailer, messageName } from "./Mailer.ts"
import { invitationInterval, TeamUsers } from "./TeamUsers.ts"

/** How long the link of an invitation e-mail works. */
export const invitationLifetime = Duration.days(7)

/**
 * The subject and text of an invitation to an address without an account.
 *
 * @example
 * ```ts
 * invitationByAddressMessage({ appName: "Fieldreport", teamName: "River care", inviterName: "Bo Lee",
 *   email: "ana@example.com", link: "https://…/admin/#/accept-invitation?token=fri_…" }).subject
 * // "Bo Lee invited you to join River care"
 * ```
 */
export const invitationByAddressMessage = (facts: {
  readonly appName: string
  readonly teamName: string
  readonly inviterName: string
  readonly email: string
  readonly link: string
}): { readonly subject: string; readonly text: string } => ({
  subject: `${facts.inviterName} invited you to join ${facts.teamName}`,
  text: [
    "Hello,",
    "",
    `${facts.inviterName} invited ${facts.email} to join the team ${facts.teamName} in ${facts.appName}.`,
    "To accept, open this link within a week, choose your name and a password, and you are in:",
    facts.link,
    "",
    "The link works once.",
    "",
    "If you did not expect this invitation, you can ignore this e-mail.",
  ].join("\n"),
})

const invitationNotFound = () => new NotFound({ resource: "invitation" })

const invalidToken = () =>
  InvalidInput.at("token", "is not a valid invitation token, or it was used, withdrawn or expired")

/**
 * The invitations-by-address service; its layer registers the job that mails them.
 *
 * @example
 * ```ts
 * const invitations = yield* TeamInvitations
 * const { sent } = yield* invitations.invite(actor, 4, { email: "ana@example.com", team_role: "team_member",
 *   channel_role: "reporter", channel_ids: [] }, baseUrl)
 * ```
 */
export class TeamInvitations extends Context.Service<
  TeamInvitations,
  {
    /**
     * Invites an address; `created` when a pending invitation was made (not for an account's
     * address, nor for an address invited already).
     */
    readonly invite: (
      actor: Actor,
      teamId: number,
      input: TeamInvitationCreate,
      baseUrl: string,
    ) => Effect.Effect<
      {
        readonly sent: {
          readonly email: string
          readonly invitation_id: number | null
          readonly team_user_id: number | null
        }
        readonly created: boolean
      },
      NotFound | Forbidden | InvalidInput | TooManyRequests
    >
    /** A page of the team's pending invitations. */
    readonly list: (
      actor: Actor,
      teamId: number,
      page: { readonly offset: number; readonly limit: number },
    ) => Effect.Effect<
      { readonly invitations: ReadonlyArray<TeamInvitationRow>; readonly total: number },
      NotFound | Forbidden
    >
    /** Sends a pending invitation again, with a new link; `429` within a day of the last time. */
    readonly resend: (
      actor: Actor,
      teamId: number,
      id: number,
      baseUrl: string,
    ) => Effect.Effect<TeamInvitationRow, NotFound | Forbidden | TooManyRequests>
    /** Withdraws a pending invitation: its link stops working. */
    readonly withdraw: (actor: Actor, teamId: number, id: number) => Effect.Effect<void, NotFound | Forbidden>
    /** What the holder of a token may read of its invitation. */
    readonly lookup: (
      token: string,
    ) => Effect.Effect<
      { readonly team_name: string; readonly inviter_name: string; readonly email: string },
      InvalidInput
    >
    /** Makes the account, joins the team and signs the new user in to the team's app. */
    readonly accept: (
      input: TeamInvitationAcceptance,
      client: { readonly clientAddress: string; readonly installationId?: string | undefined },
    ) => Effect.Effect<IssuedSession, InvalidInput | Unauthorized | TooManyRequests | NotFound>
  }
>()("api/services/TeamInvitations") {
  static readonly layer = Layer.effect(
    TeamInvitations,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const jobs = yield* JobRunner
      const throttle = yield* MailThrottle
      const access = yield* Access
      const teamUsers = yield* TeamUsers
      const authentication = yield* Authentication
      const store = yield* TeamInvitationStore
      const teams = yield* TeamStore
      const teamUserStore = yield* TeamUserStore
      const users = yield* UserStore
      const apps = yield* BrandedAppStore
      const mailer = yield* Mailer
      const audit = yield* AuditLog

      /** An event about an invitation of the team, by the actor. */
      const invitationEvent = (
        actor: { readonly userId: number; readonly appId: number },
        teamId: number,
        kind: AuditEventInput["kind"],
        targetType: "team_invitation" | "team_user",
        targetId: number,
        detail: NonNullable<AuditEventInput["detail"]>,
      ): AuditEventInput => ({
        kind,
        actorUserId: actor.userId,
        appId: actor.appId,
        teamId,
        targetType,
        targetId: String(targetId),
        outcome: "success",
        detail,
      })

      const actorOf = (actor: Actor) => ({ userId: actor.user.id, appId: actor.app.id })

      /** Managers and the owner of the team, and administrators of its app, may invite. */
      const requireInviter = traced("TeamInvitations.requireInviter")(function* (
        actor: Actor,
        teamId: number,
      ) {
        const team = yield* teams.find(teamId)
        if (team === undefined || team.branded_app_id !== actor.app.id)
          return yield* new NotFound({ resource: "team" })
        if (!(yield* access.isAppAdministrator(actor))) yield* access.teamFor(actor, teamId, "manage")
        return team
      })

      /** The team's pending invitation of an id. */
      const pendingOf = traced("TeamInvitations.pendingOf")(function* (teamId: number, id: number) {
        const found = yield* store.find(id)
        if (found === undefined || found.team_id !== teamId || found.accepted_at !== null)
          return yield* invitationNotFound()
        return found
      })

      const sinceLastMillis = (invitation: TeamInvitationRow, now: string) =>
        Date.parse(now) - Date.parse(invitation.last_invited_at)

      /** An address with an account is invited as a team user, then given the team role. */
      const inviteAccount = traced("TeamInvitations.inviteAccount")(function* (
        actor: Actor,
        teamId: number,
        userId: number,
        input: TeamInvitationCreate,
        baseUrl: string,
      ) {
        const cannotJoin = () =>
          InvalidInput.at("invitation.email", "belongs to an account that cannot join the team")
        // One transaction: the invitation and its team role are kept together, or neither.
        const { membership, roleBefore } = yield* inTransaction(
          Effect.gen(function* () {
            const result = yield* teamUsers.addUsers(
              actor,
              teamId,
              {
                users: [{ user_id: userId, role: input.channel_role, send_email: true }],
                channels: input.channel_ids.map((id) => ({ id, isSelected: true })),
              },
              baseUrl,
            )
            if (result.teams.flat().some(({ status }) => status === "error")) return yield* cannotJoin()
            const membership = yield* teamUserStore.membership(teamId, userId)
            if (membership === undefined) return yield* cannotJoin()
            const pending = membership.agreed_to_join === 0 && membership.role !== input.team_role
            if (pending) yield* teams.setRole(membership.id, input.team_role)
            return { membership, roleBefore: pending ? membership.role : undefined }
          }),
        )
        if (roleBefore !== undefined)
          yield* audit.record(
            invitationEvent(actorOf(actor), teamId, "team_user.role_changed", "team_user", membership.id, {
              user_id: userId,
              from: roleBefore,
              to: input.team_role,
            }),
          )
        return membership.id
      })

      const invite = traced("TeamInvitations.invite")(function* (
        actor: Actor,
        teamId: number,
        input: TeamInvitationCreate,
        baseUrl: string,
      ) {
        yield* requireInviter(actor, teamId)
        const teamChannels = new Set(yield* teamUserStore.teamChannelIds(teamId, input.channel_ids))
        const outside = input.channel_ids.findIndex((id) => !teamChannels.has(id))
        if (outside !== -1)
          return yield* InvalidInput.at(`invitation.channel_ids.${outside}`, "is not a channel of this team")
        yield* throttle.admit({ email: input.email, asker: { inviterId: actor.user.id } })

        const account = yield* users.findByEmail(input.email)
        if (account !== undefined) {
          const teamUserId = yield* inviteAccount(actor, teamId, account.id, input, baseUrl)
          return {
            sent: { email: account.email, invitation_id: null, team_user_id: teamUserId },
            created: false,
          }
        }

        const { invitation, created, mailed } = yield* inTransaction(
          Effect.gen(function* () {
            const now = yield* nowIso
            const expires_at = yield* isoIn(Duration.toMillis(invitationLifetime))
            const terms = {
              team_role: input.team_role,
              channel_role: input.channel_role,
              channel_ids: input.channel_ids,
              inviter_id: actor.user.id,
            }
            const mail = (id: number) =>
              jobs.enqueue(JobKinds.TeamInvitationMail, { invitation_id: id, base_url: baseUrl })
            const inserted = yield* store.insert({
              ...terms,
              team_id: teamId,
              email: input.email,
              expires_at,
              last_invited_at: now,
            })
            if (inserted !== undefined) {
              yield* mail(inserted.id)
              return { invitation: inserted, created: true, mailed: true }
            }
            // Invited already (by an earlier request, or one at the same time): its terms change.
            const pending = yield* store.pendingFor(teamId, input.email)
            if (pending === undefined) return yield* Effect.die(new Error("a pending invitation vanished"))
            const again = sinceLastMillis(pending, now) >= Duration.toMillis(invitationInterval)
            const changes = { ...terms, ...(again ? { last_invited_at: now, expires_at } : {}) }
            yield* store.update(pending.id, changes)
            if (again) yield* mail(pending.id)
            return { invitation: { ...pending, ...changes }, created: false, mailed: again }
          }),
        )
        yield* audit.record(
          invitationEvent(
            actorOf(actor),
            teamId,
            "team_invitation.invited",
            "team_invitation",
            invitation.id,
            {
              email: invitation.email,
              team_role: invitation.team_role,
              channel_role: invitation.channel_role,
              channel_ids: invitation.channel_ids.join(","),
              mailed,
            },
          ),
        )
        return {
          sent: { email: invitation.email, invitation_id: invitation.id, team_user_id: null },
          created,
        }
      })

      const list = traced("TeamInvitations.list")(function* (
        actor: Actor,
        teamId: number,
        page: { readonly offset: number; readonly limit: number },
      ) {
        yield* requireInviter(actor, teamId)
        return yield* store.listPending(teamId, page)
      })

      const resend = traced("TeamInvitations.resend")(function* (
        actor: Actor,
        teamId: number,
        id: number,
        baseUrl: string,
      ) {
        yield* requireInviter(actor, teamId)
        const pending = yield* pendingOf(teamId, id)
        const wait = Duration.toMillis(invitationInterval) - sinceLastMillis(pending, yield* nowIso)
        if (wait > 0) return yield* new TooManyRequests({ retryAfterSeconds: Math.ceil(wait / 1000) })
        yield* throttle.admit({ email: pending.email, asker: { inviterId: actor.user.id } })
        const changes = {
          last_invited_at: yield* nowIso,
          expires_at: yield* isoIn(Duration.toMillis(invitationLifetime)),
        }
        yield* inTransaction(
          Effect.gen(function* () {
            yield* store.update(pending.id, changes)
            yield* jobs.enqueue(JobKinds.TeamInvitationMail, {
              invitation_id: pending.id,
              base_url: baseUrl,
            })
          }),
        )
        yield* audit.record(
          invitationEvent(actorOf(actor), teamId, "team_invitation.resent", "team_invitation", pending.id, {
            email: pending.email,
          }),
        )
        return { ...pending, ...changes }
      })

      const withdraw = traced("TeamInvitations.withdraw")(function* (
        actor: Actor,
        teamId: number,
        id: number,
      ) {
        yield* requireInviter(actor, teamId)
        const pending = yield* pendingOf(teamId, id)
        if (!(yield* inTransaction(store.withdraw(pending.id)))) return yield* invitationNotFound()
        yield* audit.record(
          invitationEvent(
            actorOf(actor),
            teamId,
            "team_invitation.withdrawn",
            "team_invitation",
            pending.id,
            {
              email: pending.email,
            },
          ),
        )
      })

      /** The pending invitation of a token that still works. */
      const usableInvitation = traced("TeamInvitations.usableInvitation")(function* (token: string) {
        const found = yield* store.findByDigest(tokenDigest(token))
        if (
          found === undefined ||
          !isUsable({ used_at: found.accepted_at, expires_at: found.expires_at }, yield* nowIso)
        )
          return yield* invalidToken()
        const team = yield* teams.find(found.team_id)
        if (team === undefined) return yield* invalidToken()
        return { invitation: found, team }
      })

      const inviterNameOf = traced("TeamInvitations.inviterNameOf")(function* (
        invitation: TeamInvitationRow,
        teamName: string,
      ) {
        const inviter =
          invitation.inviter_id === null ? undefined : yield* users.findById(invitation.inviter_id)
        return inviter === undefined ? `The ${teamName} team` : `${inviter.first_name} ${inviter.last_name}`
      })

      const lookup = traced("TeamInvitations.lookup")(function* (token: string) {
        const { invitation, team } = yield* usableInvitation(token)
        return {
          team_name: team.name,
          inviter_name: yield* inviterNameOf(invitation, team.name),
          email: invitation.email,
        }
      })

      const accept = traced("TeamInvitations.accept")(function* (
        input: TeamInvitationAcceptance,
        client: { readonly clientAddress: string; readonly installationId?: string | undefined },
      ) {
        const { invitation, team } = yield* usableInvitation(Redacted.value(input.token))
        const app = yield* apps.findById(team.branded_app_id)
        if (app === undefined) return yield* invalidToken()
        const password = Redacted.value(input.password)
        yield* requireStrong(password, {
          field: "password",
          userInputs: userInputsOf({
            email: invitation.email,
            first_name: input.first_name,
            last_name: input.last_name,
          }),
        })
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash = yield* hashPassword(password)
        const joined = yield* inTransaction(
          Effect.gen(function* () {
            if ((yield* users.findByEmail(invitation.email)) !== undefined)
              return yield* InvalidInput.at(
                "token",
                "invites an address that has an account now: sign in, and ask the team to invite you again",
              )
            const user = yield* users.insert({
              email: invitation.email,
              first_name: input.first_name,
              last_name: input.last_name,
              password_hash,
              admin: false,
            })
            if (!(yield* store.accept(invitation.id, user.id))) return yield* invalidToken()
            const teamUser = yield* teams.insertTeamUser({
              team_id: team.id,
              user_id: user.id,
              role: invitation.team_role,
              agreed_to_join: true,
            })
            const channelIds = yield* teamUserStore.teamChannelIds(team.id, invitation.channel_ids)
            for (const channelId of channelIds)
              yield* teamUserStore.setChannelRole(channelId, user.id, invitation.channel_role, false)
            return { user, teamUserId: teamUser.id, channelIds }
          }),
        )
        yield* audit.record(
          invitationEvent(
            { userId: joined.user.id, appId: app.id },
            team.id,
            "team_invitation.accepted",
            "team_invitation",
            invitation.id,
            {
              user_id: joined.user.id,
              team_user_id: joined.teamUserId,
              team_role: invitation.team_role,
              channel_ids: joined.channelIds.join(","),
            },
          ),
        )
        return yield* authentication.login({
          bundleId: app.bundle_id,
          email: invitation.email,
          password,
          clientAddress: client.clientAddress,
          installationId: client.installationId,
        })
      })

      const deliver = traced("TeamInvitations.deliver")(function* (
        asked: JobKinds.TeamInvitationAsked,
        job: RunningJob,
      ) {
        const invitation = yield* store.find(asked.invitation_id)
        // Accepted or withdrawn since it was enqueued: nothing left to send.
        if (invitation === undefined || invitation.accepted_at !== null) return
        const team = yield* teams.find(invitation.team_id)
        if (team === undefined) return
        const app = yield* apps.findById(team.branded_app_id)
        const token = newToken("teamInvitation")
        yield* store.setToken(invitation.id, tokenDigest(token))
        const { subject, text } = invitationByAddressMessage({
          appName: app?.name ?? "Fieldreport",
          teamName: team.name,
          inviterName: yield* inviterNameOf(invitation, team.name),
          email: invitation.email,
          link: adminLink(asked.base_url, "accept-invitation", token),
        })
        yield* mailer.send(messageName("team-invitation", job.id), asked.base_url, {
          to: invitation.email,
          subject,
          text,
        })
      })

      yield* jobs.register(JobKinds.TeamInvitationMail, deliver)

      return TeamInvitations.of({ invite, list, resend, withdraw, lookup, accept })
    }),
  )
}
