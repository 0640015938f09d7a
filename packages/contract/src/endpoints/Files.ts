/**
 * `/api/v4/files/{id}/{style}`: the bytes of an attachment behind the signed, expiring address an
 * attachment record hands out (docs/api.md, Attachments).
 */
import { Schema } from "effect"
import { group, media, query, RecordId } from "../Endpoint.ts"

/** The file endpoint. */
export const files = group({
  name: "Files",
  noun: "attachment",
  description:
    "Attachment records carry signed addresses of their bytes. The address is the credential, so an " +
    "`<img src>` works without headers; it expires, and a changed or expired one is `404`.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/files/{id}/{style}",
      operationId: "getFile",
      summary: "Read an attachment's bytes",
      access: "public",
      pathParameters: {
        style: {
          schema: Schema.Literals(["original", "medium", "thumb"]),
          description: "`original`, or for images the `medium` or `thumb` rendition.",
        },
      },
      query: [
        query("expires", RecordId, "When the address expires, in seconds since 1970.", true),
        query("signature", Schema.String, "The address's signature.", true),
      ],
      replies: { 200: media(["application/octet-stream"], "The file, with its own content type.") },
    },
  ],
})
