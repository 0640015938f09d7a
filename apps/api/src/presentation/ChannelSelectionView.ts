/**
 * The channel selection resource on the wire (docs/api.md, Channel selections): which channels the
 * current user views, follows and gets alerts from.
 */
import type { ChannelSelection } from "@fieldreport/domain/ChannelSelection"
import type { StoredSelectionRow } from "../store/ChannelSelectionStore.ts"

/**
 * The channel selection resource of a stored selection.
 *
 * @example
 * ```ts
 * channelSelectionBody(row) // { id: 7, view: true, follow: false, alert: true }
 * ```
 */
export const channelSelectionBody = (row: StoredSelectionRow): ChannelSelection => ({
  id: row.id,
  view: row.view === 1,
  follow: row.follow === 1,
  alert: row.alert === 1,
})
