/**
 * Signing up (docs/api.md, Field apps and offline sync): in a branded app that allows it, people
 * make their own account and then show that the e-mail address is theirs with the single-use token
 * of the verification e-mail. Until then they may sign in but join no team.
 */
import { Schema } from "effect"
import { Email, Name } from "./internal/wire.ts"
import { Secret } from "./Session.ts"
import { Password } from "./User.ts"

/**
 * The body of `POST /api/v4/users` (under `user`): the new account.
 *
 * @example
 * ```ts
 * decodeInput(SignUp, { email: "ana@example.com", first_name: "Ana", last_name: "Lee", password: "…" }, "user")
 * ```
 */
export const SignUp = Schema.Struct({
  email: Email,
  first_name: Name,
  last_name: Name,
  password: Password,
})
export type SignUp = typeof SignUp.Type

/**
 * The body of `POST /api/v4/email_verifications` (no envelope): the token of the verification
 * e-mail.
 *
 * @example
 * ```ts
 * decodeInput(EmailVerification, { token: "frv_…" })
 * ```
 */
export const EmailVerification = Schema.Struct({
  token: Secret,
})
export type EmailVerification = typeof EmailVerification.Type

/**
 * The answer of a verification: the address now verified.
 *
 * @example
 * ```ts
 * const answer: EmailVerified = { email: "ana@example.com" }
 * ```
 */
export const EmailVerified = Schema.Struct({
  email: Schema.String,
})
export type EmailVerified = typeof EmailVerified.Type
