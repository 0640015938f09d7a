/**
 * `/api/v4/users/me` and `/api/v4/branded_app`: the current user and the current branded app
 * (docs/api.md, The current user and app).
 */
import { BrandedApp } from "@fieldreport/domain/BrandedApp"
import { User, UserUpdate } from "@fieldreport/domain/User"
import { envelope, type Group, one } from "../Endpoint.ts"

/** The endpoints of the current user and app. */
export const profile: Group = {
  name: "Current user and app",
  noun: "user",
  description:
    "The user the credentials belong to and the branded app named by `X-AppId`. Mobile apps report their " +
    "device state here; it shows in team users.",
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
    {
      method: "get",
      path: "/api/v4/branded_app",
      operationId: "getCurrentBrandedApp",
      summary: "Read the current branded app",
      replies: { 200: one(BrandedApp, "The branded app of `X-AppId`, or of the session.") },
    },
  ],
}
