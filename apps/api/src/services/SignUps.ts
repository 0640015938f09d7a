/**
 * Signing up (docs/api.md, Field apps and offline sync): in a branded app whose `self_sign_up` a
 * platform administrator turned on, people make their own account, then verify their e-mail
 * address with the token of the e-mail sent to it.
 *
 * - Sign-up is `403` in an app that does not allow it. The password must be strong
 *   (`auth/PasswordStrength.ts`); requests are then throttled with password resets
 *   (`auth/MailThrottle.ts`), so a taken address costs the asker the same as a new one.
 * - An address that has an account is `422` naming `user.email`. Hiding it would gain nothing: a
 *   new account signs in at once, so signing up and then signing in tells whether the address was
 *   free. The throttle bounds how fast anyone can ask, and an address someone else signed up with
 *   goes back to its owner through a password reset, which ends every session of the account and
 *   verifies the address.
 * - The new user is unverified (`users.email_verified` 0) until they follow the link of the
 *   verification e-mail, `<base>/admin/#/verify-email?token=…`, valid `tokenLifetime`. They may sign
 *   in meanwhile but join no team (`Teams`, `TeamUsers`). A job makes the token (kept as its
 *   digest) and mails it, unless the address was verified meanwhile.
 * - `user.signed_up` and `email.verified` go to the audit log.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { EmailVerification, SignUp } from "@fieldreport/domain/SignUp"
import { Context, Duration, Effect, Layer, Redacted } from "effect"
import { adminLink, issueToken, isUsable } from "../auth/EmailedToken.ts"
import { MailThrottle } from "../auth/MailThrottle.ts"
import { hashPassword } from "../auth/Password.ts"
import { requireStrong, userInputsOf } from "../auth/PasswordStrength.ts"
import { tokenDigest } from "../auth/Token.ts"
import { Forbidden, NotFound, type TooManyRequests } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner, type RunningJob } from "../jobs/JobRunner.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { EmailedTokenStore } from "../store/EmailedTokenStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { AuditLog } from "./AuditLog.ts"
import { Mailer, messageName } from "./Mailer.ts"

/**
 * `403` for a user who has not verified their e-mail address yet, who may not join a team: the
 * rule every way into a team applies (accepting an invitation, being added directly, creating one).
 *
 * @example
 * ```ts
 * yield* requireVerified(actor.user)
 * ```
 */
export const requireVerified = (user: Pick<UserRow, "email_verified">): Effect.Effect<void, Forbidden> =>
  user.email_verified === 1
    ? Effect.void
    : Effect.fail(
        new Forbidden({
          message:
            "verify your e-mail address before joining a team: follow the link of the e-mail sent when you " +
            "signed up (a password reset verifies it too)",
        }),
      )

/** How long a verification e-mail's link works. */
export const tokenLifetime = Duration.days(7)

/**
 * The subject and text of a verification e-mail.
 *
 * @example
 * ```ts
 * verificationMessage({ appName: "Tide watch", firstName: "Ana", link: "https://…/admin/#/verify-email?token=frv_…" })
 * ```
 */
export const verificationMessage = (facts: {
  readonly appName: string
  readonly firstName: string
  readonly link: string
}): { readonly subject: string; readonly text: string } => ({
  subject: `Verify your e-mail address for ${facts.appName}`,
  text: [
    `Hello ${facts.firstName},`,
    "",
    `Thank you for signing up to ${facts.appName}. To show that this e-mail address is yours, open`,
    "this link within a week:",
    facts.link,
    "",
    "Until then you can sign in, but not join a team.",
    "",
    "If you did not sign up, ignore this e-mail.",
  ].join("\n"),
})

/**
 * The sign-ups service; its layer registers the job that mails verifications.
 *
 * @example
 * ```ts
 * const signUps = yield* SignUps
 * const user = yield* signUps.signUp({ bundleId: "com.example.fieldapp", input, clientAddress, baseUrl })
 * ```
 */
export class SignUps extends Context.Service<
  SignUps,
  {
    /**
     * A new, unverified account in the app of `bundleId`: `404` for an unknown app, `403` when it
     * does not allow sign-up, `422` for a weak password or a taken address, `429` when throttled.
     */
    readonly signUp: (request: {
      readonly bundleId: string
      readonly input: SignUp
      readonly clientAddress: string
      readonly baseUrl: string
    }) => Effect.Effect<UserRow, NotFound | Forbidden | InvalidInput | TooManyRequests>
    /** Verifies the address of a verification token; answers it. */
    readonly verify: (input: EmailVerification) => Effect.Effect<string, InvalidInput>
  }
>()("api/services/SignUps") {
  static readonly layer = Layer.effect(
    SignUps,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const jobs = yield* JobRunner
      const throttle = yield* MailThrottle
      const users = yield* UserStore
      const apps = yield* BrandedAppStore
      const tokens = yield* EmailedTokenStore
      const mailer = yield* Mailer
      const audit = yield* AuditLog

      const signUp = traced("SignUps.signUp")(function* (request: {
        readonly bundleId: string
        readonly input: SignUp
        readonly clientAddress: string
        readonly baseUrl: string
      }) {
        const { input } = request
        const app = yield* apps.findByBundleId(request.bundleId)
        if (app === undefined) return yield* new NotFound({ resource: "branded app" })
        if (app.self_sign_up !== 1)
          return yield* new Forbidden({
            message: "this app does not allow signing up: ask its administrators for an account",
          })
        const password = Redacted.value(input.password)
        yield* requireStrong(password, { field: "user.password", userInputs: userInputsOf(input) })
        yield* throttle.admit({ email: input.email, asker: { clientAddress: request.clientAddress } })
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash = yield* hashPassword(password)
        const user = yield* inTransaction(
          Effect.gen(function* () {
            if ((yield* users.findByEmail(input.email)) !== undefined)
              return yield* InvalidInput.at("user.email", "is taken")
            const user = yield* users.insert({
              email: input.email,
              first_name: input.first_name,
              last_name: input.last_name,
              password_hash,
              admin: false,
              email_verified: false,
            })
            yield* jobs.enqueue(JobKinds.EmailVerificationMail, {
              user_id: user.id,
              app_id: app.id,
              base_url: request.baseUrl,
            })
            return user
          }),
        )
        yield* audit.record({
          kind: "user.signed_up",
          actorUserId: user.id,
          appId: app.id,
          teamId: null,
          targetType: "user",
          targetId: String(user.id),
          outcome: "success",
        })
        return user
      })

      const deliver = traced("SignUps.deliver")(function* (signedUp: JobKinds.SignedUp, job: RunningJob) {
        const user = yield* users.findById(signedUp.user_id)
        if (user === undefined || user.deactivated === 1 || user.email_verified === 1) return
        const app = yield* apps.findById(signedUp.app_id)
        const { token, digest, expires_at } = yield* issueToken("emailVerification", tokenLifetime)
        yield* tokens.insert({
          user_id: user.id,
          purpose: "email_verification",
          token_hash: digest,
          expires_at,
        })
        const { subject, text } = verificationMessage({
          appName: app?.name ?? "Fieldreport",
          firstName: user.first_name,
          link: adminLink(signedUp.base_url, "verify-email", token),
        })
        yield* mailer.send(messageName("email-verification", job.id), signedUp.base_url, {
          to: { name: `${user.first_name} ${user.last_name}`, address: user.email },
          subject,
          text,
        })
      })

      const invalidToken = () =>
        InvalidInput.at("token", "is not a valid verification token, or it was used or expired")

      const verify = traced("SignUps.verify")(function* (input: EmailVerification) {
        const found = yield* tokens.find(tokenDigest(Redacted.value(input.token)), "email_verification")
        if (found === undefined || !isUsable(found, yield* nowIso)) return yield* invalidToken()
        const user = yield* users.findById(found.user_id)
        if (user === undefined || user.deactivated === 1) return yield* invalidToken()
        yield* inTransaction(
          Effect.gen(function* () {
            if (!(yield* tokens.use(found.id))) return yield* invalidToken()
            yield* tokens.voidAll(user.id, "email_verification")
            yield* users.update(user.id, { email_verified: true })
          }),
        )
        yield* audit.record({
          kind: "email.verified",
          actorUserId: user.id,
          appId: null,
          teamId: null,
          targetType: "user",
          targetId: String(user.id),
          outcome: "success",
        })
        return user.email
      })

      yield* jobs.register(JobKinds.EmailVerificationMail, deliver)

      return SignUps.of({ signUp, verify })
    }),
  )
}
