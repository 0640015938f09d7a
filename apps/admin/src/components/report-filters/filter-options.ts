/**
 * What the filter form offers: each channel's report states and categories, the team's people (to
 * name assignees and reporters), and whose saved filters these are. How a category choice becomes
 * the search's `category_ids` (the category and its subcategories, `CategoryTree.subtree`) and how
 * a list of ids reads back as one choice.
 */
import type { Category } from "@fieldreport/domain/Category"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import type { Channel } from "@fieldreport/domain/Channel"
import type { ReportStateRecord } from "@fieldreport/domain/ReportStateRecord"
import { Profile } from "@fieldreport/domain/Session"
import type { TeamUser } from "@fieldreport/domain/TeamUser"
import { Schema } from "effect"
import { loadCategories } from "../../shared/categories.ts"
import type { Connection } from "../../shared/connection.ts"
import { run } from "../../shared/run.ts"
import { teamPeople } from "../../shared/team.ts"
import type { Owner } from "./saved-filters.ts"

/** A channel with its states and categories, the categories in tree order. */
export interface ChannelOptions {
  readonly channel: Channel
  readonly states: ReadonlyArray<ReportStateRecord>
  readonly categories: ReadonlyArray<Category>
}

/**
 * The states and categories of channels.
 *
 * @example
 * ```ts
 * const options = await channelOptions(connection, channels)
 * ```
 */
export const channelOptions = (
  connection: Connection,
  channels: ReadonlyArray<Channel>,
): Promise<ReadonlyArray<ChannelOptions>> =>
  Promise.all(
    channels.map(async (channel) => {
      const [states, categories] = await Promise.all([
        run(connection.client.call("listReportStates", { query: { channel_id: channel.id } })),
        loadCategories(connection, channel.id),
      ])
      return {
        channel,
        states: [...states].sort((a, b) => a.position - b.position),
        categories: CategoryTree.treeOrder(categories),
      }
    }),
  )

/**
 * Whose saved filters the form shows: the signed-in user in the team the connection works in (the
 * user's preferred team unless the connection names one); undefined when there is no team.
 *
 * @example
 * ```ts
 * const owner = await ownerOf(connection) // { userId: 7, teamId: 3 }
 * ```
 */
export const ownerOf = async (connection: Connection): Promise<Owner | undefined> => {
  if (connection.userId !== undefined && connection.teamId !== undefined)
    return { userId: connection.userId, teamId: connection.teamId }
  // Only the profile is read: a session of an API token has no expiry and no client uuid.
  const { profile } = (
    await run(connection.client.call("getSession", {}, { as: Schema.Struct({ profile: Profile }) }))
  ).session
  const teamId = connection.teamId ?? profile.preferred_team_id ?? undefined
  return teamId === undefined ? undefined : { userId: connection.userId ?? profile.user_id, teamId }
}

/**
 * The people of a team, or none when the user may not list them: the form then offers only
 * "Anyone" for assignees and reporters.
 *
 * @example
 * ```ts
 * const people = await peopleOf(connection, 3)
 * ```
 */
export const peopleOf = (connection: Connection, teamId: number): Promise<ReadonlyArray<TeamUser>> =>
  teamPeople(connection, teamId).catch(() => [])

/**
 * The ids a category choice stands for: the category and everything below it.
 *
 * @example
 * ```ts
 * categoryIds(options, 11) // [11, 13]: Roads and its Potholes
 * ```
 */
export const categoryIds = (options: ReadonlyArray<ChannelOptions>, id: number): ReadonlyArray<number> => {
  const tree = options.find((channel) =>
    channel.categories.some((category) => category.id === id),
  )?.categories
  return tree === undefined ? [id] : CategoryTree.subtree(tree, id).map((category) => category.id)
}

/**
 * The one category whose subtree a list of ids is, when there is one: how the form shows a
 * filter read from the address.
 *
 * @example
 * ```ts
 * chosenCategory(options, [13, 11]) // 11
 * chosenCategory(options, [11]) // undefined when Roads has subcategories
 * ```
 */
export const chosenCategory = (
  options: ReadonlyArray<ChannelOptions>,
  ids: ReadonlyArray<number>,
): number | undefined => {
  const wanted = [...ids].sort((a, b) => a - b).join(",")
  return options
    .flatMap((channel) => channel.categories)
    .find((category) => [...categoryIds(options, category.id)].sort((a, b) => a - b).join(",") === wanted)?.id
}
