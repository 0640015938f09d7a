/**
 * The current user's own record on the wire (docs/api.md, The current user and app).
 */
import type { User } from "@fieldreport/domain/User"
import { Effect } from "effect"
import { Attachments } from "../services/Attachments.ts"
import type { UserRow } from "../store/UserStore.ts"

/**
 * The address of a user's picture, or null when they have none. It is the `medium` rendition
 * (600 px): sharp at the sizes apps show a face, without downloading the photo as taken.
 *
 * @example
 * ```ts
 * const image = yield* userImage(user, requestOrigin(req)) // "https://…/api/v4/files/15/medium?…" or null
 * ```
 */
export const userImage = (
  user: UserRow,
  origin: string,
): Effect.Effect<string | null, never, Attachments> => {
  const pictureId = user.image_attachment_id
  if (pictureId === null) return Effect.succeed(null)
  return Effect.gen(function* () {
    const attachments = yield* Attachments
    const urls = yield* attachments.urlsOf(yield* attachments.find(pictureId), origin)
    return urls.style_url.medium ?? urls.original_url
  }).pipe(Effect.catchTag("NotFound", () => Effect.succeed(null)))
}

/**
 * The users/me record of a user.
 *
 * @example
 * ```ts
 * const me = yield* userRecord(actor.user, requestOrigin(req))
 * ```
 */
export const userRecord = (user: UserRow, origin: string): Effect.Effect<User, never, Attachments> =>
  Effect.map(userImage(user, origin), (image) => ({
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    admin: user.admin === 1,
    user_image: image,
    app_version: user.app_version,
    bluetooth_enabled: user.bluetooth_enabled === 1,
    location_enabled: user.location_enabled === 1,
    push_notification_enabled: user.push_notification_enabled === 1,
  }))
