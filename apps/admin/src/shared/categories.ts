/**
 * A channel's categories, with the fields the pickers show (the list sends only ids unless asked).
 */
import { Category } from "@fieldreport/domain/Category"
import type { Connection } from "./connection.ts"
import { run } from "./run.ts"

const fields =
  "id,name,label_name,depth,max_subtree_extra_depth,pin_color,pin_appearance,pin_urls,position,parent_id,child_ids"

/**
 * Loads the categories of a channel.
 *
 * @example
 * ```ts
 * const categories = await loadCategories(connection, 3)
 * ```
 */
export const loadCategories = (connection: Connection, channelId: number): Promise<ReadonlyArray<Category>> =>
  run(
    connection.client.call(
      "listCategories",
      { path: { channel_id: channelId }, query: { fields } },
      { as: Category },
    ),
  )
