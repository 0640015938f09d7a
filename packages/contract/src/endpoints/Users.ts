/**
 * `/api/v4/users/me`: the current user (docs/api.md, The current user and app).
 */
import { User, UserUpdate } from "@fieldreport/domain/User"
import { envelope, group, one } from "../Endpoint.ts"

/** The endpoints of the current user. */
export const users = group({
  name: "Current user",
  noun: "user",
  description:
    "The user the credentials belong to. Mobile apps report their device state here; it shows in team users.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/users/me",
      operationId: "getCurrentUser",
      summary: "Read the current user",
      replies: { 200: one(User, "The current user.") },
    },
    {
      method: "patch",
      path: "/api/v4/users/me",
      operationId: "updateCurrentUser",
      summary: "Update the current user",
      description:
        "`image_attachment_id` sets the picture shown as `user_image` on the user's reports. A new " +
        "`password` needs `current_password`: `422` naming `user.current_password` without it, `403` when " +
        "it is wrong (counted as a failed login from the client's address, so `429` with `Retry-After` " +
        "once the login throttle holds). The new password must be at least 10 characters and hard to " +
        "guess (a strength estimate that knows common passwords, words, names, keyboard patterns and the " +
        "user's own e-mail address and names); a weak one is `422` naming `user.password` and saying why. " +
        "Every other session of the user is revoked. API tokens never change the password (`403`).",
      body: envelope("user", UserUpdate),
      replies: { 200: one(User, "The current user.") },
      errors: [403, 422, 429],
    },
  ],
})
