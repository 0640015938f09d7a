/**
 * The category resource on the wire (docs/api.md, Categories).
 */
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import type { CategoryWithChildren } from "../services/Categories.ts"
import { pinUrls } from "../services/Pins.ts"

/**
 * The category resource with every field, for a service at `baseUrl`.
 *
 * @example
 * ```ts
 * categoryBody("https://reports.example.org", { category, childIds: [3] })
 * ```
 */
export const categoryBody = (baseUrl: string, { category, childIds }: CategoryWithChildren) => ({
  id: category.id,
  name: category.name,
  label_name: category.label_name,
  depth: category.depth,
  max_subtree_extra_depth: CategoryTree.maxDepth - category.depth,
  pin_color: category.pin_color,
  pin_appearance: category.pin_appearance,
  pin_urls: pinUrls(baseUrl, category.pin_color, category.pin_appearance),
  position: category.position,
  account_id: category.channel_id,
  parent_id: category.parent_id,
  child_ids: childIds,
})
