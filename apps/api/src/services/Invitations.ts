/**
 * Invitation e-mails (docs/api.md, Invitations): a user added to a team's channels with
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
 *
 * A job runs again when its process dies before recording it done, so each message is named
 * after its job: the file is `invitation-<job id>.eml` (a rerun replaces it) and the Message-ID
 * is `<invitation-<job id>@<host of the service>>`, by which a mail server or reader that got it twice can tell
 * it is one message. (Over SMTP no sender can do better: a crash between the server's "250" and
 * the job's record can always repeat the delivery.)
 */
import { mkdir, rename, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { href } from "@fieldreport/contract/Api"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { createTransport } from "nodemailer"
import type Mail from "nodemailer/lib/mailer"
import { AppConfig } from "../Config.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner, type RunningJob } from "../jobs/JobRunner.ts"
import { type InvitationFacts, TeamUserStore } from "../store/TeamUserStore.ts"
import { UserStore } from "../store/UserStore.ts"

/** The mail server refused the message, or the message could not be written. */
export class MailNotSent extends Schema.TaggedError<MailNotSent>()("MailNotSent", {
  message: Schema.String,
}) {}

const notSent = (cause: unknown) =>
  new MailNotSent({ message: cause instanceof Error ? cause.message : String(cause) })

/** Sends one message; `name` is unique to it and the same for every attempt at it. */
type Send = (name: string, message: Mail.Options) => Effect.Effect<void, MailNotSent>

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
 * Writes each message to `directory` as `<name>.eml`, renamed into place once complete, so the
 * same message written again replaces itself.
 */
const fileSender = (directory: string): Send => {
  const transporter = createTransport({ streamTransport: true, buffer: true, newline: "windows" })
  return (name, message) =>
    Effect.gen(function* () {
      const info = yield* Effect.tryPromise({ try: () => transporter.sendMail(message), catch: notSent })
      const file = `${name}.eml`
      // Unique to the attempt: two attempts at once (a lease that expired under a slow one) never
      // write into one partial file.
      const partial = join(directory, `.${file}.${process.pid}-${yield* Clock.currentTimeMillis}.partial`)
      yield* Effect.tryPromise({ try: () => mkdir(directory, { recursive: true }), catch: notSent })
      // `buffer: true` makes the transport answer the message as a Buffer rather than a stream.
      yield* Effect.tryPromise({ try: () => writeFile(partial, info.message as Buffer), catch: notSent })
      yield* Effect.tryPromise({ try: () => rename(partial, join(directory, file)), catch: notSent })
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
    readonly invite: (invitation: JobKinds.Invitation) => Effect.Effect<void>
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
              (_name, message) =>
                Effect.tryPromise({ try: () => transporter.sendMail(message), catch: notSent }).pipe(
                  Effect.asVoid,
                ),
          ),
      })

      const deliver = Effect.fn("Invitations.deliver")(function* (
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
        // Zero-padded, so the files sort in the order the invitations were made.
        const name = `invitation-${String(job.id).padStart(12, "0")}`
        yield* send(name, {
          messageId: `<${name}@${new URL(invitation.base_url).hostname}>`,
          from: config.mailFrom,
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
