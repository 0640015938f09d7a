/**
 * The channel resource on the wire (docs/api.md, Channels).
 */
import type { ChannelRow } from "../store/ChannelStore.ts"

/**
 * The channel resource: its root category and its form come with it.
 *
 * @example
 * ```ts
 * channelBody(row) // { id: 4, name: "Cleaner streams", team_id: 1, category_id: 10, form_id: 3 }
 * ```
 */
export const channelBody = (channel: ChannelRow) => ({
  id: channel.id,
  name: channel.name,
  team_id: channel.team_id,
  category_id: channel.category_id,
  form_id: channel.form_id,
})
