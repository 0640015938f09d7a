/**
 * `/api/v4/admin/…`: platform administration (docs/api.md, Platform administration).
 */
import { ApiToken, ApiTokenCreate, CreatedApiToken } from "@fieldreport/domain/ApiToken"
import { AdminBrandedApp } from "@fieldreport/domain/AppAdministrator"
import { BrandedApp, BrandedAppCreate, BrandedAppUpdate } from "@fieldreport/domain/BrandedApp"
import { AdminUser, AdminUserCreate, AdminUserUpdate, CreatedUser } from "@fieldreport/domain/User"
import { created, done, envelope, group, many, one, page } from "../Endpoint.ts"

/** The platform administration endpoints. */
export const administration = group({
  name: "Administration",
  noun: "user",
  description:
    "Branded apps, users and their personal API tokens. Platform administrators only, signed in with a " +
    "password: every call with a personal API token is `403`, whoever the token belongs to.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/admin/branded_apps",
      operationId: "createBrandedApp",
      reach: "account",
      summary: "Create a branded app",
      access: "admin",
      body: envelope("branded_app", BrandedAppCreate),
      replies: { 201: created(BrandedApp, "The new branded app.") },
    },
    {
      method: "patch",
      path: "/api/v4/admin/branded_apps/{id}",
      operationId: "updateBrandedApp",
      reach: "account",
      summary: "Update a branded app",
      description:
        "A new name, or `self_sign_up` turned on or off (whether people may make their own account in the " +
        "app with `POST /api/v4/users`). The bundle id never changes.",
      access: "admin",
      body: envelope("branded_app", BrandedAppUpdate),
      replies: { 200: one(AdminBrandedApp, "The branded app, with its administrators.") },
    },
    {
      method: "get",
      path: "/api/v4/admin/branded_apps",
      operationId: "listBrandedApps",
      reach: "account",
      summary: "List the branded apps",
      access: "admin",
      replies: { 200: many(AdminBrandedApp, "Every branded app, each with its administrators.") },
    },
    {
      method: "post",
      path: "/api/v4/admin/users",
      operationId: "createUser",
      reach: "account",
      summary: "Create a user",
      description:
        "A taken e-mail address is `422`, and so is a weak password (at least 10 characters and hard to " +
        "guess, also from the user's e-mail address and names): `errors` names `user.password` and says why.",
      access: "admin",
      body: envelope("user", AdminUserCreate),
      replies: {
        201: created(CreatedUser, "The new user, without `deactivated`: a new user never is."),
      },
    },
    {
      method: "get",
      path: "/api/v4/admin/users",
      operationId: "listUsers",
      reach: "account",
      summary: "List the users",
      access: "admin",
      replies: { 200: page(AdminUser, "One page of users.") },
    },
    {
      method: "patch",
      path: "/api/v4/admin/users/{id}",
      operationId: "updateUser",
      reach: "account",
      summary: "Update a user",
      description:
        "A new password must be strong, as on creation (`422` naming `user.password`), and revokes the " +
        "user's sessions.",
      access: "admin",
      body: envelope("user", AdminUserUpdate),
      replies: { 200: one(AdminUser, "The user.") },
    },
    {
      method: "post",
      path: "/api/v4/admin/users/{id}/api_tokens",
      operationId: "createApiToken",
      reach: "account",
      summary: "Create a personal API token",
      description:
        "Personal API tokens, for integrations, do not expire until revoked. `scope` is `read` (the token " +
        "may only `GET`; anything else is `403` saying the token is read-only) or `write` (the default: it " +
        "may change data too); anything else is `422` naming `api_token.scope`. No token may change a " +
        "password or e-mail address, open or renew sessions, issue or revoke tokens, or call these " +
        "administration endpoints (`403`).",
      access: "admin",
      body: envelope("api_token", ApiTokenCreate),
      replies: { 201: created(CreatedApiToken, "The new token, shown this once.") },
    },
    {
      method: "get",
      path: "/api/v4/admin/users/{id}/api_tokens",
      operationId: "listApiTokens",
      reach: "account",
      summary: "List a user's personal API tokens",
      access: "admin",
      replies: { 200: many(ApiToken, "The user's tokens, without the tokens themselves.") },
    },
    {
      method: "delete",
      path: "/api/v4/admin/users/{id}/api_tokens/{token_id}",
      operationId: "deleteApiToken",
      reach: "account",
      summary: "Revoke a personal API token",
      access: "admin",
      replies: { 204: done("Revoked at once.") },
    },
  ],
})
