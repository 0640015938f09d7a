/**
 * Password resets (docs/api.md, Field apps and offline sync): someone who forgot their password
 * asks for an e-mail by address, and sets a new password with the token it carries.
 *
 * - Asking answers the same for every address and does the same work for each: the request is
 *   throttled (`auth/MailThrottle.ts`) and a job enqueued; the job alone looks the address up, so
 *   neither the answer nor its timing tells whether the address has an account. An address without
 *   one, or a deactivated user's, gets no e-mail.
 * - The job makes the token (256 random bits behind `frp_`, kept as its digest, so no job or table
 *   ever holds it in clear) and mails a link to the admin UI's reset page,
 *   `<base>/admin/#/reset-password?token=…`, valid `tokenLifetime`. A job run again after its
 *   process died mails a fresh token under the same message name.
 * - Setting the password takes the token once, within its hour, and a password the rules accept
 *   (`auth/PasswordStrength.ts`). In one transaction the token is used (only the first of two
 *   requests at once gets it), every other reset token of the user made void, the password set,
 *   the address marked verified (the e-mail reached its owner) and every session of the user
 *   revoked. `password.reset` goes to the audit log. API tokens, which an administrator issues for
 *   integrations, stay.
 * - An hourly job deletes expired tokens and the throttle's old requests.
 */

import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { PasswordReset } from "@fieldreport/domain/PasswordReset"
import { Context, Duration, Effect, Layer, Redacted } from "effect"
import { adminLink, issueToken, isUsable } from "../auth/EmailedToken.ts"
import { limits, MailThrottle } from "../auth/MailThrottle.ts"
import { hashPassword } from "../auth/Password.ts"
import { requireStrong, userInputsOf } from "../auth/PasswordStrength.ts"
import { tokenDigest } from "../auth/Token.ts"
import { NotFound, type TooManyRequests } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner, type RunningJob } from "../jobs/JobRunner.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { EmailedTokenStore } from "../store/EmailedTokenStore.ts"
import { MailRequestStore } from "../store/MailRequestStore.ts"
import { SessionStore } from "../store/SessionStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { AuditLog } from "./AuditLog.ts"
import { Mailer, messageName } from "./Mailer.ts"

/** How long a reset e-mail's link works. */
export const tokenLifetime = Duration.hours(1)

const cleanupInterval = Duration.hours(1)

/**
 * The subject and text of a reset e-mail.
 *
 * @example
 * ```ts
 * resetMessage({ appName: "Tide watch", email: "ana@example.com", link: "https://…/admin/#/reset-password?token=frp_…" })
 * ```
 */
export const resetMessage = (facts: {
  readonly appName: string
  readonly email: string
  readonly link: string
}): { readonly subject: string; readonly text: string } => ({
  subject: `Reset your ${facts.appName} password`,
  text: [
    "Hello,",
    "",
    `Someone asked to reset the password of the ${facts.appName} account of ${facts.email}.`,
    "To choose a new password, open this link within an hour:",
    facts.link,
    "",
    "The link works once. Every device signed in to the account is signed out when the password changes.",
    "",
    "If you did not ask for this, ignore this e-mail: your password stays as it is.",
  ].join("\n"),
})

/**
 * The password resets service; its layer registers the jobs that mail resets and clean up.
 *
 * @example
 * ```ts
 * const resets = yield* PasswordResets
 * yield* resets.request({ email: "ana@example.com", clientAddress, bundleId: "com.example.fieldapp", baseUrl })
 * ```
 */
export class PasswordResets extends Context.Service<
  PasswordResets,
  {
    /** Sends a reset e-mail in the background when the address has an account; `429` when throttled. */
    readonly request: (input: {
      readonly email: string
      readonly clientAddress: string
      /** The bundle id of the app asked in (`X-AppId`), named in the e-mail; `404` when unknown. */
      readonly bundleId: string | undefined
      readonly baseUrl: string
    }) => Effect.Effect<void, NotFound | TooManyRequests>
    /**
     * Sets the new password with a reset token; answers the account's address. Given `email`, the
     * account's address must be it (`422` naming `email` otherwise).
     */
    readonly reset: (
      input: PasswordReset & { readonly email?: string },
    ) => Effect.Effect<string, InvalidInput>
  }
>()("api/services/PasswordResets") {
  static readonly layer = Layer.effect(
    PasswordResets,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const jobs = yield* JobRunner
      const throttle = yield* MailThrottle
      const users = yield* UserStore
      const apps = yield* BrandedAppStore
      const sessions = yield* SessionStore
      const tokens = yield* EmailedTokenStore
      const requests = yield* MailRequestStore
      const mailer = yield* Mailer
      const audit = yield* AuditLog

      const request = traced("PasswordResets.request")(function* (input: {
        readonly email: string
        readonly clientAddress: string
        readonly bundleId: string | undefined
        readonly baseUrl: string
      }) {
        const app = input.bundleId === undefined ? undefined : yield* apps.findByBundleId(input.bundleId)
        if (input.bundleId !== undefined && app === undefined)
          return yield* new NotFound({ resource: "branded app" })
        yield* throttle.admit({ email: input.email, asker: { clientAddress: input.clientAddress } })
        yield* jobs.enqueue(JobKinds.PasswordResetMail, {
          email: input.email,
          app_id: app?.id ?? null,
          base_url: input.baseUrl,
        })
      })

      const deliver = traced("PasswordResets.deliver")(function* (
        payload: JobKinds.PasswordResetAsked,
        job: RunningJob,
      ) {
        const user = yield* users.findByEmail(payload.email)
        if (user === undefined || user.deactivated === 1) return
        const app = payload.app_id === null ? undefined : yield* apps.findById(payload.app_id)
        const { token, digest, expires_at } = yield* issueToken("passwordReset", tokenLifetime)
        yield* tokens.insert({ user_id: user.id, purpose: "password_reset", token_hash: digest, expires_at })
        const { subject, text } = resetMessage({
          appName: app?.name ?? "Fieldreport",
          email: user.email,
          link: adminLink(payload.base_url, "reset-password", token),
        })
        yield* mailer.send(messageName("password-reset", job.id), payload.base_url, {
          to: { name: `${user.first_name} ${user.last_name}`, address: user.email },
          subject,
          text,
        })
      })

      const invalidToken = () =>
        InvalidInput.at("token", "is not a valid reset token, or it was used or expired")

      const reset = traced("PasswordResets.reset")(function* (
        input: PasswordReset & { readonly email?: string },
      ) {
        const found = yield* tokens.find(tokenDigest(Redacted.value(input.token)), "password_reset")
        if (found === undefined || !isUsable(found, yield* nowIso)) return yield* invalidToken()
        const user = yield* users.findById(found.user_id)
        if (user === undefined || user.deactivated === 1) return yield* invalidToken()
        if (input.email !== undefined && input.email.trim().toLowerCase() !== user.email)
          return yield* InvalidInput.at("email", "is not the address the reset e-mail was sent to")
        const password = Redacted.value(input.password)
        yield* requireStrong(password, { field: "password", userInputs: userInputsOf(user) })
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash = yield* hashPassword(password)
        yield* inTransaction(
          Effect.gen(function* () {
            if (!(yield* tokens.use(found.id))) return yield* invalidToken()
            yield* tokens.voidAll(user.id, "password_reset")
            yield* users.update(user.id, { password_hash, email_verified: true })
            yield* sessions.revokeAllOf(user.id)
          }),
        )
        yield* audit.record({
          kind: "password.reset",
          actorUserId: user.id,
          appId: null,
          teamId: null,
          targetType: "user",
          targetId: String(user.id),
          outcome: "success",
        })
        return user.email
      })

      const cleanup = Effect.gen(function* () {
        const now = yield* nowIso
        const expired = yield* tokens.deleteExpired(now)
        const old = yield* requests.deleteOlder(new Date(Date.parse(now) - limits.windowMillis).toISOString())
        if (expired + old > 0)
          yield* Effect.logInfo(`removed ${expired} expired e-mailed tokens, ${old} mail requests`)
      }).pipe(Effect.withSpan("PasswordResets.cleanup"))

      yield* jobs.register(JobKinds.PasswordResetMail, deliver)
      yield* jobs.register(JobKinds.AccountMailCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.AccountMailCleanup, {}, cleanupInterval)

      return PasswordResets.of({ request, reset })
    }),
  )
}
