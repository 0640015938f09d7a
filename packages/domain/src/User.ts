/**
 * A user: the current user's own record (`GET`/`PATCH /api/v4/users/me`) and the platform
 * administrators' view of users (`/api/v4/admin/users`; docs/api.md, Sessions, users and API
 * tokens).
 */
import { Effect, Schema, Struct } from "effect"
import { Email, Id, Name, nullOr } from "./internal/wire.ts"
import { Secret } from "./Session.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * A new password: 10 to 256 characters (the maximum bounds the cost of hashing), kept redacted. The
 * API also refuses passwords that are easy to guess (a strength estimate; docs/api.md, The current
 * user and app).
 *
 * @example
 * ```ts
 * Redacted.value(Schema.decodeUnknownSync(Password)("kiwi fern harbour tide")) // "kiwi fern harbour tide"
 * ```
 */
export const Password = Schema.RedactedFromValue(
  Schema.String.check(
    Schema.isMinLength(10, { message: "must be at least 10 characters" }),
    Schema.isMaxLength(256, { message: "must be at most 256 characters" }),
  ),
)

/**
 * The current user's record: who they are, their picture (null when none) and the device state
 * their mobile app last reported.
 *
 * @example
 * ```ts
 * const me: User = {
 *   id: 14, email: "ana@example.com", first_name: "Ana", last_name: "Lee", admin: false, user_image: null,
 *   app_version: "2.9.6", bluetooth_enabled: true, location_enabled: true, push_notification_enabled: true,
 * }
 * ```
 */
export const User = Schema.Struct({
  id: Id,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  admin: Schema.Boolean,
  user_image: Schema.NullOr(Schema.String),
  app_version: Schema.String,
  bluetooth_enabled: Schema.Boolean,
  location_enabled: Schema.Boolean,
  push_notification_enabled: Schema.Boolean,
})
export type User = typeof User.Type

/**
 * The body of `PATCH /api/v4/users/me` (under `user`): names, password, picture (an uploaded
 * attachment; null removes it) and device state. A new `password` needs the `current_password`.
 *
 * @example
 * ```ts
 * decodeInput(UserUpdate, { app_version: "2.9.7", location_enabled: false }, "user")
 * decodeInput(UserUpdate, { password: "kiwi fern harbour tide", current_password: "…" }, "user")
 * ```
 */
export const UserUpdate = Schema.Struct({
  first_name: Schema.optionalKey(Name),
  last_name: Schema.optionalKey(Name),
  password: Schema.optionalKey(Password),
  current_password: Schema.optionalKey(Secret),
  image_attachment_id: Schema.optionalKey(nullOr(Id, "an attachment id")),
  app_version: Schema.optionalKey(TextLimits.upTo(TextLimits.code)),
  bluetooth_enabled: Schema.optionalKey(Schema.Boolean),
  location_enabled: Schema.optionalKey(Schema.Boolean),
  push_notification_enabled: Schema.optionalKey(Schema.Boolean),
})
export type UserUpdate = typeof UserUpdate.Type

/**
 * A user as platform administrators see them; a deactivated user can no longer log in.
 *
 * @example
 * ```ts
 * const user: AdminUser = { id: 14, email: "ana@example.com", first_name: "Ana", last_name: "Lee", admin: false, deactivated: false }
 * ```
 */
export const AdminUser = Schema.Struct({
  id: Id,
  email: Schema.String,
  first_name: Schema.String,
  last_name: Schema.String,
  admin: Schema.Boolean,
  deactivated: Schema.Boolean,
})
export type AdminUser = typeof AdminUser.Type

/**
 * A user as their creation answers them: a new user is never deactivated, so the answer does not
 * say so.
 *
 * @example
 * ```ts
 * const user: CreatedUser = { id: 14, email: "ana@example.com", first_name: "Ana", last_name: "Lee", admin: false }
 * ```
 */
export const CreatedUser = Schema.Struct(Struct.omit(AdminUser.fields, ["deactivated"]))
export type CreatedUser = typeof CreatedUser.Type

/**
 * The body of `POST /api/v4/admin/users` (under `user`); `admin` defaults to false.
 *
 * @example
 * ```ts
 * decodeInput(AdminUserCreate, { email: "ana@example.com", first_name: "Ana", last_name: "Lee", password: "…" }, "user")
 * ```
 */
export const AdminUserCreate = Schema.Struct({
  email: Email,
  first_name: Name,
  last_name: Name,
  password: Password,
  admin: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
})
export type AdminUserCreate = typeof AdminUserCreate.Type

/**
 * The body of `PATCH /api/v4/admin/users/{id}` (under `user`): any of names, password, `admin`
 * and `deactivated`.
 *
 * @example
 * ```ts
 * decodeInput(AdminUserUpdate, { deactivated: true }, "user")
 * ```
 */
export const AdminUserUpdate = Schema.Struct({
  first_name: Schema.optionalKey(Name),
  last_name: Schema.optionalKey(Name),
  password: Schema.optionalKey(Password),
  admin: Schema.optionalKey(Schema.Boolean),
  deactivated: Schema.optionalKey(Schema.Boolean),
})
export type AdminUserUpdate = typeof AdminUserUpdate.Type
