/**
 * A channel: the v4 dialect's "account", the place reports are filed into. It belongs to a team and
 * has its own category tree, form and report states (docs/api.md, Channels, forms, categories and
 * states).
 */
import { Schema } from "effect"
import { Id, Name, nullOr } from "./internal/wire.ts"

/**
 * The channel resource: its root category and its form come with it.
 *
 * @example
 * ```ts
 * const channel: Channel = { id: 4, name: "Cleaner streams", team_id: 1, category_id: 10, form_id: 3 }
 * ```
 */
export const Channel = Schema.Struct({
  id: Id,
  name: Schema.String,
  team_id: Id,
  category_id: Id,
  form_id: Id,
})
export type Channel = typeof Channel.Type

/**
 * The body of `POST /api/v4/channels` (under `channel`).
 *
 * @example
 * ```ts
 * decodeInput(ChannelCreate, { name: "Cleaner streams", team_id: 1 }, "channel")
 * ```
 */
export const ChannelCreate = Schema.Struct({
  name: Name,
  team_id: Id,
})
export type ChannelCreate = typeof ChannelCreate.Type

/**
 * The body of `PATCH /api/v4/channels/{id}` (under `channel`): a new name, or a new logo (an
 * uploaded attachment; null goes back to the default logo).
 *
 * @example
 * ```ts
 * decodeInput(ChannelUpdate, { logo_attachment_id: 31 }, "channel")
 * ```
 */
export const ChannelUpdate = Schema.Struct({
  name: Schema.optionalKey(Name),
  logo_attachment_id: Schema.optionalKey(nullOr(Id, "an attachment id")),
})
export type ChannelUpdate = typeof ChannelUpdate.Type
