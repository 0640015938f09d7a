/**
 * What the requests of a field app that syncs carry (docs/api.md, Field apps and offline sync):
 * the time it read changes up to (`updated_after`, `deleted_after`), and the version of the copy
 * it edited (`If-Match`), answered as an `ETag` by the fetch it came from.
 */
import * as EntityTag from "@fieldreport/domain/EntityTag"
import type { MalformedRequest } from "@fieldreport/domain/Invalid"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { DateTime, Effect } from "effect"
import type { Request } from "express"

/**
 * A time in the query, as the stores compare times (ISO 8601 in UTC with milliseconds); undefined
 * when absent.
 *
 * @example
 * ```ts
 * const after = yield* changedAfter(req, "updated_after") // "2026-11-26T20:00:00.000Z"
 * ```
 */
export const changedAfter = (
  req: Request,
  name: string,
): Effect.Effect<string | undefined, MalformedRequest> =>
  Effect.map(Effect.fromResult(QueryValue.timestamp(req.query, name)), (instant) =>
    instant === undefined ? undefined : DateTime.formatIso(instant),
  )

/**
 * The request's `If-Match`, when it has one.
 *
 * @example
 * ```ts
 * const ifMatch = yield* ifMatchOf(req)
 * ```
 */
export const ifMatchOf = (req: Request): Effect.Effect<EntityTag.IfMatch | undefined, MalformedRequest> =>
  Effect.fromResult(EntityTag.parseIfMatch(req.get("If-Match")))

/**
 * The `ETag` header of a record at a version.
 *
 * @example
 * ```ts
 * return json(body, 200, { ...fields.headers, ...etag(report.version) })
 * ```
 */
export const etag = (version: number): { readonly ETag: string } => ({ ETag: EntityTag.of(version) })
