/**
 * Platform administration (docs/api.md, Platform administration): branded apps, users and users'
 * personal API tokens, for platform administrators only.
 *
 * Every use case takes an `Administrator`, which only `authorize` makes, so none of them can run
 * for a caller who is not one, nor for an API token (administration is for people,
 * `auth/Credential.ts`). Passwords set here must be strong (`auth/PasswordStrength.ts`).
 * Deactivating a user revokes their sessions at once; a new password revokes their sessions too
 * (all but the caller's own, when administrators change their own). An administrator may neither
 * deactivate themselves nor give up their own administration, so the platform always keeps an
 * administrator who can log in. Users created and changed, and tokens issued and revoked, go to
 * the audit log.
 */

import type { ApiTokenCreate } from "@fieldreport/domain/ApiToken"
import type { BrandedAppCreate, BrandedAppUpdate } from "@fieldreport/domain/BrandedApp"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { RangePage } from "@fieldreport/domain/RangePage"
import * as Range from "@fieldreport/domain/RangePage"
import type { AdminUserCreate, AdminUserUpdate } from "@fieldreport/domain/User"
import { type Brand, Context, Effect, Layer, Redacted } from "effect"
import { requireReach } from "../auth/Credential.ts"
import { hashPassword } from "../auth/Password.ts"
import { requireStrong, userInputsOf } from "../auth/PasswordStrength.ts"
import { newToken, tokenDigest } from "../auth/Token.ts"
import { Forbidden, NotFound } from "../Errors.ts"
import { type BrandedAppRow, BrandedAppStore } from "../store/BrandedAppStore.ts"
import { type ApiTokenRow, SessionStore } from "../store/SessionStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import type { AdministeredApp } from "./AppAdministrators.ts"
import { type AuditEventInput, AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"

/**
 * An actor whom `authorize` found to be a platform administrator.
 *
 * @example
 * ```ts
 * const administrator: Administrator = yield* administration.authorize(actor)
 * ```
 */
export type Administrator = Brand.Branded<Actor, "Administrator">

/** An API token just created, with its secret in clear, shown to the administrator once. */
export interface CreatedApiToken {
  readonly row: ApiTokenRow
  readonly token: string
}

/** One page of users and how many there are in all. */
export interface UserPage {
  readonly users: ReadonlyArray<UserRow>
  readonly total: number
}

/**
 * The platform administration service.
 *
 * @example
 * ```ts
 * const administration = yield* Administration
 * const administrator = yield* administration.authorize(actor)
 * const app = yield* administration.createBrandedApp(administrator, { bundle_id: "com.example.fieldapp", name: "Field app" })
 * ```
 */
export class Administration extends Context.Service<
  Administration,
  {
    /** The actor as an administrator; `403` for anyone else, and for API tokens. */
    readonly authorize: (actor: Actor) => Effect.Effect<Administrator, Forbidden>
    /** A new branded app; a taken bundle id is `422`. */
    readonly createBrandedApp: (
      administrator: Administrator,
      input: BrandedAppCreate,
    ) => Effect.Effect<BrandedAppRow, InvalidInput>
    /** Renames an app or turns its sign-up on or off; answers it with its administrators. */
    readonly updateBrandedApp: (
      administrator: Administrator,
      id: number,
      changes: BrandedAppUpdate,
    ) => Effect.Effect<AdministeredApp, NotFound>
    /** A new user with an Argon2id hash of the password; a weak password or a taken e-mail address is `422`. */
    readonly createUser: (
      administrator: Administrator,
      input: AdminUserCreate,
    ) => Effect.Effect<UserRow, InvalidInput>
    readonly listUsers: (administrator: Administrator, page: RangePage) => Effect.Effect<UserPage>
    readonly updateUser: (
      administrator: Administrator,
      id: number,
      changes: AdminUserUpdate,
    ) => Effect.Effect<UserRow, NotFound | InvalidInput>
    readonly createApiToken: (
      administrator: Administrator,
      userId: number,
      input: ApiTokenCreate,
    ) => Effect.Effect<CreatedApiToken, NotFound>
    /** The user's tokens not revoked, without their secrets (only digests are stored). */
    readonly listApiTokens: (
      administrator: Administrator,
      userId: number,
    ) => Effect.Effect<ReadonlyArray<ApiTokenRow>, NotFound>
    /** Revokes a token of the user at once: the next request with it is `401`. */
    readonly revokeApiToken: (
      administrator: Administrator,
      userId: number,
      tokenId: number,
    ) => Effect.Effect<void, NotFound>
  }
>()("api/services/Administration") {
  static readonly layer = Layer.effect(
    Administration,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const apps = yield* BrandedAppStore
      const users = yield* UserStore
      const sessions = yield* SessionStore
      const audit = yield* AuditLog

      const authorize = (actor: Actor) =>
        Effect.andThen(requireReach(actor, "account"), () =>
          actor.user.admin === 1
            ? Effect.succeed(actor as Administrator)
            : Effect.fail(new Forbidden({ message: "only platform administrators may do this" })),
        )

      /** An event an administrator caused, about a user or one of their tokens. */
      const recorded = (
        administrator: Administrator,
        event: Pick<AuditEventInput, "kind" | "targetType" | "targetId" | "detail">,
      ) =>
        audit.record({
          ...event,
          actorUserId: administrator.user.id,
          appId: administrator.app.id,
          teamId: null,
          outcome: "success",
        })

      const userOf = (id: number) =>
        Effect.flatMap(users.findById(id), (user) =>
          user === undefined ? Effect.fail(new NotFound({ resource: "user" })) : Effect.succeed(user),
        )

      // The check and the insert share a transaction, which SQLite runs alone (BEGIN IMMEDIATE), so
      // two requests for one bundle id or e-mail address cannot both pass the check there.
      const createBrandedApp = traced("Administration.createBrandedApp")(function* (
        _administrator: Administrator,
        input: BrandedAppCreate,
      ) {
        return yield* inTransaction(
          Effect.gen(function* () {
            if ((yield* apps.findByBundleId(input.bundle_id)) !== undefined) {
              return yield* InvalidInput.at("branded_app.bundle_id", "is taken")
            }
            return yield* apps.insert(input)
          }),
        )
      })

      const updateBrandedApp = traced("Administration.updateBrandedApp")(function* (
        _administrator: Administrator,
        id: number,
        changes: BrandedAppUpdate,
      ) {
        const app = yield* apps.update(id, changes)
        if (app === undefined) return yield* new NotFound({ resource: "branded app" })
        return { app, administrators: yield* apps.administrators([id]) }
      })

      const createUser = traced("Administration.createUser")(function* (
        administrator: Administrator,
        input: AdminUserCreate,
      ) {
        const password = Redacted.value(input.password)
        yield* requireStrong(password, { field: "user.password", userInputs: userInputsOf(input) })
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash = yield* hashPassword(password)
        const user = yield* inTransaction(
          Effect.gen(function* () {
            if ((yield* users.findByEmail(input.email)) !== undefined) {
              return yield* InvalidInput.at("user.email", "is taken")
            }
            return yield* users.insert({
              email: input.email,
              first_name: input.first_name,
              last_name: input.last_name,
              password_hash,
              admin: input.admin,
            })
          }),
        )
        yield* recorded(administrator, {
          kind: "user.created",
          targetType: "user",
          targetId: String(user.id),
          detail: { admin: input.admin },
        })
        return user
      })

      const listUsers = traced("Administration.listUsers")(function* (
        _administrator: Administrator,
        page: RangePage,
      ) {
        return { users: yield* users.page(page.start, Range.size(page)), total: yield* users.count }
      })

      const updateUser = traced("Administration.updateUser")(function* (
        administrator: Administrator,
        id: number,
        changes: AdminUserUpdate,
      ) {
        const user = yield* userOf(id)
        const self = user.id === administrator.user.id
        if (self && changes.deactivated === true) {
          return yield* InvalidInput.at("user.deactivated", "you may not deactivate yourself")
        }
        if (self && changes.admin === false) {
          return yield* InvalidInput.at("user.admin", "you may not give up your own administration")
        }
        const { password, ...columns } = changes
        if (password !== undefined) {
          yield* requireStrong(Redacted.value(password), {
            field: "user.password",
            userInputs: userInputsOf({
              email: user.email,
              first_name: changes.first_name ?? user.first_name,
              last_name: changes.last_name ?? user.last_name,
            }),
          })
        }
        const password_hash =
          password === undefined ? undefined : yield* hashPassword(Redacted.value(password))
        const deactivating = changes.deactivated === true && user.deactivated !== 1
        yield* inTransaction(
          Effect.gen(function* () {
            yield* users.update(id, {
              ...columns,
              ...(password_hash === undefined ? {} : { password_hash }),
            })
            if (deactivating || password_hash !== undefined) {
              yield* sessions.revokeAllOf(id, self ? administrator.session?.id : undefined)
            }
          }),
        )
        const target = { targetType: "user", targetId: String(id) } as const
        // Which fields changed, never their values (a password least of all).
        yield* recorded(administrator, {
          kind: "user.changed",
          ...target,
          detail: { fields: Object.keys(changes).sort().join(",") },
        })
        if (password_hash !== undefined)
          yield* recorded(administrator, { kind: "password.changed", ...target })
        return yield* userOf(id)
      })

      const createApiToken = traced("Administration.createApiToken")(function* (
        administrator: Administrator,
        userId: number,
        input: ApiTokenCreate,
      ) {
        yield* userOf(userId)
        const token = newToken("api")
        const row = yield* sessions.insertApiToken({
          user_id: userId,
          name: input.name,
          scope: input.scope,
          token_hash: tokenDigest(token),
        })
        yield* recorded(administrator, {
          kind: "api_token.created",
          targetType: "api_token",
          targetId: String(row.id),
          detail: { user_id: userId, scope: row.scope },
        })
        return { row, token }
      })

      const listApiTokens = traced("Administration.listApiTokens")(function* (
        _administrator: Administrator,
        userId: number,
      ) {
        yield* userOf(userId)
        return yield* sessions.listApiTokens(userId)
      })

      const revokeApiToken = traced("Administration.revokeApiToken")(function* (
        administrator: Administrator,
        userId: number,
        tokenId: number,
      ) {
        yield* userOf(userId)
        if (!(yield* sessions.revokeApiToken(userId, tokenId))) {
          return yield* new NotFound({ resource: "API token" })
        }
        yield* recorded(administrator, {
          kind: "api_token.revoked",
          targetType: "api_token",
          targetId: String(tokenId),
          detail: { user_id: userId },
        })
      })

      return Administration.of({
        authorize,
        createBrandedApp,
        updateBrandedApp,
        createUser,
        listUsers,
        updateUser,
        createApiToken,
        listApiTokens,
        revokeApiToken,
      })
    }),
  )
}
