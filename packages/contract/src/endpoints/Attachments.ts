/**
 * `POST /api/v4/file_attachments`: uploading a file that fills an Image or FileUpload field of a
 * report (docs/api.md, Attachments and files).
 */
import { Attachment } from "@fieldreport/domain/Attachment"
import { group, upload } from "../Endpoint.ts"

/** The attachment endpoints. */
export const attachments = group({
  name: "Attachments",
  noun: "attachment",
  description:
    "Files for the Image and FileUpload fields of reports. The content type is sniffed from the bytes; images " +
    "get `thumb` (150 px) and `medium` (600 px) renditions. An attachment no report uses within 24 hours is " +
    "deleted.\n\n" +
    "File addresses (`original_url`, `style_url`, and the files of reports, pictures and analytics) are signed " +
    "and expire after the server's URL lifetime (an hour by default): they work without headers, so an " +
    "`<img src>` can use them. By default they are addresses of the API (`/api/v4/files/{id}/{style}`), which " +
    "streams the file from wherever it is stored. A server keeping uploads in S3-compatible object storage " +
    "with presigned addresses turned on answers presigned addresses of the object store itself instead " +
    "(another host, with `X-Amz-*` parameters), which give the same bytes, type and file name; a report's " +
    "`account_logo` stays a path of the API. Clients should treat every file address as opaque and fetch a " +
    "fresh one once it has expired.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/file_attachments",
      operationId: "createFileAttachment",
      summary: "Upload a file",
      description:
        "A `multipart/form-data` body with one `file` part, streamed to storage as it arrives. The file is " +
        "stored before the attachment is recorded: when the file store (the object store of uploads) is down " +
        "or refuses, the answer is `503` with `Retry-After`, and nothing is recorded.",
      body: upload,
      replies: { 201: { description: "The new attachment.", schema: Attachment } },
    },
  ],
})
