/**
 * A user's channel selection: whether they `view` a channel's reports by default, `follow` it
 * (a notification for every new report) and get `alert`s for new reports inside their alert areas.
 *
 * Only selections with at least one flag set are stored. A channel without one behaves as all
 * three false, and an update that leaves all three false deletes the stored selection: there is no
 * create or delete endpoint, `PATCH /api/v4/channel_selections/{channel_id}` does both.
 *
 * A key missing from the update body keeps its current value. The v4 dialect's clients send all
 * three booleans, but reading a missing one as false would let a client that only knows about
 * `view` switch off notifications it never mentioned.
 */
import { type Result, Schema } from "effect"
import { decodeInput, type InvalidInput } from "./Invalid.ts"

/**
 * The channel selection resource; `id` is the channel's id.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ChannelSelection)({ id: 7, view: true, follow: false, alert: true })
 * ```
 */
export const ChannelSelection = Schema.Struct({
  id: Schema.Int,
  view: Schema.Boolean,
  follow: Schema.Boolean,
  alert: Schema.Boolean,
})

/**
 * A channel selection.
 *
 * @example
 * ```ts
 * const selection: ChannelSelection = { id: 7, view: true, follow: false, alert: true }
 * ```
 */
export type ChannelSelection = typeof ChannelSelection.Type

/**
 * The body of `PATCH /api/v4/channel_selections/{channel_id}`; every flag is optional.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(ChannelSelectionUpdate)({ channel_selection: { follow: true } })
 * ```
 */
export const ChannelSelectionUpdate = Schema.Struct({
  channel_selection: Schema.Struct({
    alert: Schema.optionalKey(Schema.Boolean),
    follow: Schema.optionalKey(Schema.Boolean),
    view: Schema.optionalKey(Schema.Boolean),
  }),
})

/**
 * A decoded update body.
 *
 * @example
 * ```ts
 * const update: ChannelSelectionUpdate = { channel_selection: { alert: false } }
 * ```
 */
export type ChannelSelectionUpdate = typeof ChannelSelectionUpdate.Type

/**
 * What the store does after an update: keep the selection, or delete the stored one (a no-op when
 * there was none).
 *
 * @example
 * ```ts
 * const write: SelectionWrite = { _tag: "Delete", channelId: 7 }
 * ```
 */
export type SelectionWrite =
  | { readonly _tag: "Save"; readonly selection: ChannelSelection }
  | { readonly _tag: "Delete"; readonly channelId: number }

/**
 * Reads an update body; a flag that is not a boolean is `InvalidInput` at its path.
 *
 * @example
 * ```ts
 * decodeUpdate({ channel_selection: { view: "yes" } })
 * // Result.fail(InvalidInput { "channel_selection.view": ["must be a boolean"] })
 * ```
 */
export const decodeUpdate = (body: unknown): Result.Result<ChannelSelectionUpdate, InvalidInput> =>
  decodeInput(ChannelSelectionUpdate, body)

/**
 * The selection of a channel the user has none stored for: all three false.
 *
 * @example
 * ```ts
 * none(7) // { id: 7, view: false, follow: false, alert: false }
 * ```
 */
export const none = (channelId: number): ChannelSelection => ({
  id: channelId,
  view: false,
  follow: false,
  alert: false,
})

/**
 * Whether a selection has no flag set, and so is not stored or listed.
 *
 * @example
 * ```ts
 * isEmpty(none(7)) // true
 * ```
 */
export const isEmpty = (selection: ChannelSelection): boolean =>
  !selection.view && !selection.follow && !selection.alert

/**
 * Applies an update to the current selection (`none(channelId)` when none is stored).
 *
 * @example
 * ```ts
 * apply({ id: 7, view: true, follow: true, alert: false }, { channel_selection: { follow: false } })
 * // { _tag: "Save", selection: { id: 7, view: true, follow: false, alert: false } }
 * apply({ id: 7, view: true, follow: false, alert: false }, { channel_selection: { view: false } })
 * // { _tag: "Delete", channelId: 7 }
 * ```
 */
export const apply = (current: ChannelSelection, update: ChannelSelectionUpdate): SelectionWrite => {
  const selection = { ...current, ...update.channel_selection }
  return isEmpty(selection) ? { _tag: "Delete", channelId: current.id } : { _tag: "Save", selection }
}
