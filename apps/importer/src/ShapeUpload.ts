/**
 * Creating one shape through the API, tried again on passing failures (`Retry`). A create whose
 * answer was lost (the connection broke, or the server failed after storing it) may have made the
 * shape all the same, so before sending it again the shape is looked for by its source key
 * through a shape search of its box: a retry never makes a duplicate.
 */
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import type { FieldreportClient } from "@fieldreport/client/FieldreportClient"
import { Effect, Schema } from "effect"
import * as Retry from "./Retry.ts"
import type { ShapeDraft } from "./ShapeDraft.ts"
import * as SourceKey from "./SourceKey.ts"

const Created = Schema.Struct({ id: Schema.Number })
const Listed = Schema.Struct({ id: Schema.Number, metadata: Schema.Record(Schema.String, Schema.Unknown) })

/** The most shapes one page of a search's listing gives (the API's largest `Range`). */
const pageSize = 100

/**
 * The id of the app's shape that holds the draft's source key, found among the shapes meeting
 * the draft's box; `undefined` when there is none.
 *
 * @example
 * ```ts
 * const id = yield* ShapeUpload.find(client, draft)
 * ```
 */
export const find = (
  client: FieldreportClient,
  draft: ShapeDraft,
): Effect.Effect<number | undefined, ApiError | TransportError> =>
  Effect.gen(function* () {
    const { minLongitude, minLatitude, maxLongitude, maxLatitude } = draft.box
    const search = yield* client.call("POST", "/api/v4/shape_searches", Created, {
      body: { shape_search: { bbox: [minLongitude, minLatitude, maxLongitude, maxLatitude] } },
    })
    for (let start = 0; ; ) {
      const page = yield* client.page(
        "/api/v4/shapes",
        Listed,
        { start, end: start + pageSize - 1 },
        {
          shape_search_id: search.id,
          fields: "-geom",
        },
      )
      const found = page.items.find((shape) => shape.metadata[SourceKey.metadataKey] === draft.sourceKey)
      if (found !== undefined) return found.id
      start += page.items.length
      // The last page: the total is reached, or, when the server gave none, a page came back short.
      const last = page.total === undefined ? page.items.length < pageSize : start >= page.total
      if (page.items.length === 0 || last) return undefined
    }
  })

/**
 * Creates the shape and answers its id. Only the id is asked back, so a large geometry is not
 * sent over the wire twice.
 *
 * @example
 * ```ts
 * const id = yield* ShapeUpload.create(client, draft)
 * ```
 */
export const create = (
  client: FieldreportClient,
  draft: ShapeDraft,
  policy: Retry.RetryPolicy = Retry.defaultPolicy,
): Effect.Effect<number, ApiError | TransportError> => {
  const post = Effect.map(
    client.call("POST", "/api/v4/shapes", Created, {
      body: { shape: { geom: draft.geom, metadata: draft.metadata } },
      query: { fields: "id" },
    }),
    (created) => created.id,
  )
  let attempts = 0
  const attempt = Effect.suspend(() => {
    attempts += 1
    if (attempts === 1) return post
    return Effect.flatMap(find(client, draft), (id) => (id === undefined ? post : Effect.succeed(id)))
  })
  return Retry.withRetries(attempt, policy)
}

/**
 * Why the API refused a shape, in one line: the problem's field messages, or its detail.
 *
 * @example
 * ```ts
 * ShapeUpload.reason(error) // "422 Invalid input: shape.geom: longitude must be between -180 and 180, not 200"
 * ```
 */
export const reason = (error: ApiError | TransportError): string => {
  if (error._tag === "TransportError") return error.message
  const fields = Object.entries(error.errors).flatMap(([path, messages]) =>
    messages.map((message) => `${path}: ${message}`),
  )
  return `${error.status} ${error.title}: ${fields.length > 0 ? fields.join("; ") : error.detail}`
}
