/**
 * `GET /api/v4/files/{id}/{style}?expires=…&signature=…`: the bytes of an attachment (`original`)
 * or of an image's rendition (`thumb`, `medium`), streamed from the file store. The signed address
 * is the credential, so an `<img src>` works without headers, also in pages of other origins that
 * embed the admin elements.
 */

import type { files } from "@fieldreport/contract/endpoints/Files"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { isStyle } from "../../attachments/StorageKey.ts"
import { NotFound } from "../../Errors.ts"
import { Attachments } from "../../services/Attachments.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { sendFile, sent } from "../FileReply.ts"
import type { Route } from "../Route.ts"

/** The file routes. */
export const fileRoutes = (route: Route<AppServices>): GroupHandlers<typeof files> => ({
  getFile: [
    route((req) =>
      Effect.gen(function* () {
        const { id, style } = req.params
        if (
          typeof id !== "string" ||
          typeof style !== "string" ||
          !/^\d{1,15}$/.test(id) ||
          !isStyle(style)
        ) {
          return yield* new NotFound({ resource: "file" })
        }
        const attachments = yield* Attachments
        const file = yield* attachments.serve(
          { id: Number(id), style },
          { expires: req.query.expires, signature: req.query.signature },
        )
        const res = req.res
        if (res === undefined) return yield* Effect.die("the request has no response")
        yield* sendFile(res, req.method, file)
        return sent
      }),
    ),
  ],
})
