/**
 * Invitation e-mails (api-decisions §3, §9, §11): a user added to a team's channels with
 * `send_email: true` gets an e-mail saying who invited them where and how to accept.
 *
 * The e-mail is sent by a background job (`mail.invitation`) enqueued in the caller's
 * transaction, so a slow or unreachable mail server never holds up the request, a failure is
 * retried, and no e-mail goes out for a request that rolled back. The job reads the team and the
 * user when it runs, and sends nothing once the invitation has been accepted.
 *
 * Mail goes through nodemailer: to the SMTP server of `FIELDREPORT_SMTP_URL` when it is set,
 * otherwise into `<dataDir>/mail/` as one `.eml` file per message, which is enough for a single
 * machine and for tests, and loses nothing while no mail server is configured.
 */
import { randomUUID } from "node:crypto"
import { mkdir, rename, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { createTransport } from "nodemailer"
import type Mail from "nodemailer/lib/mailer"
import { AppConfig } from "../Config.ts"
import { JobRunner, jobKind } from "../jobs/JobRunner.ts"
import { type InvitationFacts, TeamUserStore } from "../store/TeamUserStore.ts"
import { UserStore } from "../store/UserStore.ts"

/**
 * An invitation to send: the invited team user, who invited them, the channels they were added
 * to, and the address the service is reached at (for the link in the e-mail).
 */
const Invitation = Schema.Struct({
  team_user_id: Schema.Int,
  inviter_id: Schema.Int,
  channel_ids: Schema.Array(Schema.Int),
  base_url: Schema.String,
})

/** The payload of an invitation job. */
export type Invitation = typeof Invitation.Type

/** Sends one invitation e-mail. */
export const InvitationJob = jobKind("mail.invitation", Invitation)

/** The mail server refused the message, or the message could not be written. */
export class MailNotSent extends Schema.TaggedError<MailNotSent>()("MailNotSent", {
  message: Schema.String,
}) {}

const notSent = (cause: unknown) =>
  new MailNotSent({ message: cause instanceof Error ? cause.message : String(cause) })

/** Sends one message. */
type Send = (message: Mail.Options) => Effect.Effect<void, MailNotSent>

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
  const link = `${baseUrl}/api/v4/teams/${facts.team_id}/team_users/${facts.team_user_id}`
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

/** Writes each message to `directory` as an `.eml` file, renamed into place once complete. */
const fileSender = (directory: string): Send => {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: "windows" })
  return (message) =>
    Effect.gen(function* () {
      const info = yield* Effect.tryPromise({ try: () => transporter.sendMail(message), catch: notSent })
      const millis = yield* Clock.currentTimeMillis
      const name = `${new Date(millis).toISOString().replace(/[:.]/g, "-")}-${randomUUID()}.eml`
      const partial = join(directory, `.${name}.partial`)
      yield* Effect.tryPromise({ try: () => mkdir(directory, { recursive: true }), catch: notSent })
      // `buffer: true` makes the transport answer the message as a Buffer rather than a stream.
      yield* Effect.tryPromise({ try: () => writeFile(partial, info.message as Buffer), catch: notSent })
      yield* Effect.tryPromise({ try: () => rename(partial, join(directory, name)), catch: notSent })
    })
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
    readonly invite: (invitation: Invitation) => Effect.Effect<void>
  }
>()("api/services/Invitations") {
  static readonly layer = Layer.effect(
    Invitations,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const jobs = yield* JobRunner
      const teamUsers = yield* TeamUserStore
      const users = yield* UserStore

      const send: Send = yield* Option.match(config.smtpUrl, {
        onNone: () => Effect.succeed(fileSender(join(config.dataDir, "mail"))),
        onSome: (url) =>
          Effect.map(
            Effect.acquireRelease(
              Effect.sync(() => createTransport(url)),
              (transporter) => Effect.sync(() => transporter.close()),
            ),
            (transporter): Send =>
              (message) =>
                Effect.tryPromise({ try: () => transporter.sendMail(message), catch: notSent }).pipe(
                  Effect.asVoid,
                ),
          ),
      })

      const deliver = Effect.fn("Invitations.deliver")(function* (invitation: Invitation) {
        const facts = yield* teamUsers.invitationFacts(invitation.team_user_id)
        // Accepted (or added at once) since it was enqueued: nothing left to invite to.
        if (facts === undefined || facts.agreed_to_join === 1) return
        const inviter = yield* users.findById(invitation.inviter_id)
        const inviterName =
          inviter === undefined ? `The ${facts.team_name} team` : `${inviter.first_name} ${inviter.last_name}`
        const channelNames = yield* teamUsers.channelNames(invitation.channel_ids)
        const { subject, text } = invitationMessage(facts, inviterName, channelNames, invitation.base_url)
        yield* send({
          from: config.mailFrom,
          to: { name: `${facts.first_name} ${facts.last_name}`, address: facts.email },
          subject,
          text,
        })
      })

      yield* jobs.register(InvitationJob, deliver)

      return Invitations.of({
        invite: (invitation) => Effect.asVoid(jobs.enqueue(InvitationJob, invitation)),
      })
    }),
  )
}
