/**
 * Uploads the mobile way (docs/api.md, Attachments and files): instead of sending a file through
 * the API, a client asks for an upload authorization, posts the file with the authorization's
 * signed form straight to where the service keeps uploads (an S3-compatible bucket, or an upload
 * endpoint of the API when uploads are kept on local disk), and then makes an attachment of it by
 * naming its key.
 */
import { Schema } from "effect"
import * as TextLimits from "./TextLimits.ts"

/**
 * What a client needs to post one file: `url` to post a `multipart/form-data` form to, made of
 * the members of `fields` and then the `file` part. Their `key`, like `key`, is `key_prefix` and
 * `${filename}`, which the receiver replaces with the file part's name; a client may send
 * `key_prefix` and a name of its own instead.
 *
 * @example
 * ```ts
 * const authorization: UploadAuthorization = {
 *   url: "https://reports.example.com/api/v4/file_attachments/uploads",
 *   key_prefix: "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.upload/",
 *   key: "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.upload/${filename}",
 *   fields: { key: "uploads/3f/…/${filename}", success_action_status: "201", "Content-Type": "image/png", policy: "eyJl…", "x-amz-algorithm": "AWS4-HMAC-SHA256", "x-amz-credential": "…", "x-amz-date": "20261127T101500Z", "x-amz-signature": "…" },
 * }
 * ```
 */
export const UploadAuthorization = Schema.Struct({
  url: Schema.String,
  key_prefix: Schema.String,
  key: Schema.String,
  fields: Schema.Record(Schema.String, Schema.String),
})
export type UploadAuthorization = typeof UploadAuthorization.Type

/**
 * The longest key a client may name: a key prefix and a file name of at most 255 characters, with
 * room to spare.
 */
export const maxKeyLength = 512

/**
 * The body that makes an attachment of an uploaded file, under `file_attachment`: the `key` it was
 * posted with.
 *
 * @example
 * ```ts
 * const body: FileAttachmentKey = { key: "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.upload/image.png" }
 * ```
 */
export const FileAttachmentKey = Schema.Struct({
  key: TextLimits.nonBlank(maxKeyLength),
})
export type FileAttachmentKey = typeof FileAttachmentKey.Type
