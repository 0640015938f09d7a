/**
 * Which fields each resource renders by default and which a client may add with `fields`
 * (docs/api.md, Fields; each resource's section lists its own).
 *
 * A catalogue lists its fields in the order they are rendered. A field is requested by its name
 * (`branded_app`) and renders one or more output keys (`branded_app_id`); `FieldSelection` turns a
 * client's `fields` into the keys to render.
 */

/**
 * How a field takes part in a selection: `always` rendered whatever is asked, `default` rendered
 * unless removed with `-name`, `optional` rendered only when named.
 *
 * @example
 * ```ts
 * const presence: Presence = "optional"
 * ```
 */
export type Presence = "always" | "default" | "optional"

/**
 * One selectable field: the names a client may request it by (the documented one first) and the
 * output keys it renders.
 *
 * @example
 * ```ts
 * const brandedApp: Field = { names: ["branded_app", "branded_app_id"], keys: ["branded_app_id"], presence: "optional" }
 * ```
 */
export interface Field {
  readonly names: ReadonlyArray<string>
  readonly keys: ReadonlyArray<string>
  readonly presence: Presence
}

/**
 * A resource's fields and how a selection combines with its defaults:
 *
 * - `adds`: named optional fields join the defaults (the v4 dialect's rule);
 * - `replaces`: naming any field that is not `always` renders exactly the named ones instead of the
 *   defaults (categories and the analytics counters: "only the requested ones").
 *
 * `required` names must be in any `fields` that is given (the categories list demands `id`).
 *
 * @example
 * ```ts
 * const catalogue: FieldCatalogue = { fields: [], selection: "adds", required: [] }
 * ```
 */
export interface FieldCatalogue {
  readonly fields: ReadonlyArray<Field>
  readonly selection: "adds" | "replaces"
  readonly required: ReadonlyArray<string>
}

const plain =
  (presence: Presence) =>
  (...names: ReadonlyArray<string>): ReadonlyArray<Field> =>
    names.map((name) => ({ names: [name], keys: [name], presence }))

const always = plain("always")
const defaults = plain("default")
const optional = plain("optional")

/**
 * A field the v4 dialect selects by a short name (`account`) but renders under its key
 * (`account_id`). The key is accepted as a name too, since clients read it in responses and ask for
 * it back.
 */
const aliased = (name: string, key: string, presence: Presence): Field => ({
  names: [name, key],
  keys: [key],
  presence,
})

const adds = (...fields: ReadonlyArray<Field | ReadonlyArray<Field>>): FieldCatalogue => ({
  fields: fields.flat(),
  selection: "adds",
  required: [],
})

const replaces = (...fields: ReadonlyArray<Field | ReadonlyArray<Field>>): FieldCatalogue => ({
  fields: fields.flat(),
  selection: "replaces",
  required: [],
})

/**
 * Reports: the v4 dialect's default list exactly; its optional fields plus `uuid`, `updated_at`,
 * `appearance`, `cache_key` and `version` (docs/api.md, Reading a report). `form_fields` also renders
 * `note_comment_ids` and `report_comment_ids`.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.report, selection)
 * ```
 */
export const report: FieldCatalogue = adds(
  defaults(
    "id",
    "account_id",
    "address",
    "category_id",
    "is_anonymous",
    "iso_created_at",
    "location",
    "report_state_id",
    "title",
    "user_id",
    "shape_id",
  ),
  optional("account_logo", "account_name"),
  {
    names: ["form_fields"],
    keys: ["form_fields", "note_comment_ids", "report_comment_ids"],
    presence: "optional",
  },
  optional(
    "is_manageable_by",
    "map_url",
    "note_comments",
    "report_comments",
    "report_state_name",
    "user_image",
    "user_short_name",
    "assignee_id",
    "assignment_due_at",
    "users_opened",
    "uuid",
    "updated_at",
    "appearance",
    "cache_key",
    "version",
    "categories_title",
    "comment_count",
    "viewer_count",
    "report_state",
    "assignee",
    "hidden_fields",
  ),
)

/**
 * Tasks: every field of the v4 dialect is default; `version` and `updated_at`, for clients that
 * sync, are optional.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.task, selection)
 * ```
 */
export const task: FieldCatalogue = adds(
  defaults(
    "uuid",
    "assignee_id",
    "client_created_at",
    "completed_at",
    "completed_by_id",
    "creator_id",
    "description",
    "report_id",
    "title",
  ),
  optional("version", "updated_at"),
)

/**
 * Notifications: every field of the v4 dialect is default; `updated_at` (made, read or archived),
 * for clients that sync, is optional.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.notification, selection)
 * ```
 */
export const notification: FieldCatalogue = adds(
  defaults("id", "archived_at", "archived", "created_at", "read", "report_id", "user_id"),
  optional("updated_at"),
)

/**
 * Alert areas: every field is default (the v4 dialect names no optional one); `name` is this
 * service's own, beyond the dialect, and null for an unnamed area.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.alertArea, selection)
 * ```
 */
export const alertArea: FieldCatalogue = adds(
  defaults("id", "name", "shape_type", "radius", "area", "latitude", "longitude"),
)

/**
 * Teams: `is_manager_of` and `is_owner_of` are optional, the rest default.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.team, selection)
 * ```
 */
export const team: FieldCatalogue = adds(
  defaults("id", "feature_tasks_enabled", "industry", "location", "name"),
  optional("is_manager_of", "is_owner_of", "team_user_id"),
)

/**
 * Team users: the typed fields of the v4 dialect are default; the four it calls selectable are
 * optional (docs/api.md, Team users).
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.teamUser, selection)
 * ```
 */
export const teamUser: FieldCatalogue = adds(
  defaults(
    "id",
    "agreed_to_join",
    "app_version",
    "bluetooth_enabled",
    "email",
    "first_name",
    "last_active_at",
    "last_invited_at",
    "last_name",
    "location_enabled",
    "push_notification_enabled",
    "role",
    "user_id",
  ),
  optional("channel_count", "report_count", "status", "supervisor_id"),
)

/**
 * Shapes: `id`, `geom` and `metadata` are default; `branded_app` (rendering `branded_app_id`),
 * `cache_key`, `highlight_color` and `normal_color` optional (docs/api.md, Shapes).
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.shape, selection)
 * ```
 */
export const shape: FieldCatalogue = adds(
  defaults("id", "geom", "metadata"),
  aliased("branded_app", "branded_app_id", "optional"),
  optional("cache_key", "highlight_color", "normal_color"),
)

/**
 * Channel selections: every field is default.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.channelSelection, selection)
 * ```
 */
export const channelSelection: FieldCatalogue = adds(defaults("id", "view", "follow", "alert"))

const categoryFields = (presence: Presence): ReadonlyArray<Field> => [
  ...plain(presence)(
    "name",
    "label_name",
    "depth",
    "max_subtree_extra_depth",
    "pin_color",
    "pin_appearance",
    "pin_urls",
    "position",
  ),
  aliased("account", "account_id", presence),
  aliased("parent", "parent_id", presence),
  aliased("children", "child_ids", presence),
]

/**
 * One category (`GET …/categories/{id}`): all fields, unless `fields` names some; then exactly
 * the named ones. A `fields` that only removes (`-pin_urls`) keeps all the others.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.category, selection)
 * ```
 */
export const category: FieldCatalogue = replaces(defaults("id"), categoryFields("default"))

/**
 * The categories list (`GET …/categories`): only `id` unless `fields` is given, which must then
 * name `id`; exactly the named fields are rendered.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.categoryList, selection) // fails naming fields without id
 * ```
 */
export const categoryList: FieldCatalogue = {
  ...replaces(defaults("id"), categoryFields("optional")),
  required: ["id"],
}

/**
 * Note comments: `id`, `comment`, `created_at`, `user_id` default; `public` and `report_id`
 * optional (docs/api.md, Comments).
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.noteComment, selection)
 * ```
 */
export const noteComment: FieldCatalogue = adds(
  defaults("id", "comment", "created_at", "user_id"),
  optional("public", "report_id"),
)

/**
 * Report comments: every field is default, `report_uuid` optional (docs/api.md, Comments); the
 * comment's answers without a `fields` selection (its create, a report's `report_comments`) leave
 * out the report they belong to.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.reportComment, selection)
 * ```
 */
export const reportComment: FieldCatalogue = adds(
  defaults("id", "uuid", "content", "created_at", "is_anonymous", "user_id", "report_id"),
  optional("report_uuid"),
)

/**
 * Forms: every field is default.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.form, selection)
 * ```
 */
export const form: FieldCatalogue = adds(defaults("id", "name", "version", "fields"))

/**
 * Report states (docs/api.md, Report states): every field is default.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.reportState, selection)
 * ```
 */
export const reportState: FieldCatalogue = adds(
  defaults("id", "channel_id", "name", "position", "initial", "appearance", "next_state_ids"),
)

/**
 * Report state changes (docs/api.md, States and their history): every field of the domain's
 * `ReportStateChange` is default but `report_uuid`, which is optional; `previous_report_state`
 * and `new_report_state` are `{id, name}`.
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.reportStateChange, selection)
 * ```
 */
export const reportStateChange: FieldCatalogue = adds(
  defaults("id", "created_at", "report_id", "user_id", "previous_report_state", "new_report_state"),
  optional("report_uuid"),
)

/**
 * The `reports_read` analytics: only `total_reads` unless `fields` names counters; then only those
 * (docs/api.md, Analytics).
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.reportsRead, selection)
 * ```
 */
export const reportsRead: FieldCatalogue = replaces(
  defaults("total_reads"),
  optional("unique_reads", "report_readers", "reports_seen"),
)

/**
 * The `user_awareness` analytics: `user_id`, `first_name` and `last_name` always, then only
 * `total_alerts` unless `fields` names counters; then only those (docs/api.md, Analytics).
 *
 * @example
 * ```ts
 * FieldSelection.resolve(FieldCatalogue.userAwareness, selection)
 * ```
 */
export const userAwareness: FieldCatalogue = replaces(
  always("user_id", "first_name", "last_name"),
  defaults("total_alerts"),
  optional("alert_source_reports", "unique_alerts", "alerts_opened"),
)

/**
 * Every output key a catalogue can render, in rendering order.
 *
 * @example
 * ```ts
 * keys(FieldCatalogue.shape) // ["id", "geom", "metadata", "branded_app_id", "cache_key", …]
 * ```
 */
export const keys = (catalogue: FieldCatalogue): ReadonlyArray<string> =>
  catalogue.fields.flatMap((field) => field.keys)

/**
 * The documented name of each field a catalogue renders with `presence`, in rendering order: what a
 * front end puts in `fields` to ask for them.
 *
 * @example
 * ```ts
 * names(FieldCatalogue.notification, "default") // ["id", "archived_at", "archived", "created_at", …]
 * names(FieldCatalogue.report, "optional") // ["account_logo", "account_name", "form_fields", …]
 * ```
 */
export const names = (catalogue: FieldCatalogue, presence: Presence): ReadonlyArray<string> =>
  catalogue.fields.flatMap((field) => (field.presence === presence ? field.names.slice(0, 1) : []))

/**
 * The field a client's name refers to, if the catalogue has one.
 *
 * @example
 * ```ts
 * find(FieldCatalogue.category, "parent") // the field rendering parent_id
 * find(FieldCatalogue.category, "colour") // undefined
 * ```
 */
export const find = (catalogue: FieldCatalogue, name: string): Field | undefined =>
  catalogue.fields.find((field) => field.names.includes(name))
