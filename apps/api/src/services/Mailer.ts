/**
 * Sending e-mail, for every message the service writes (invitations, password resets, address
 * verifications). Mail goes through nodemailer: to the SMTP server of `FIELDREPORT_SMTP_URL` when
 * it is set, otherwise into `<dataDir>/mail/` as one `.eml` file per message, which is enough for a
 * single machine and for tests, and loses nothing while no mail server is configured.
 *
 * Messages are sent by background jobs, which run again when their process dies before recording
 * them done, so each message is named after its job (`invitation-<job id>`): the file of a rerun
 * replaces the first, and the Message-ID `<name@host of the service>` lets a mail server or reader
 * that got it twice tell it is one message. (Over SMTP no sender can do better: a crash between the
 * server's "250" and the job's record can always repeat the delivery.)
 */
import { mkdir, rename, writeFile } from "node:fs/promises"
import { join } from "node:path"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import { createTransport } from "nodemailer"
import type Mail from "nodemailer/lib/mailer"
import { AppConfig } from "../Config.ts"

/** The mail server refused the message, or the message could not be written. */
export class MailNotSent extends Schema.TaggedError<MailNotSent>()("MailNotSent", {
  message: Schema.String,
}) {}

const notSent = (cause: unknown) =>
  new MailNotSent({ message: cause instanceof Error ? cause.message : String(cause) })

/** Sends one message; `name` is unique to it and the same for every attempt at it. */
type Send = (name: string, message: Mail.Options) => Effect.Effect<void, MailNotSent>

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
 * The name of a job's message: its kind and the job's id, zero-padded so that the files sort in
 * the order the jobs were made.
 *
 * @example
 * ```ts
 * messageName("invitation", 42) // "invitation-000000000042"
 * ```
 */
export const messageName = (kind: string, jobId: number): string =>
  `${kind}-${String(jobId).padStart(12, "0")}`

/**
 * The mailer.
 *
 * @example
 * ```ts
 * const mailer = yield* Mailer
 * yield* mailer.send(messageName("invitation", job.id), baseUrl, { to, subject, text })
 * ```
 */
export class Mailer extends Context.Service<
  Mailer,
  {
    /**
     * Sends a message from `FIELDREPORT_MAIL_FROM`, its Message-ID made of `name` and the host of
     * `baseUrl` (the address the service is reached at).
     */
    readonly send: (
      name: string,
      baseUrl: string,
      message: Pick<Mail.Options, "to" | "subject" | "text">,
    ) => Effect.Effect<void, MailNotSent>
  }
>()("api/services/Mailer") {
  static readonly layer = Layer.effect(
    Mailer,
    Effect.gen(function* () {
      const config = yield* AppConfig
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
      return Mailer.of({
        send: (name, baseUrl, message) =>
          send(name, {
            ...message,
            messageId: `<${name}@${new URL(baseUrl).hostname}>`,
            from: config.mailFrom,
          }),
      })
    }),
  )
}
