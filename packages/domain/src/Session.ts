/**
 * A session: what a user gets by logging in to a branded app, an access token and a refresh token
 * (docs/api.md, Signing in). Secrets a client sends are held as `Redacted`, so a log of a decoded
 * body never shows them.
 */
import { Schema } from "effect"
import { BundleId } from "./BrandedApp.ts"
import { Id, Uuid } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * A password or token as a client sends it: any non-empty text of at most `TextLimits.secret`
 * characters, kept redacted.
 *
 * @example
 * ```ts
 * Redacted.value(Schema.decodeUnknownSync(Secret)("correct horse")) // "correct horse"
 * ```
 */
export const Secret = Schema.RedactedFromValue(
  Schema.String.check(
    Schema.isNonEmpty({ message: "must not be empty" }),
    TextLimits.atMost(TextLimits.secret),
  ),
)

/**
 * The body of `POST /api/v4/session` (under `session`): log in to an app. Only the shape is
 * checked here; wrong credentials are a `401`, not a `422`.
 *
 * @example
 * ```ts
 * decodeInput(SessionCreate, { app_bundle_id: "com.fieldreport.app", email: "ana@example.com", password: "…" }, "session")
 * ```
 */
export const SessionCreate = Schema.Struct({
  app_bundle_id: BundleId,
  email: TextLimits.nonBlank(TextLimits.email),
  password: Secret,
})
export type SessionCreate = typeof SessionCreate.Type

/**
 * The body of `PATCH /api/v4/session` (under `session`): the current pair, to rotate both.
 *
 * @example
 * ```ts
 * decodeInput(SessionRotation, { access_token: "…", refresh_token: "…" }, "session")
 * ```
 */
export const SessionRotation = Schema.Struct({
  access_token: Secret,
  refresh_token: Secret,
})
export type SessionRotation = typeof SessionRotation.Type

/**
 * Who is logged in: the user and the team they work in unless they name one (null when they are
 * in no team of the app).
 *
 * @example
 * ```ts
 * const profile: Profile = { user_id: 14, preferred_team_id: 1 }
 * ```
 */
export const Profile = Schema.Struct({
  user_id: Id,
  preferred_team_id: Schema.NullOr(Id),
})
export type Profile = typeof Profile.Type

/**
 * A session without its tokens, as `GET /api/v4/session` returns it for a signed-in person.
 *
 * @example
 * ```ts
 * const current: SessionWithoutTokens = {
 *   token_expire_at: DateTime.makeUnsafe(0), app_bundle_id: "com.fieldreport.app", branded_app_id: 1,
 *   client_uuid: "eeeeeeee-dddd-4ccc-bbbb-aaaaaaaaaaaa", profile: { user_id: 14, preferred_team_id: 1 },
 * }
 * ```
 */
export const SessionWithoutTokens = Schema.Struct({
  token_expire_at: Timestamp,
  app_bundle_id: Schema.String,
  branded_app_id: Id,
  client_uuid: Uuid,
  profile: Profile,
})
export type SessionWithoutTokens = typeof SessionWithoutTokens.Type

/**
 * What `GET /api/v4/session` answers about the credential in hand: the session without its
 * tokens, or, for a personal API token, which has no session, no expiry (`null`) and no client
 * uuid (empty).
 *
 * @example
 * ```ts
 * const token: CurrentSession = { ...current, token_expire_at: null, client_uuid: "" }
 * ```
 */
export const CurrentSession = Schema.Struct({
  ...SessionWithoutTokens.fields,
  token_expire_at: Schema.NullOr(Timestamp),
  client_uuid: Schema.Union([Uuid, Schema.Literal("")]),
})
export type CurrentSession = typeof CurrentSession.Type

/**
 * The session response of a login or a rotation (under `session`), with the new tokens.
 *
 * @example
 * ```ts
 * const session: Session = { ...current, access_token: "fra_…", refresh_token: "frr_…" }
 * ```
 */
export const Session = Schema.Struct({
  access_token: Schema.String,
  refresh_token: Schema.String,
  ...SessionWithoutTokens.fields,
})
export type Session = typeof Session.Type
