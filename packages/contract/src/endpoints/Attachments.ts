/**
 * `/api/v4/file_attachments`: uploading a file that fills an Image or FileUpload field of a report
 * (docs/api.md, Attachments and files), in one request through the API, or the mobile way: an
 * upload authorization, the file posted with its signed form, and an attachment made of its key.
 */
import { Attachment } from "@fieldreport/domain/Attachment"
import { FileAttachmentKey, UploadAuthorization } from "@fieldreport/domain/UploadAuthorization"
import { Schema } from "effect"
import { done, envelope, group, oneOf, query, upload, uploadForm } from "../Endpoint.ts"

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
      summary: "Upload a file, or make an attachment of an authorized upload",
      description:
        "Either a `multipart/form-data` body with one `file` part, streamed to storage as it arrives, or " +
        '`{"file_attachment": {"key": …}}` naming the key a file was posted with under an upload authorization ' +
        "of the caller's (`getUploadAuthorization`), which becomes an attachment once: a key of another user, " +
        "one whose authorization has expired or nothing was posted under is `422`, a key already made an " +
        "attachment `409`. A key whose file is still arriving is waited for a few seconds. Either way the " +
        "type is read from the bytes (`415` for a type uploads do not take) and the size limit holds (`413`). " +
        "The file is stored before the attachment is recorded: when the file store (the object store of " +
        "uploads) is down or refuses, the answer is `503` with `Retry-After`, and nothing is recorded.",
      body: oneOf([upload, envelope("file_attachment", FileAttachmentKey)]),
      replies: { 201: { description: "The new attachment.", schema: Attachment } },
      errors: [409],
    },
    {
      method: "get",
      path: "/api/v4/file_attachments/upload_authorization",
      operationId: "getUploadAuthorization",
      summary: "Authorize an upload",
      description:
        "A signed form for posting one file of `content_type` straight to where uploads are kept: an S3 " +
        "presigned POST when they are kept in object storage, otherwise a form for `uploadAuthorizedFile`. " +
        "Post the members of `fields` and then `file` as `multipart/form-data` to `url`, which answers " +
        `\`201\`; \`key\` (in \`fields\` too) is \`key_prefix\` and \`\${filename}\`, filled in with the file part's ` +
        "name, and a client may send `key_prefix` and a name of its own instead. Then make an attachment " +
        "of the key with `createFileAttachment`. The form is refused after an hour, and past the upload size limit, with " +
        "another `Content-Type` or a key outside `key_prefix`. Read-only API tokens are `403`.",
      reach: "write",
      query: [
        query(
          "content_type",
          Schema.String,
          "The type of the file to post, one uploads take (`image/png`, `image/jpeg`, `application/pdf`, …): " +
            "the form's `Content-Type` must be it.",
          true,
        ),
      ],
      replies: {
        200: {
          description: "The authorization, under `upload_authorization`.",
          schema: UploadAuthorization,
          root: "upload_authorization",
        },
      },
      errors: [422],
    },
    {
      method: "post",
      path: "/api/v4/file_attachments/uploads",
      operationId: "uploadAuthorizedFile",
      summary: "Post a file under an upload authorization",
      description:
        "Where the form of an upload authorization is posted when uploads are kept on the server's disk. No " +
        "credentials: the signed policy of the form is checked as S3 checks a presigned POST (its signature, " +
        "its expiry, the key's prefix, the `Content-Type`, the size) and a form it does not allow is `403`; " +
        "past the size it allows `413`. Fields after the file are ignored. A key whose authorization was " +
        "already made an attachment, or that a file was already posted under, is `409`.",
      access: "public",
      body: uploadForm({
        key: `\`key_prefix\` and a file name; \`\${filename}\` is replaced by the file part's name.`,
        success_action_status: "`201`, as the policy says.",
        "Content-Type": "The authorized content type.",
        policy: "The policy, as the authorization gave it.",
        "x-amz-algorithm": "As the authorization gave it.",
        "x-amz-credential": "As the authorization gave it.",
        "x-amz-date": "As the authorization gave it.",
        "x-amz-signature": "As the authorization gave it.",
      }),
      replies: { 201: done("Received: make an attachment of the key with `createFileAttachment`.") },
      errors: [403, 409],
    },
  ],
})
