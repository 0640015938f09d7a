/**
 * `POST /api/v4/file_attachments`: uploading a file that fills an Image or FileUpload field of a
 * report (api-decisions §5).
 */
import { Attachment } from "@fieldreport/domain/Attachment"
import { type Group, upload } from "../Endpoint.ts"

/** The attachment endpoints. */
export const attachments: Group = {
  name: "Attachments",
  noun: "attachment",
  description:
    "Files for the Image and FileUpload fields of reports. The content type is sniffed from the bytes; images " +
    "get `thumb` (150 px) and `medium` (600 px) renditions. An attachment no report uses within 24 hours is " +
    "deleted. Addresses are signed and expire.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/file_attachments",
      operationId: "createFileAttachment",
      summary: "Upload a file",
      body: upload,
      replies: { 201: { description: "The new attachment.", schema: Attachment } },
    },
  ],
}
