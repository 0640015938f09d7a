/**
 * `/api/v4/reset_passwords`: resetting a forgotten password by e-mail (docs/api.md, Field apps and
 * offline sync).
 */
import {
  PasswordReset,
  PasswordResetAnswer,
  PasswordResetRequest,
  PasswordUpdateWithToken,
} from "@fieldreport/domain/PasswordReset"
import { bare, bareOrForm, group, one } from "../Endpoint.ts"

/** The password reset endpoints. */
export const passwordResets = group({
  name: "Password reset",
  noun: "password reset",
  description:
    "Someone who forgot their password asks for a reset e-mail and sets a new password with its token. " +
    "Both are open to anyone (no credentials) and never to an API token (`403`).",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/reset_passwords/request_token",
      operationId: "requestPasswordReset",
      reach: "account",
      access: "public",
      summary: "Ask for a password reset e-mail",
      description:
        "Answers `200` with the address as sent, whether or not it has an account, and does the same work " +
        "either way: the e-mail is sent in the background, only to an account's address (not a " +
        "deactivated one's), with a link to the admin UI holding a single-use token valid for an hour. " +
        "Throttled: 3 requests an hour per e-mail address and 20 per client address, counted with " +
        "sign-ups (`429` with `Retry-After`).",
      body: bare(PasswordResetRequest),
      replies: { 200: one(PasswordResetAnswer, "The address, whether or not it has an account.") },
      errors: [403, 422, 429],
    },
    {
      method: "post",
      path: "/api/v4/reset_passwords",
      operationId: "resetPassword",
      reach: "account",
      access: "public",
      summary: "Set a new password with a reset token",
      description:
        "The token of the reset e-mail, once, within its hour; an unknown, used or expired token is `422` " +
        "naming `token`. The new password must be strong (`422` naming `password`, saying why). Every " +
        "session of the user ends, every other reset token of theirs is void, and the e-mail address " +
        "counts as verified, since the e-mail reached its owner.",
      body: bare(PasswordReset),
      replies: { 200: one(PasswordResetAnswer, "The account's address, to sign in with.") },
      errors: [403, 422],
    },
    {
      method: "put",
      path: "/api/v4/reset_passwords/update_password",
      operationId: "updatePasswordWithResetToken",
      reach: "account",
      access: "public",
      summary: "Set a new password with a reset token, as older clients spell it",
      description:
        "The same reset as `POST /api/v4/reset_passwords`, with the fields older clients send: the " +
        "account's address (`422` naming `email` when the token is another account's), the token as " +
        "`reset_token` (`422` naming it when unknown, used or expired), and the new password twice " +
        "(`422` naming `password_confirmation` when they differ). The body is JSON or, as those clients " +
        "send it by default, an HTML form of the same fields.",
      body: bareOrForm(PasswordUpdateWithToken),
      replies: { 200: one(PasswordResetAnswer, "The account's address, to sign in with.") },
      errors: [403, 422],
    },
  ],
})
