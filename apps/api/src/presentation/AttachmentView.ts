/**
 * The attachment record on the wire (docs/api.md, File attachments): what an upload answers, with
 * the signed addresses of the file and its renditions that the `Attachments` service made.
 */
import type { Attachment } from "@fieldreport/domain/Attachment"
import type { FileUrls } from "../services/Attachments.ts"
import type { AttachmentRow } from "../store/AttachmentStore.ts"

/**
 * The attachment record of a row and its addresses (`Attachments.urlsOf`).
 *
 * @example
 * ```ts
 * attachmentBody(row, yield* attachments.urlsOf(row, requestOrigin(req)))
 * // { id: 3, original_url: "https://…", filename: "outfall.png", content_type: "image/png", byte_size: 2048, style_url: { thumb: "https://…", medium: "https://…" } }
 * ```
 */
export const attachmentBody = (attachment: AttachmentRow, urls: FileUrls): Attachment => ({
  id: attachment.id,
  original_url: urls.original_url,
  filename: attachment.filename,
  content_type: attachment.content_type,
  byte_size: attachment.byte_size,
  style_url: urls.style_url,
})
