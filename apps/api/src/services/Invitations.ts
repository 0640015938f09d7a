/**
 * Invitation e-mails (docs/api.md, Invitations): a user added to a team's channels with
 * `send_email: true` gets an e-mail saying who invited them where and how to accept.
 *
 * The e-mail is sent by a background job (`mail.invitation`) enqueued in the caller's
 * transaction, so a slow or unreachable mail server never holds up the request, a failure is
 * retried, and no e-mail goes out for a request that rolled back. The job reads the team and the
 * user when it runs, and sends nothing once the invitation has been accepted.
 *
 * The message goes out through the `Mailer`, named after its job (`invitation-<job id>`).
 */
import { href } from "@fieldreport/contract/Api"
import { Context, Effect, Layer } from "effect"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner, type RunningJob } from "../jobs/JobRunner.ts"
import { type InvitationFacts, TeamUserStore } from "../store/TeamUserStore.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { Mailer, messageName } from "./Mailer.ts"

/**
 * The subject and text of an invitation.
 *
 * @example
 * ```ts
 * invitationMessage(facts, "Bo Lee", ["Harbour"], "https://reports.example.com").subject
 * // "Bo Lee invited you to join River care"
 * ```
 */
export const invitationMessage = (
  facts: InvitationFacts,
  inviterName: string,
  channelNames: ReadonlyArray<string>,
  baseUrl: string,
): { readonly subject: string; readonly text: string } => {
  const link = `${baseUrl}${href("getTeamUser", { team_id: facts.team_id, id: facts.team_user_id })}`
  const channels = channelNames.length === 0 ? "" : ` You will see the channels ${channelNames.join(", ")}.`
  return {
    subject: `${inviterName} invited you to join ${facts.team_name}`,
    text: [
      `Hello ${facts.first_name},`,
      "",
      `${inviterName} invited you to join the team ${facts.team_name} in ${facts.app_name}.${channels}`,
      "",
      `To accept, sign in to ${facts.app_name} with this e-mail address (${facts.email}) and accept the invitation to ${facts.team_name}.`,
      "The team stays hidden from you until you accept.",
      "",
      "Your invitation:",
      link,
      "",
      "An app or integration accepts it with this request, signed in as you:",
      `PATCH ${link}`,
      '{"team_user": {"agreed_to_join": true}}',
      "",
      "If you did not expect this invitation, you can ignore this e-mail.",
    ].join("\n"),
  }
}

/**
 * The invitations service; its layer registers the job that sends them.
 *
 * @example
 * ```ts
 * yield* sql.withTransaction(Effect.gen(function* () {
 *   yield* (yield* Invitations).invite({ team_user_id: 12, inviter_id: 3, channel_ids: [4], base_url })
 * }))
 * ```
 */
export class Invitations extends Context.Service<
  Invitations,
  {
    /** Sends the invitation in the background, once the caller's transaction commits. */
    readonly invite: (invitation: JobKinds.Invitation) => Effect.Effect<void>
  }
>()("api/services/Invitations") {
  static readonly layer = Layer.effect(
    Invitations,
    Effect.gen(function* () {
      const jobs = yield* JobRunner
      const teamUsers = yield* TeamUserStore
      const users = yield* UserStore
      const mailer = yield* Mailer

      const deliver = traced("Invitations.deliver")(function* (
        invitation: JobKinds.Invitation,
        job: RunningJob,
      ) {
        const facts = yield* teamUsers.invitationFacts(invitation.team_user_id)
        // Accepted (or added at once) since it was enqueued: nothing left to invite to.
        if (facts === undefined || facts.agreed_to_join === 1) return
        const inviter = yield* users.findById(invitation.inviter_id)
        const inviterName =
          inviter === undefined ? `The ${facts.team_name} team` : `${inviter.first_name} ${inviter.last_name}`
        const channelNames = yield* teamUsers.channelNames(invitation.channel_ids)
        const { subject, text } = invitationMessage(facts, inviterName, channelNames, invitation.base_url)
        yield* mailer.send(messageName("invitation", job.id), invitation.base_url, {
          to: { name: `${facts.first_name} ${facts.last_name}`, address: facts.email },
          subject,
          text,
        })
      })

      yield* jobs.register(JobKinds.InvitationMail, deliver)

      return Invitations.of({
        invite: (invitation) => Effect.asVoid(jobs.enqueue(JobKinds.InvitationMail, invitation)),
      })
    }),
  )
}
