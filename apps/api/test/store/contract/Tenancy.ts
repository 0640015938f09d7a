/**
 * Rows the store contract tests build on, written with plain SQL (the same on both engines) so
 * that a test of one store does not depend on another: an app, a team with a channel and its
 * defaults, users, and reports.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"

/** A team's channel with one category, two states (the first initial) and a form. */
export interface Channel {
  readonly appId: number
  readonly teamId: number
  readonly channelId: number
  readonly categoryId: number
  readonly stateIds: readonly [number, number]
  readonly formId: number
}

const created = "2020-01-01T00:00:00.000Z"

/** The id of the row a statement inserted (`RETURNING id`). */
const idOf = (rows: ReadonlyArray<{ readonly id: number }>): number => {
  const id = rows[0]?.id
  if (id === undefined) throw new Error("nothing inserted")
  return id
}

/**
 * A user with a unique e-mail address.
 *
 * @example
 * ```ts
 * const userId = yield* newUser("Ada", "Lovelace")
 * ```
 */
export const newUser = (firstName = "Ada", lastName = "Lovelace") =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return idOf(
      yield* sql<{ id: number }>`INSERT INTO users (email, first_name, last_name, created_at)
        VALUES (${`${crypto.randomUUID()}@example.com`}, ${firstName}, ${lastName}, ${created}) RETURNING id`,
    )
  }).pipe(Effect.orDie)

/**
 * A new app, team and channel, with the channel's category, states and form.
 *
 * @example
 * ```ts
 * const channel = yield* newChannel
 * ```
 */
export const newChannel = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const appId = idOf(
    yield* sql<{ id: number }>`INSERT INTO branded_apps (bundle_id, name, created_at)
      VALUES (${`app.${crypto.randomUUID()}`}, 'Contract', ${created}) RETURNING id`,
  )
  const teamId = idOf(
    yield* sql<{ id: number }>`INSERT INTO teams (branded_app_id, name, created_at)
      VALUES (${appId}, 'Team', ${created}) RETURNING id`,
  )
  const channelId = idOf(
    yield* sql<{ id: number }>`INSERT INTO channels (team_id, name, created_at)
      VALUES (${teamId}, 'Channel', ${created}) RETURNING id`,
  )
  const categoryId = idOf(
    yield* sql<{
      id: number
    }>`INSERT INTO categories (channel_id, name, label_name, depth, position, pin_color)
      VALUES (${channelId}, 'Hazard', 'Category', 0, 1, '#ff0000') RETURNING id`,
  )
  const open = idOf(
    yield* sql<{ id: number }>`INSERT INTO report_states (channel_id, name, position, initial)
      VALUES (${channelId}, 'Open', 1, 1) RETURNING id`,
  )
  const closed = idOf(
    yield* sql<{ id: number }>`INSERT INTO report_states (channel_id, name, position, initial)
      VALUES (${channelId}, 'Closed', 2, 0) RETURNING id`,
  )
  const formId = idOf(
    yield* sql<{
      id: number
    }>`INSERT INTO forms (channel_id, name) VALUES (${channelId}, 'Form') RETURNING id`,
  )
  return { appId, teamId, channelId, categoryId, stateIds: [open, closed], formId } satisfies Channel
}).pipe(Effect.orDie)

/**
 * A form field of the channel.
 *
 * @example
 * ```ts
 * yield* newField(channel, "colour", "DropDown")
 * ```
 */
export const newField = (channel: Channel, key: string, fieldType: string) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO form_fields (form_id, channel_id, key, label, field_type, form_order)
      VALUES (${channel.formId}, ${channel.channelId}, ${key}, ${key}, ${fieldType}, 1)`
  }).pipe(Effect.orDie)

/**
 * A report of the channel, in its first state, filed at `createdAt`.
 *
 * @example
 * ```ts
 * const reportId = yield* newReport(channel, userId, "2025-01-01T10:00:00.000Z", { colour: "red" })
 * ```
 */
export const newReport = (
  channel: Channel,
  userId: number,
  createdAt: string,
  answers: Record<string, unknown> = {},
  options: { readonly stateId?: number; readonly anonymous?: boolean } = {},
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    return idOf(
      yield* sql<{ id: number }>`INSERT INTO reports ${sql.insert({
        channel_id: channel.channelId,
        user_id: userId,
        is_anonymous: options.anonymous === true ? 1 : 0,
        title: "Report",
        category_id: channel.categoryId,
        report_state_id: options.stateId ?? channel.stateIds[0],
        answers: JSON.stringify(answers),
        created_at: createdAt,
        updated_at: createdAt,
      })} RETURNING id`,
    )
  }).pipe(Effect.orDie)

/**
 * Makes the user a member of the channel's team and of the channel, with a selection of it.
 *
 * @example
 * ```ts
 * yield* newMember(channel, userId, { follow: true })
 * ```
 */
export const newMember = (
  channel: Channel,
  userId: number,
  options: { readonly follow?: boolean; readonly alert?: boolean; readonly agreed?: boolean } = {},
) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    yield* sql`INSERT INTO team_users (team_id, user_id, role, agreed_to_join, created_at)
      VALUES (${channel.teamId}, ${userId}, 'team_member', ${options.agreed === false ? 0 : 1}, ${created})`
    yield* sql`INSERT INTO channel_members (channel_id, user_id, role) VALUES (${channel.channelId}, ${userId}, 'reporter')`
    yield* sql`INSERT INTO channel_selections (channel_id, user_id, view, follow, alert)
      VALUES (${channel.channelId}, ${userId}, 1, ${options.follow === true ? 1 : 0}, ${options.alert === true ? 1 : 0})`
  }).pipe(Effect.orDie)
