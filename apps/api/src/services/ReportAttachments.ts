/**
 * The attachments a report write names, relinked in the write's transaction (the domain's
 * `AttachmentLinks`): those its answers name now are claimed, so the clean-up keeps them; a
 * write naming one that does not exist, or one a field taken out of the form still holds, is
 * refused; those it stopped naming are released; and the links are stored field by field.
 */
import * as AttachmentLinks from "@fieldreport/domain/AttachmentLinks"
import type { FormField } from "@fieldreport/domain/FormField"
import { Effect } from "effect"
import { type ReportRow, ReportStore } from "../store/ReportStore.ts"
import { Attachments } from "./Attachments.ts"

/**
 * Makes the relinking of a report's attachments, on the attachments service and the report store.
 *
 * @example
 * ```ts
 * const attachments = yield* ReportAttachments.make
 * yield* attachments.relink(report, context.fields, yield* reports.attachmentLinks(report.id))
 * ```
 */
export const make = Effect.gen(function* () {
  const attachments = yield* Attachments
  const reports = yield* ReportStore

  /** Relinks the report as written, over the form's fields, from the links it had (`before`). */
  const relink = Effect.fnUntraced(function* (
    report: ReportRow,
    fields: ReadonlyArray<FormField>,
    before: ReadonlyArray<AttachmentLinks.AttachmentLink>,
  ) {
    const relinking = AttachmentLinks.relink(fields, report.answers, before)
    const missing = yield* attachments.claim(relinking.claimed)
    yield* Effect.fromResult(AttachmentLinks.check(relinking, missing))
    yield* attachments.release(relinking.released)
    yield* reports.replaceAttachmentLinks(report, relinking.links)
  })

  return { relink }
})
