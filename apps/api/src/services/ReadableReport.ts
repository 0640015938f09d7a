/**
 * A report the actor may read, with the actor's access to its channel as decided when it was
 * found. The services of reports and of what hangs on them (comments, tasks) find reports this
 * way, and rendering a report uses the decision rather than asking again.
 */
import { Effect } from "effect"
import { NotFound } from "../Errors.ts"
import type { ReportRow, ReportStore } from "../store/ReportStore.ts"
import { traced } from "../Traced.ts"
import type { Access, ChannelAccess } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/**
 * A report the actor may read, with the actor's access to its channel.
 *
 * @example
 * ```ts
 * const readable: ReadableReport = { report, access: yield* access.channelFor(actor, report.channel_id, "read") }
 * ```
 */
export interface ReadableReport {
  readonly report: ReportRow
  readonly access: ChannelAccess
}

/**
 * How a request names a report: by its id, or by the uuid its client gave it (docs/api.md, Field
 * apps and offline sync), so that a client that filed a report offline can name it before it
 * learns its id.
 *
 * @example
 * ```ts
 * const byId: ReportKey = 49
 * const byUuid: ReportKey = "3ffeef7c-0f73-4e82-b39e-5a55cce0daef"
 * ```
 */
export type ReportKey = number | string

/**
 * Finds a report the actor may read, by id or client uuid: one of a channel they cannot read is
 * `404`, as if it did not exist.
 *
 * @example
 * ```ts
 * const { report, access } = yield* findReadable(reportStore, accessService)(actor, 49)
 * ```
 */
export const findReadable = (store: ReportStore["Service"], access: Access["Service"]) =>
  traced("Reports.findReadable")(function* (actor: Actor, key: ReportKey) {
    const report = yield* typeof key === "number" ? store.find(key) : store.findByUuid(key)
    if (report === undefined) return yield* new NotFound({ resource: "report" })
    const channel = yield* access
      .channelFor(actor, report.channel_id, "read")
      .pipe(Effect.mapError(() => new NotFound({ resource: "report" })))
    return { report, access: channel } satisfies ReadableReport
  })
