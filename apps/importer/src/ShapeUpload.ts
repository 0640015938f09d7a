/**
 * Creating one shape through the API, tried again on passing failures (`Retry`).
 */
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import type { FieldreportClient } from "@fieldreport/client/FieldreportClient"
import { Effect, Schema } from "effect"
import * as Retry from "./Retry.ts"
import type { ShapeDraft } from "./ShapeDraft.ts"

const Created = Schema.Struct({ id: Schema.Number })

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
): Effect.Effect<number, ApiError | TransportError> =>
  Effect.map(
    Retry.withRetries(
      client.call("POST", "/api/v4/shapes", Created, {
        body: { shape: { geom: draft.geom, metadata: draft.metadata } },
        query: { fields: "id" },
      }),
    ),
    (created) => created.id,
  )

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
