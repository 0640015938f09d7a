/**
 * Tombstones of deleted records (docs/api.md, Field apps and offline sync): a field app keeps a
 * copy of the reports, tasks, comments and alert areas that matter to it, and learns what to drop
 * from `GET /api/v4/deleted_resources`, as the v4 dialect's mobile clients do.
 */
import { Schema } from "effect"
import { Id, oneOf, Uuid } from "./internal/wire.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * The kinds of record a tombstone names, as `type` spells them.
 *
 * @example
 * ```ts
 * deletedResourceTypes.includes("report_comment") // true
 * ```
 */
export const deletedResourceTypes = ["report", "task", "report_comment", "alert_area"] as const

/**
 * A tombstone's `type`.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(DeletedResourceType)("report_comment")
 * ```
 */
export const DeletedResourceType = oneOf(deletedResourceTypes)
export type DeletedResourceType = typeof DeletedResourceType.Type

/**
 * A tombstone: the record's client uuid and id, as far as it has them (a task has no id, an alert
 * area no uuid), its type and when it was deleted.
 *
 * @example
 * ```ts
 * const gone: DeletedResource = {
 *   uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef", id: 49, type: "report",
 *   deleted_at: DateTime.makeUnsafe("2026-11-27T09:00:00.000Z"),
 * }
 * ```
 */
export const DeletedResource = Schema.Struct({
  uuid: Schema.NullOr(Uuid),
  id: Schema.NullOr(Id),
  type: DeletedResourceType,
  deleted_at: Timestamp,
})
export type DeletedResource = typeof DeletedResource.Type
