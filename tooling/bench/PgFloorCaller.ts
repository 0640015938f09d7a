/**
 * Who calls the PostgreSQL floor server and what they may reach, decided by the statements the API
 * runs for it on PostgreSQL: the session with its user, app and preferred team, `last_active_at`
 * once a minute, and a channel with the caller's roles in it. The rules are the
 * SQLite floor's (`FloorCaller.ts`): session tokens, no `X-AppId` or `X-TeamId`.
 */
import { createHash } from "node:crypto"
import type { IncomingHttpHeaders } from "node:http"
import { allows, type ChannelNeed, Refusal, tokenOf } from "./FloorCaller.ts"
import type { PgFloorDatabase } from "./PgFloorDatabase.ts"

/** The user columns the API reads with a session. */
export interface UserRow {
  readonly id: number
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly admin: number
  readonly image_attachment_id: number | null
  readonly app_version: string
  readonly bluetooth_enabled: number
  readonly location_enabled: number
  readonly push_notification_enabled: number
  readonly last_active_at: string | null
}

/** The caller of a request. */
export interface Caller {
  readonly user: UserRow
  readonly appId: number
  /** The first team of the app the user agreed to join. */
  readonly teamId: number | undefined
}

/** A channel the caller may use, with their roles in it. */
export interface ChannelAccess {
  readonly id: number
  readonly name: string
  /** Its root category. */
  readonly category_id: number
  readonly channel_role: "viewer" | "reporter" | "operator" | "admin" | null
  readonly team_role: string
}

const signedIn = `SELECT s.id AS s_id, s.user_id AS s_user_id, s.branded_app_id AS s_branded_app_id,
    s.client_uuid AS s_client_uuid, s.access_expires_at AS s_access_expires_at,
    s.refresh_expires_at AS s_refresh_expires_at, s.revoked_at AS s_revoked_at,
    s.installation_id AS s_installation_id, u.id AS u_id, u.email AS u_email, u.first_name AS u_first_name, u.last_name AS u_last_name,
    u.password_hash AS u_password_hash, u.admin AS u_admin, u.deactivated AS u_deactivated,
    u.image_attachment_id AS u_image_attachment_id, u.app_version AS u_app_version,
    u.bluetooth_enabled AS u_bluetooth_enabled, u.location_enabled AS u_location_enabled,
    u.push_notification_enabled AS u_push_notification_enabled, u.last_active_at AS u_last_active_at,
    u.created_at AS u_created_at, u.email_verified AS u_email_verified, a.id AS a_id,
    a.bundle_id AS a_bundle_id, a.name AS a_name, a.self_sign_up AS a_self_sign_up,
    (SELECT tu.team_id FROM team_users tu JOIN teams t ON t.id = tu.team_id
      WHERE tu.user_id = s.user_id AND t.branded_app_id = s.branded_app_id AND tu.agreed_to_join = 1
      ORDER BY tu.team_id LIMIT 1) AS preferred_team_id
  FROM sessions s LEFT JOIN users u ON u.id = s.user_id LEFT JOIN branded_apps a ON a.id = s.branded_app_id
  WHERE s.access_token_hash = $1`

interface SignedInRow {
  readonly s_access_expires_at: string
  readonly s_revoked_at: string | null
  readonly u_id: number | null
  readonly u_email: string
  readonly u_first_name: string
  readonly u_last_name: string
  readonly u_admin: number
  readonly u_deactivated: number
  readonly u_image_attachment_id: number | null
  readonly u_app_version: string
  readonly u_bluetooth_enabled: number
  readonly u_location_enabled: number
  readonly u_push_notification_enabled: number
  readonly u_last_active_at: string | null
  readonly a_id: number | null
  readonly preferred_team_id: number | null
}

const touch = `UPDATE users SET last_active_at = $1
  WHERE id = $2 AND (last_active_at IS NULL OR last_active_at < $3)`

const channelAccessOf = `SELECT c.id, c.team_id, c.name, c.logo_attachment_id,
    (SELECT r.id FROM categories r WHERE r.channel_id = c.id AND r.parent_id IS NULL) AS category_id,
    (SELECT f.id FROM forms f WHERE f.channel_id = c.id) AS form_id,
    t.branded_app_id, tu.role AS team_role, tu.agreed_to_join, cm.role AS channel_role
  FROM channels c JOIN teams t ON t.id = c.team_id
  LEFT JOIN team_users tu ON tu.team_id = c.team_id AND tu.user_id = $1
  LEFT JOIN channel_members cm ON cm.channel_id = c.id AND cm.user_id = $2
  WHERE c.id = $3`

/**
 * The caller of a request with a session token, read on every request; `401` for a missing,
 * unknown, revoked or expired token or a deactivated user.
 *
 * @example
 * ```ts
 * const caller = await authenticate(db, req.headers)
 * ```
 */
export const authenticate = async (db: PgFloorDatabase, headers: IncomingHttpHeaders): Promise<Caller> => {
  const token = tokenOf(headers.authorization)
  if (token === undefined) throw new Refusal(401, "credentials are required")
  if (!token.startsWith("fra_") || headers["x-appid"] !== undefined || headers["x-teamid"] !== undefined)
    throw new Refusal(501, "the floor takes session tokens, without X-AppId or X-TeamId")
  const now = new Date().toISOString()
  const row = await db.get<SignedInRow>(signedIn, createHash("sha256").update(token).digest("hex"))
  if (row === undefined || row.s_revoked_at !== null) throw new Refusal(401, "the token is not valid")
  if (row.s_access_expires_at <= now) throw new Refusal(401, "the token has expired")
  if (row.u_id === null || row.u_deactivated === 1) throw new Refusal(401, "the user is deactivated")
  if (row.a_id === null) throw new Refusal(404, "no branded app")
  const user: UserRow = {
    id: row.u_id,
    email: row.u_email,
    first_name: row.u_first_name,
    last_name: row.u_last_name,
    admin: row.u_admin,
    image_attachment_id: row.u_image_attachment_id,
    app_version: row.u_app_version,
    bluetooth_enabled: row.u_bluetooth_enabled,
    location_enabled: row.u_location_enabled,
    push_notification_enabled: row.u_push_notification_enabled,
    last_active_at: row.u_last_active_at,
  }
  const aMinuteAgo = new Date(Date.parse(now) - 60_000).toISOString()
  if (user.last_active_at === null || user.last_active_at < aMinuteAgo)
    await db.run(touch, now, user.id, aMinuteAgo)
  return { user, appId: row.a_id, teamId: row.preferred_team_id ?? undefined }
}

/**
 * The channel with the caller's roles in it, when it is of the caller's app and team and they may
 * do what `need` asks; else undefined.
 *
 * @example
 * ```ts
 * const access = (await channelFor(db, caller, report.channel_id, "read")) ?? refuse(404)
 * ```
 */
export const channelFor = async (
  db: Pick<PgFloorDatabase, "get">,
  caller: Caller,
  channelId: number,
  need: ChannelNeed,
): Promise<ChannelAccess | undefined> => {
  const row = await db.get<ChannelAccess & { branded_app_id: number; agreed_to_join: number | null }>(
    channelAccessOf,
    caller.user.id,
    caller.user.id,
    channelId,
  )
  if (row === undefined || row.branded_app_id !== caller.appId) return undefined
  if (row.team_role === null || row.agreed_to_join !== 1 || !allows(row, need)) return undefined
  return row
}

/**
 * The channels of a team the caller may read, by id, looked up one after the other as the API does.
 *
 * @example
 * ```ts
 * const channelIds = await readableChannels(db, caller, search.team_id)
 * ```
 */
export const readableChannels = async (
  db: PgFloorDatabase,
  caller: Caller,
  teamId: number | null | undefined,
): Promise<ReadonlyArray<number>> => {
  if (teamId === null || teamId === undefined) return []
  const channels = await db.all<{ id: number }>(
    "SELECT id FROM channels WHERE team_id = $1 ORDER BY id",
    teamId,
  )
  const readable: Array<number> = []
  for (const { id } of channels)
    if ((await channelFor(db, caller, id, "read")) !== undefined) readable.push(id)
  return readable
}
