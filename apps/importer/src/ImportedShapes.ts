/**
 * The source keys of the shapes an app already has, read through the shapes listing (without
 * geometries) before anything is sent: what is there is not sent again.
 */
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import type { FieldreportClient } from "@fieldreport/client/FieldreportClient"
import { Effect, Schema } from "effect"
import * as Retry from "./Retry.ts"
import * as SourceKey from "./SourceKey.ts"

const Listed = Schema.Struct({
  metadata: Schema.Record(Schema.String, Schema.Unknown),
})

/** The most shapes one page of the listing gives (the API's largest `Range`). */
const pageSize = 100

/**
 * Every source key among the app's shapes (the client's `X-AppId`).
 *
 * @example
 * ```ts
 * const imported = yield* ImportedShapes.sourceKeys(client)
 * imported.has("parcels.geojson#12") // true once that feature was imported
 * ```
 */
export const sourceKeys = (
  client: FieldreportClient,
): Effect.Effect<Set<string>, ApiError | TransportError> =>
  Effect.gen(function* () {
    const keys = new Set<string>()
    for (let start = 0; ; ) {
      const page = yield* Retry.withRetries(
        client.page(
          "listShapes",
          { start, end: start + pageSize - 1 },
          { query: { fields: "-geom" } },
          { as: Listed },
        ),
      )
      for (const shape of page.items) {
        const key = shape.metadata[SourceKey.metadataKey]
        if (typeof key === "string") keys.add(key)
      }
      start += page.items.length
      // The last page: the total is reached, or, when the server gave none, a page came back short.
      const last = page.total === undefined ? page.items.length < pageSize : start >= page.total
      if (page.items.length === 0 || last) return keys
    }
  })
