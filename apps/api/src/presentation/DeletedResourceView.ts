/**
 * Tombstones on the wire (docs/api.md, Field apps and offline sync).
 */
import type { DeletedResource } from "@fieldreport/domain/DeletedResource"
import type { DeletedResourceRow } from "../store/DeletedResourceStore.ts"

/**
 * The tombstone resource of a row: the record's uuid and id as far as it had them.
 *
 * @example
 * ```ts
 * deletedResourceBody(row) // { uuid: "3ffeef7c-…", id: 49, type: "report", deleted_at: "…" }
 * ```
 */
export const deletedResourceBody = (row: DeletedResourceRow): typeof DeletedResource.Encoded => ({
  uuid: row.uuid,
  id: row.record_id,
  type: row.type,
  deleted_at: row.deleted_at,
})
