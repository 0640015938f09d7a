/**
 * A file attachment (docs/api.md, Attachments and files): uploaded with
 * `POST /api/v4/file_attachments`, then named by its id in the Image and FileUpload fields of a
 * report.
 */
import { Schema } from "effect"
import { Count, Id } from "./internal/wire.ts"

/**
 * Addresses of an image's renditions: `thumb` (150 px) and `medium` (600 px). Other files have
 * none, so the object is empty.
 *
 * @example
 * ```ts
 * const styles: StyleUrl = { thumb: "https://files.example.com/15/thumb.png", medium: "https://files.example.com/15/medium.png" }
 * ```
 */
export const StyleUrl = Schema.Struct({
  thumb: Schema.optionalKey(Schema.String),
  medium: Schema.optionalKey(Schema.String),
})
export type StyleUrl = typeof StyleUrl.Type

/**
 * The attachment resource. `content_type` is sniffed from the bytes, never taken from the name.
 *
 * @example
 * ```ts
 * const attachment: Attachment = {
 *   id: 15,
 *   original_url: "https://files.example.com/15/original.png",
 *   filename: "runoff.png",
 *   content_type: "image/png",
 *   byte_size: 48213,
 *   style_url: { thumb: "https://files.example.com/15/thumb.png", medium: "https://files.example.com/15/medium.png" },
 * }
 * ```
 */
export const Attachment = Schema.Struct({
  id: Id,
  original_url: Schema.String,
  filename: Schema.String,
  content_type: Schema.String,
  byte_size: Count,
  style_url: StyleUrl,
})
export type Attachment = typeof Attachment.Type
