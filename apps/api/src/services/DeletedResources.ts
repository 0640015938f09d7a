/**
 * Tombstones (`GET /api/v4/deleted_resources`; docs/api.md, Field apps and offline sync): what a
 * device that keeps copies learns to drop. The deletes write them (`Reports.remove`,
 * `Tasks.remove`, `AlertAreas.remove`); this service lists them and keeps them to their 90 days.
 *
 * Who lists a tombstone is decided when it is listed, by what it names: a report's or a report
 * comment's by the readers of its channel in the current team, a task's by the users of its team
 * (the current one), an alert area's by its owner. A reader who has left the channel since no
 * longer sees its tombstones, as they no longer see its reports.
 */
import type { DeletedResourceType } from "@fieldreport/domain/DeletedResource"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Context, Duration, Effect, Layer } from "effect"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { type DeletedResourceRow, DeletedResourceStore } from "../store/DeletedResourceStore.ts"
import type { Page } from "../store/ReportStore.ts"
import { isoIn } from "../store/sql/Clock.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/** How long a tombstone is kept. */
export const keptFor = Duration.days(90)

const cleanupInterval = Duration.hours(1)

/** What a client asks of the list: a type, a time, a `Range` page. */
export interface DeletedResourceQuery {
  readonly type: DeletedResourceType | undefined
  readonly deletedAfter: string | undefined
  readonly page: RangePage.RangePage
}

/**
 * The deleted resources service.
 *
 * @example
 * ```ts
 * const deleted = yield* DeletedResources
 * const { rows, total } = yield* deleted.list(actor, { type: "report", deletedAfter, page })
 * ```
 */
export class DeletedResources extends Context.Service<
  DeletedResources,
  {
    /** A page of the tombstones the actor may list, in the order of deletion. */
    readonly list: (actor: Actor, query: DeletedResourceQuery) => Effect.Effect<Page<DeletedResourceRow>>
    /** Deletes the tombstones older than they are kept; answers how many went. */
    readonly cleanup: Effect.Effect<number>
  }
>()("api/services/DeletedResources") {
  static readonly layer = Layer.effect(
    DeletedResources,
    Effect.gen(function* () {
      const store = yield* DeletedResourceStore
      const access = yield* Access
      const jobs = yield* JobRunner

      const list = traced("DeletedResources.list")(function* (actor: Actor, query: DeletedResourceQuery) {
        const readable = yield* access.readableChannels(actor)
        return yield* store.page({
          channelIds: readable.map((found) => found.channel.id),
          teamId: actor.teamId,
          userId: actor.user.id,
          type: query.type,
          after: query.deletedAfter,
          offset: query.page.start,
          limit: RangePage.size(query.page),
        })
      })

      const cleanup = Effect.gen(function* () {
        const before = yield* isoIn(-Duration.toMillis(keptFor))
        const removed = yield* store.deleteOlderThan(before)
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} tombstones older than ${before}`)
        return removed
      }).pipe(Effect.withSpan("DeletedResources.cleanup"))

      yield* jobs.register(JobKinds.DeletedResourceCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.DeletedResourceCleanup, {}, cleanupInterval)

      return DeletedResources.of({ list, cleanup })
    }),
  )
}
