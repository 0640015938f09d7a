/**
 * `POST /api/v4/users` and `/api/v4/email_verifications`: signing up in a branded app that allows
 * it, and verifying the address (docs/api.md, Field apps and offline sync).
 */

import { EmailVerification, EmailVerified, SignUp } from "@fieldreport/domain/SignUp"
import { CreatedUser } from "@fieldreport/domain/User"
import { bare, created, envelope, group, one } from "../Endpoint.ts"

/** The sign-up endpoints. */
export const signUps = group({
  name: "Sign-up",
  noun: "user",
  description:
    "People make their own account in a branded app whose `self_sign_up` a platform administrator " +
    "turned on, then verify their e-mail address with the token of the e-mail sent to it. Until then " +
    "they may sign in but join no team: accepting an invitation, being added to a team directly and " +
    "creating a team are `403`. Open to anyone (no credentials), never to an API token (`403`).",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/users",
      operationId: "signUp",
      reach: "account",
      access: "public",
      appHeader: "required",
      summary: "Sign up",
      description:
        "In the app of `X-AppId` (required: `400` without it, `404` for an unknown app), when it allows " +
        "sign-up (`403` otherwise). The password must be strong (`422` naming `user.password`); an address " +
        "that has an account is `422` naming `user.email`. A verification e-mail goes out in the " +
        "background, its single-use token valid for a week. Throttled with password resets: 3 requests " +
        "an hour per e-mail address and 20 per client address (`429` with `Retry-After`).",
      body: envelope("user", SignUp),
      replies: { 201: created(CreatedUser, "The new user, who may sign in now.") },
      errors: [400, 403, 404, 422, 429],
    },
    {
      method: "post",
      path: "/api/v4/email_verifications",
      operationId: "verifyEmail",
      reach: "account",
      access: "public",
      summary: "Verify an e-mail address",
      description:
        "The token of the verification e-mail, once, within its week; an unknown, used or expired token " +
        "is `422` naming `token`. A lost or expired verification e-mail is made up for by a password " +
        "reset, which verifies the address too.",
      body: bare(EmailVerification),
      replies: { 200: one(EmailVerified, "The address, verified.") },
      errors: [403, 422],
    },
  ],
})
