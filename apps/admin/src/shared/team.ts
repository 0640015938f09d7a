/**
 * The team and channels a view works in. The shell's team switcher sets `teamId`; an element
 * embedded alone without a `team-id` works in the user's preferred team, as the API does.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import { Profile } from "@fieldreport/domain/Session"
import { TeamUser } from "@fieldreport/domain/TeamUser"
import { Schema } from "effect"
import type { Connection } from "./connection.ts"
import { run } from "./run.ts"

/**
 * The id of the team a connection works in: its own, or the user's preferred team.
 *
 * @example
 * ```ts
 * const teamId = await currentTeamId(connection) // 1
 * ```
 */
export const currentTeamId = async (connection: Connection): Promise<number | undefined> => {
  if (connection.teamId !== undefined) return connection.teamId
  // Only the profile is read: a session of an API token has no expiry and no client uuid.
  const answer = await run(
    connection.client.call("getSession", {}, { as: Schema.Struct({ profile: Profile }) }),
  )
  return answer.session.profile.preferred_team_id ?? undefined
}

/**
 * The channels of a team the user is a member of.
 *
 * @example
 * ```ts
 * const channels = await teamChannels(connection, 1) // [{ id: 4, name: "Streets", … }]
 * ```
 */
export const teamChannels = (connection: Connection, teamId: number): Promise<ReadonlyArray<Channel>> =>
  run(connection.client.call("listChannels", { query: { team_id: teamId } }))

/**
 * The channel to keep chosen when a team's channels arrive: the chosen one if it is among them,
 * otherwise the first (a new team's channels replace the old ones).
 *
 * @example
 * ```ts
 * this.channelId = chosenChannel(channels, this.channelId)
 * ```
 */
export const chosenChannel = (
  channels: ReadonlyArray<Channel>,
  chosen: number | undefined,
): number | undefined => (channels.some((channel) => channel.id === chosen) ? chosen : channels[0]?.id)

/**
 * The first hundred users of a team who joined, by name: enough to name assignees and reporters.
 * Invitees who have not accepted are left out: the API shows nothing of them but the invitation.
 *
 * @example
 * ```ts
 * const people = await teamPeople(connection, 1)
 * ```
 */
export const teamPeople = async (connection: Connection, teamId: number): Promise<ReadonlyArray<TeamUser>> =>
  (
    await run(
      connection.client.page(
        "listTeamUsers",
        { start: 0, end: 99 },
        { path: { team_id: teamId }, query: { agreed_to_join: true, orderby: "name asc" } },
        { as: TeamUser },
      ),
    )
  ).items

/**
 * A person's name as lists show it.
 *
 * @example
 * ```ts
 * fullName({ first_name: "Ana", last_name: "Lee" }) // "Ana Lee"
 * ```
 */
export const fullName = (person: { readonly first_name: string; readonly last_name: string }): string =>
  `${person.first_name} ${person.last_name}`.trim()
