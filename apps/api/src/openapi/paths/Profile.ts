/**
 * `/api/v4/users/me` and `/api/v4/branded_app`: the current user and the current branded app
 * (api-decisions §2, §4, §9).
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
      description: "`image_attachment_id` sets the picture shown as `user_image` on the user's reports.",
      body: envelope("user", UserUpdate),
      replies: { 200: one(User, "The current user.") },
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
