/**
 * Password resets (docs/api.md, Field apps and offline sync): someone who forgot their password
 * asks for a reset by e-mail address, and sets a new password with the single-use token the e-mail
 * carries. The answer to the request is the same for every address, so nobody learns from it
 * whether an address has an account.
 */
import { Schema } from "effect"
import { Email } from "./internal/wire.ts"
import { Secret } from "./Session.ts"
import { Password } from "./User.ts"

/**
 * The body of `POST /api/v4/reset_passwords/request_token` (no envelope): the address to send
 * the reset e-mail to, when it has an account.
 *
 * @example
 * ```ts
 * decodeInput(PasswordResetRequest, { email: "ana@example.com" })
 * ```
 */
export const PasswordResetRequest = Schema.Struct({
  email: Email,
})
export type PasswordResetRequest = typeof PasswordResetRequest.Type

/**
 * The answer of a password reset's request and of the reset itself: the address, as the request
 * named it (the request) or as the account has it (the reset).
 *
 * @example
 * ```ts
 * const answer: PasswordResetAnswer = { email: "ana@example.com" }
 * ```
 */
export const PasswordResetAnswer = Schema.Struct({
  email: Schema.String,
})
export type PasswordResetAnswer = typeof PasswordResetAnswer.Type

/**
 * The body of `POST /api/v4/reset_passwords` (no envelope): the token of the reset e-mail and the
 * new password, which the password rules hold to as everywhere.
 *
 * @example
 * ```ts
 * decodeInput(PasswordReset, { token: "frp_…", password: "kiwi fern harbour tide" })
 * ```
 */
export const PasswordReset = Schema.Struct({
  token: Secret,
  password: Password,
})
export type PasswordReset = typeof PasswordReset.Type

/**
 * The body of `PUT /api/v4/reset_passwords/update_password` (no envelope), the reset as older
 * clients spell it: the account's address, the token of the reset e-mail, and the new password
 * twice.
 *
 * @example
 * ```ts
 * decodeInput(PasswordUpdateWithToken, {
 *   email: "ana@example.com", reset_token: "frp_…",
 *   password: "kiwi fern harbour tide", password_confirmation: "kiwi fern harbour tide",
 * })
 * ```
 */
export const PasswordUpdateWithToken = Schema.Struct({
  email: Email,
  reset_token: Secret,
  password: Password,
  password_confirmation: Secret,
})
export type PasswordUpdateWithToken = typeof PasswordUpdateWithToken.Type
