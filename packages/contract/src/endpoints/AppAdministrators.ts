/**
 * `/api/v4/admin/branded_apps/{id}` and its administrators: who administers a branded app
 * (docs/api.md, Tenancy and roles).
 */
import {
  AdminBrandedApp,
  AppAdministrator,
  AppAdministratorCreate,
} from "@fieldreport/domain/AppAdministrator"
import { bare, done, group, one } from "../Endpoint.ts"

const sessionOnly =
  "Platform administrators only, signed in as a person: an API token is `403`, even a platform administrator's."

/** The app administrator endpoints. */
export const appAdministrators = group({
  name: "App administrators",
  noun: "app administrator",
  description:
    "The administrators of a branded app: they create, change and delete the app's shapes and add people " +
    "to any team of the app directly (without the invitation a team's managers send). Set by platform " +
    "administrators.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/admin/branded_apps/{id}",
      operationId: "getBrandedApp",
      reach: "account",
      summary: "Fetch a branded app with its administrators",
      description: sessionOnly,
      access: "admin",
      replies: { 200: one(AdminBrandedApp, "The branded app, its administrators by last and first name.") },
    },
    {
      method: "post",
      path: "/api/v4/admin/branded_apps/{id}/administrators",
      operationId: "addAppAdministrator",
      reach: "account",
      summary: "Make a user an administrator of a branded app",
      description:
        `${sessionOnly} The body is not wrapped in an envelope. Adding someone who is an administrator of ` +
        "the app already changes nothing and answers `200`. An unknown app or user is `404`; a bad " +
        "`user_id` or a deactivated user is `422` naming `user_id`.",
      access: "admin",
      body: bare(AppAdministratorCreate),
      replies: {
        201: {
          description: "The user is an administrator of the app now.",
          schema: AppAdministrator,
          location: true,
        },
        200: one(AppAdministrator, "The user was an administrator of the app already."),
      },
    },
    {
      method: "delete",
      path: "/api/v4/admin/branded_apps/{id}/administrators/{user_id}",
      operationId: "removeAppAdministrator",
      reach: "account",
      summary: "End a user's administration of a branded app",
      description: `${sessionOnly} A user who is not an administrator of the app is \`404\`.`,
      access: "admin",
      replies: { 204: done("The user no longer administers the app.") },
    },
  ],
})
