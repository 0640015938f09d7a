/**
 * The current user's own record (`PATCH /api/v4/users/me`; docs/api.md, The current user and app):
 * names, password, picture and the device state the mobile app reports.
 *
 * Only the fields of `UserUpdate` are ever written, so `admin`, `email` and `deactivated` stay out
 * of reach of the user. A new password needs the current one (checked through the login throttle,
 * so a stolen session cannot guess it faster than a login could), must be strong
 * (`auth/PasswordStrength.ts`), is never set with an API token, and revokes the user's other
 * sessions, so a stolen token stops working once the owner changes the password. The picture is
 * an image the user uploaded; it is marked used so the clean-up of unused uploads keeps it, and
 * the picture it replaces is released.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { UserUpdate } from "@fieldreport/domain/User"
import { Context, Effect, Layer, Redacted } from "effect"
import { requireReach } from "../auth/Credential.ts"
import { LoginThrottle } from "../auth/LoginThrottle.ts"
import { hashPassword, verifyPassword } from "../auth/Password.ts"
import { requireStrong, userInputsOf } from "../auth/PasswordStrength.ts"
import { Forbidden, type TooManyRequests } from "../Errors.ts"
import { AttachmentStore } from "../store/AttachmentStore.ts"
import { SessionStore } from "../store/SessionStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"

/**
 * The users service.
 *
 * @example
 * ```ts
 * const users = yield* Users
 * const me = yield* users.updateMe(actor, { app_version: "2.9.7", location_enabled: false })
 * ```
 */
export class Users extends Context.Service<
  Users,
  {
    /**
     * Changes the actor's own record and answers it; a picture that is not theirs is `422`. A new
     * password without `current_password`, or a weak one, is `422`; a wrong current password `403`
     * (counted as a failed login from `clientAddress`), with an API token `403`.
     */
    readonly updateMe: (
      actor: Actor,
      changes: UserUpdate,
      clientAddress: string,
    ) => Effect.Effect<UserRow, InvalidInput | Forbidden | TooManyRequests>
  }
>()("api/services/Users") {
  static readonly layer = Layer.effect(
    Users,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const users = yield* UserStore
      const sessions = yield* SessionStore
      const attachments = yield* AttachmentStore
      const throttle = yield* LoginThrottle
      const audit = yield* AuditLog

      /** Checks a new password and the current one, and answers the new one's hash. */
      const newPasswordHash = traced("Users.newPasswordHash")(function* (
        actor: Actor,
        changes: UserUpdate,
        password: string,
        clientAddress: string,
      ) {
        yield* requireReach(actor, "account")
        if (changes.current_password === undefined) {
          return yield* InvalidInput.at("user.current_password", "is required to change the password")
        }
        yield* requireStrong(password, {
          field: "user.password",
          userInputs: userInputsOf({
            email: actor.user.email,
            first_name: changes.first_name ?? actor.user.first_name,
            last_name: changes.last_name ?? actor.user.last_name,
          }),
        })
        const current = Redacted.value(changes.current_password)
        const stored = actor.user.password_hash
        const valid = yield* throttle.attempt(
          { email: actor.user.email, clientAddress, userId: actor.user.id },
          stored === null ? Effect.succeed(false) : verifyPassword(current, stored),
        )
        if (!valid) return yield* new Forbidden({ message: "the current password is wrong" })
        return yield* hashPassword(password)
      })

      const updateMe = traced("Users.updateMe")(function* (
        actor: Actor,
        changes: UserUpdate,
        clientAddress: string,
      ) {
        const { password, current_password: _, image_attachment_id: picture, ...columns } = changes
        const userId = actor.user.id
        const oldPicture = actor.user.image_attachment_id
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash =
          password === undefined
            ? undefined
            : yield* newPasswordHash(actor, changes, Redacted.value(password), clientAddress)
        yield* inTransaction(
          Effect.gen(function* () {
            if (picture !== undefined && picture !== oldPicture) {
              if (picture !== null) {
                const image = yield* attachments.find(picture)
                if (image === undefined || image.user_id !== userId || image.image !== 1) {
                  return yield* InvalidInput.at("user.image_attachment_id", "must be an image you uploaded")
                }
                yield* attachments.markUsed([picture])
              }
              // The old picture goes with the clean-up of unused uploads, unless something else uses it.
              if (oldPicture !== null) yield* attachments.release([oldPicture], yield* nowIso)
            }
            yield* users.update(userId, {
              ...columns,
              ...(picture === undefined ? {} : { image_attachment_id: picture }),
              ...(password_hash === undefined ? {} : { password_hash }),
            })
            if (password_hash !== undefined) yield* sessions.revokeAllOf(userId, actor.session?.id)
          }),
        )
        if (password_hash !== undefined) {
          yield* audit.record({
            kind: "password.changed",
            actorUserId: userId,
            appId: actor.app.id,
            teamId: null,
            targetType: "user",
            targetId: String(userId),
            outcome: "success",
          })
        }
        // Users are never deleted, and `authenticate` found this one moments ago.
        return yield* users.findById(userId).pipe(Effect.flatMap(Effect.fromNullishOr), Effect.orDie)
      })

      return Users.of({ updateMe })
    }),
  ).pipe(Layer.provide(LoginThrottle.layer))
}
