/**
 * The API reference: the OpenAPI 3.1 document, built once when the server starts.
 */
import type { reference } from "@fieldreport/contract/endpoints/Reference"
import * as Document from "../../openapi/Document.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"

/**
 * The reference route.
 *
 * @example
 * ```ts
 * const handlers = referenceRoutes()
 * ```
 */
export const referenceRoutes = (): GroupHandlers<typeof reference> => {
  const document = JSON.stringify(Document.make())
  return {
    getOpenApiDocument: (_req, res) => {
      res.setHeader("Cache-Control", "no-cache")
      res.type("application/json").send(document)
    },
  }
}
