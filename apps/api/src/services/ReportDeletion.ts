/**
 * Deleting a report, inside the request's transaction (docs/api.md, Field apps and offline sync):
 * its attachments are released to the clean-up of unused uploads, the report goes with everything
 * that hangs on it (`ReportStore.delete`; the kept counts follow by their triggers), and
 * tombstones are written of the report, its report comments and its tasks, so devices that keep
 * copies drop them.
 */
import { Effect } from "effect"
import { DeletedResourceStore } from "../store/DeletedResourceStore.ts"
import { type ReportRow, ReportStore } from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import { Attachments } from "./Attachments.ts"

/**
 * Makes the deletion, on the report and tombstone stores and the attachments service.
 *
 * @example
 * ```ts
 * const deletion = yield* ReportDeletion.make
 * yield* deletion.remove(current)
 * ```
 */
export const make = Effect.gen(function* () {
  const reports = yield* ReportStore
  const tombstones = yield* DeletedResourceStore
  const attachments = yield* Attachments

  /** Deletes the report, as it was read in the transaction, and writes its tombstones. */
  const remove = Effect.fnUntraced(function* (report: ReportRow) {
    const links = yield* reports.attachmentLinks(report.id)
    yield* attachments.release(links.map((link) => link.attachment_id))
    const gone = yield* reports.delete(report)
    const deleted_at = yield* nowIso
    const inChannel = { channel_id: report.channel_id, team_id: null, user_id: null, deleted_at }
    yield* tombstones.record([
      { type: "report", uuid: report.uuid, record_id: report.id, ...inChannel },
      ...gone.comments.map((comment) => ({
        type: "report_comment" as const,
        uuid: comment.uuid,
        record_id: comment.id,
        ...inChannel,
      })),
      ...gone.tasks.map((task) => ({
        type: "task" as const,
        uuid: task.uuid,
        record_id: null,
        channel_id: null,
        team_id: task.team_id,
        user_id: null,
        deleted_at,
      })),
    ])
  })

  return { remove }
})
