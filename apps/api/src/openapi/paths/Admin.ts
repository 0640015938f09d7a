/**
 * `/api/v4/admin/…`: platform administration, beyond the specification (api-decisions §2).
 */
import { ApiToken, ApiTokenCreate, CreatedApiToken } from "@fieldreport/domain/ApiToken"
import { AdminBrandedApp } from "@fieldreport/domain/AppAdministrator"
import { BrandedApp, BrandedAppCreate } from "@fieldreport/domain/BrandedApp"
import { AdminUser, AdminUserCreate, AdminUserUpdate } from "@fieldreport/domain/User"
import { done, envelope, type Group, many, one } from "../Endpoint.ts"

/** The platform administration endpoints. */
export const admin: Group = {
  name: "Administration",
  noun: "user",
  description: "Branded apps, users and their personal API tokens. Platform administrators only.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/admin/branded_apps",
      operationId: "createBrandedApp",
      summary: "Create a branded app",
      access: "admin",
      body: envelope("branded_app", BrandedAppCreate),
      replies: { 201: one(BrandedApp, "The new branded app.") },
    },
    {
      method: "get",
      path: "/api/v4/admin/branded_apps",
      operationId: "listBrandedApps",
      summary: "List the branded apps",
      access: "admin",
      replies: { 200: many(AdminBrandedApp, "Every branded app, each with its administrators.") },
    },
    {
      method: "post",
      path: "/api/v4/admin/users",
      operationId: "createUser",
      summary: "Create a user",
      description: "A taken e-mail address is `422`.",
      access: "admin",
      body: envelope("user", AdminUserCreate),
      replies: { 201: one(AdminUser, "The new user.") },
    },
    {
      method: "get",
      path: "/api/v4/admin/users",
      operationId: "listUsers",
      summary: "List the users",
      access: "admin",
      replies: { 200: many(AdminUser, "Every user.") },
    },
    {
      method: "patch",
      path: "/api/v4/admin/users/{id}",
      operationId: "updateUser",
      summary: "Update a user",
      access: "admin",
      body: envelope("user", AdminUserUpdate),
      replies: { 200: one(AdminUser, "The user.") },
    },
    {
      method: "post",
      path: "/api/v4/admin/users/{id}/api_tokens",
      operationId: "createApiToken",
      summary: "Create a personal API token",
      description: "Personal API tokens, for integrations, do not expire until revoked.",
      access: "admin",
      body: envelope("api_token", ApiTokenCreate),
      replies: { 201: one(CreatedApiToken, "The new token, shown this once.") },
    },
    {
      method: "get",
      path: "/api/v4/admin/users/{id}/api_tokens",
      operationId: "listApiTokens",
      summary: "List a user's personal API tokens",
      access: "admin",
      replies: { 200: many(ApiToken, "The user's tokens, without the tokens themselves.") },
    },
    {
      method: "delete",
      path: "/api/v4/admin/users/{id}/api_tokens/{token_id}",
      operationId: "deleteApiToken",
      summary: "Revoke a personal API token",
      access: "admin",
      replies: { 204: done("Revoked at once.") },
    },
  ],
}
