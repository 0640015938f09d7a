/**
 * A category of a channel: a node of the channel's category tree (depth 0 is the root, named
 * after the channel), with the pin a report of that category shows on the map.
 */
import { Schema, Struct } from "effect"
import { Count, Id, Name } from "./internal/wire.ts"
import * as TextLimits from "./TextLimits.ts"

/**
 * The colour of a category's pin: a colour name (`green`) or a hex colour (`#00aa00`). The server
 * draws pins from it and names the pin images after it, so nothing else is taken.
 *
 * @example
 * ```ts
 * Schema.is(PinColor)("#00aa00") // true
 * ```
 */
export const PinColor = Schema.String.check(
  Schema.isPattern(/^(?:[a-z]+|#[0-9a-f]{3}|#[0-9a-f]{6})$/i, {
    message: "must be a colour name such as green or a hex colour such as #00aa00",
  }),
  TextLimits.atMost(TextLimits.code),
)

/**
 * The style of a category's pin (`default`): one lower-case word, since it names pin images too.
 *
 * @example
 * ```ts
 * Schema.is(PinAppearance)("default") // true
 * ```
 */
export const PinAppearance = Schema.String.check(
  Schema.isPattern(/^[a-z0-9_-]+$/, { message: "must be one word of a-z, 0-9, - and _" }),
  TextLimits.atMost(TextLimits.code),
)

/**
 * Addresses of a category's pin image at 1×, 2× and 3× resolution.
 *
 * @example
 * ```ts
 * const pins: PinUrls = { at1x: "…/pin-green@1x.png", at2x: "…/pin-green@2x.png", at3x: "…/pin-green@3x.png" }
 * ```
 */
export const PinUrls = Schema.Struct({ at1x: Schema.String, at2x: Schema.String, at3x: Schema.String })
export type PinUrls = typeof PinUrls.Type

/**
 * The category resource; `account_id`, `parent_id` and `child_ids` are selected with `account`,
 * `parent` and `children`. `parent_id` is null for the root.
 *
 * @example
 * ```ts
 * const category: Category = {
 *   id: 2, name: "Effluent runoff", label_name: "Secondary category", depth: 1, max_subtree_extra_depth: 1,
 *   pin_color: "green", pin_appearance: "default", pin_urls, position: 1, parent_id: 1,
 * }
 * ```
 */
export const Category = Schema.Struct({
  id: Id,
  name: Schema.String,
  label_name: Schema.String,
  depth: Count,
  max_subtree_extra_depth: Count,
  pin_color: Schema.String,
  pin_appearance: Schema.String,
  pin_urls: PinUrls,
  position: Count,
  account_id: Schema.optionalKey(Id),
  parent_id: Schema.optionalKey(Schema.NullOr(Id)),
  child_ids: Schema.optionalKey(Schema.Array(Id)),
})
export type Category = typeof Category.Type

/**
 * A category in a list of a channel's categories: only `id` unless `fields` names more.
 *
 * @example
 * ```ts
 * const listed: ListedCategory = { id: 3 }
 * ```
 */
export const ListedCategory = Schema.Struct({
  ...Struct.map(Struct.omit(Category.fields, ["id"]), Schema.optionalKey),
  id: Id,
})
export type ListedCategory = typeof ListedCategory.Type

/**
 * The body of `POST /api/v4/channels/{id}/categories` (under `category`). Without `parent_id` the
 * category goes under the root; without `pin_color` it takes its parent's colour (the root's is
 * the channel's default); without `pin_appearance` it gets the default pin.
 *
 * @example
 * ```ts
 * decodeInput(CategoryCreate, { name: "Spill", pin_color: "red" }, "category")
 * decodeInput(CategoryCreate, { name: "Leak" }, "category") // the parent's colour
 * ```
 */
export const CategoryCreate = Schema.Struct({
  name: Name,
  parent_id: Schema.optionalKey(Id),
  pin_color: Schema.optionalKey(PinColor),
  pin_appearance: Schema.optionalKey(PinAppearance),
})
export type CategoryCreate = typeof CategoryCreate.Type

/**
 * The body of `PATCH /api/v4/channels/{id}/categories/{cid}` (under `category`): any of the
 * create fields; `parent_id` moves the category.
 *
 * @example
 * ```ts
 * decodeInput(CategoryUpdate, { pin_color: "#ff0000" }, "category")
 * ```
 */
export const CategoryUpdate = Schema.Struct({
  name: Schema.optionalKey(Name),
  parent_id: Schema.optionalKey(Id),
  pin_color: Schema.optionalKey(PinColor),
  pin_appearance: Schema.optionalKey(PinAppearance),
})
export type CategoryUpdate = typeof CategoryUpdate.Type
