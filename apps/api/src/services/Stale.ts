/**
 * A change refused by its precondition (docs/api.md, Field apps and offline sync): the client
 * sent `If-Match` with a version the record has moved past, so it edited an older copy. The
 * failure carries the record as it is now, which the route answers with `412`, so the client can
 * merge and try again without another fetch.
 */
import * as EntityTag from "@fieldreport/domain/EntityTag"
import { Data, Effect } from "effect"

/**
 * The record as it is now, when the change's precondition failed.
 *
 * @example
 * ```ts
 * return yield* new Stale({ current: task })
 * ```
 */
export class Stale<A> extends Data.TaggedError("Stale")<{ readonly current: A }> {}

/**
 * Fails with the current record when the client's `If-Match` does not name its `version`;
 * without `If-Match` the change goes ahead (the last write wins).
 *
 * @example
 * ```ts
 * yield* checkVersion(ifMatch, task.version, task)
 * ```
 */
export const checkVersion = <A>(
  ifMatch: EntityTag.IfMatch | undefined,
  version: number,
  current: A,
): Effect.Effect<void, Stale<A>> =>
  ifMatch === undefined || EntityTag.holds(ifMatch, version)
    ? Effect.void
    : Effect.fail(new Stale({ current }))
