/**
 * The current user's own record (api-decisions §9, `PATCH /api/v4/users/me`): names, password,
 * picture and the device state the mobile app reports.
 *
 * Only the fields of `UserUpdate` are ever written, so `admin`, `email` and `deactivated` stay out
 * of reach of the user. A new password revokes the user's other sessions, so a stolen token stops
 * working once the owner changes the password. The picture is an image the user uploaded; it is
 * marked used so the clean-up of unused uploads keeps it, and the picture it replaces is released.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import type { UserUpdate } from "@fieldreport/domain/User"
import { Context, Effect, Layer, Redacted } from "effect"
import { hashPassword } from "../auth/Password.ts"
import { AttachmentStore } from "../store/AttachmentStore.ts"
import { nowIso } from "../store/Clock.ts"
import { SessionStore } from "../store/SessionStore.ts"
import * as Transaction from "../store/Transaction.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
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
    /** Changes the actor's own record and answers it; a picture that is not theirs is `422`. */
    readonly updateMe: (actor: Actor, changes: UserUpdate) => Effect.Effect<UserRow, InvalidInput>
  }
>()("api/services/Users") {
  static readonly layer = Layer.effect(
    Users,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const users = yield* UserStore
      const sessions = yield* SessionStore
      const attachments = yield* AttachmentStore

      const updateMe = Effect.fn("Users.updateMe")(function* (actor: Actor, changes: UserUpdate) {
        const { password, image_attachment_id: picture, ...columns } = changes
        const userId = actor.user.id
        const oldPicture = actor.user.image_attachment_id
        // Hashed before the transaction, so the write lock is not held for the hashing.
        const password_hash =
          password === undefined ? undefined : yield* hashPassword(Redacted.value(password))
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
        // Users are never deleted, and `authenticate` found this one moments ago.
        return yield* users.findById(userId).pipe(Effect.flatMap(Effect.fromNullishOr), Effect.orDie)
      })

      return Users.of({ updateMe })
    }),
  )
}
