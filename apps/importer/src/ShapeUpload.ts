/**
 * Creating shapes through the API, tried again on passing failures (`Retry`): many at once with
 * `bulkCreateShapes`, or one by one with `createShape` (a batch of one, or a server older than bulk
 * creates). A create whose answer was lost (the connection broke, or the server failed after storing
 * it) may have made the shapes all the same, so before sending again each shape is looked for by its
 * source key through a shape search of its box: a retry never makes a duplicate.
 *
 * A `403` is no shape's fault: the token may not create the app's shapes at all (only the app's
 * administrators and platform administrators may), so it ends the batch as a failure of its own
 * instead of one outcome per shape, and the import stops.
 */
import type { ApiError, TransportError } from "@fieldreport/client/ApiError"
import type { FieldreportClient } from "@fieldreport/client/FieldreportClient"
import { Effect, Result, Schema } from "effect"
import * as Retry from "./Retry.ts"
import type { ShapeDraft } from "./ShapeDraft.ts"
import * as SourceKey from "./SourceKey.ts"

const Created = Schema.Struct({ id: Schema.Number })
const Listed = Schema.Struct({ id: Schema.Number, metadata: Schema.Record(Schema.String, Schema.Unknown) })
const BulkResult = Schema.Struct({
  ref: Schema.Number,
  data: Schema.optionalKey(Created),
  http_status: Schema.Number,
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
})

/** Only the ids of new shapes are asked back, so large geometries do not cross the wire twice. */
const idOnly = { fields: "-geom,-metadata" }

/**
 * The most bytes of shapes one bulk create carries, under the API's default body limit of 1 MiB; a
 * server with a smaller limit answers `413` and the batch is split.
 */
const batchBytes = 768 * 1024

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
    const search = yield* client.call("createShapeSearch", {
      body: { shape_search: { bbox: [minLongitude, minLatitude, maxLongitude, maxLatitude] } },
    })
    for (let start = 0; ; ) {
      const page = yield* client.page(
        "listShapes",
        { start, end: start + pageSize - 1 },
        { query: { shape_search_id: search.id, fields: "-geom" } },
        { as: Listed },
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
 * Creates the shape and answers its id.
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
    client.call(
      "createShape",
      { body: { shape: { geom: draft.geom, metadata: draft.metadata } }, query: idOnly },
      { as: Created },
    ),
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
 * Whether the API refused the token itself (`403`): the caller may not create the app's shapes.
 *
 * @example
 * ```ts
 * ShapeUpload.refusesToken(new ApiError({ status: 403, title: "Forbidden", detail: "", errors: {} })) // true
 * ```
 */
export const refusesToken = (error: ApiError | TransportError): boolean =>
  error._tag === "ApiError" && error.status === 403

/**
 * What became of a draft: the id of its new (or earlier) shape, or why it was not created.
 *
 * @example
 * ```ts
 * const outcome: Outcome = Result.fail("422 geom: outer ring is not closed")
 * ```
 */
export type Outcome = Result.Result<number, string>

/**
 * Creates the drafts, as one bulk create when there are several, and answers what became of each,
 * in order. A batch too large for one request (by size, or by the server's `413`) is sent in
 * halves; a server without bulk creates (`404`) gets the drafts one by one. A `403` fails the
 * whole batch (`refusesToken`).
 *
 * @example
 * ```ts
 * const outcomes = yield* ShapeUpload.createBatch(client, drafts)
 * const created = outcomes.filter(Result.isSuccess).length
 * ```
 */
export const createBatch = (
  client: FieldreportClient,
  drafts: ReadonlyArray<ShapeDraft>,
  policy: Retry.RetryPolicy = Retry.defaultPolicy,
): Effect.Effect<ReadonlyArray<Outcome>, ApiError> => {
  const [only] = drafts
  if (drafts.length === 1 && only !== undefined) {
    return Effect.flatMap(Effect.result(create(client, only, policy)), (created) => {
      const failure = Result.isFailure(created) ? created.failure : undefined
      return failure?._tag === "ApiError" && refusesToken(failure)
        ? Effect.fail(failure)
        : Effect.succeed([Result.mapError(created, reason)])
    })
  }
  const inHalves = () => {
    const middle = Math.ceil(drafts.length / 2)
    return Effect.map(
      Effect.all([
        createBatch(client, drafts.slice(0, middle), policy),
        createBatch(client, drafts.slice(middle), policy),
      ]),
      ([first, second]) => [...first, ...second],
    )
  }
  const size = drafts.reduce(
    (sum, draft) => sum + draft.geom.length + JSON.stringify(draft.metadata).length,
    0,
  )
  if (size > batchBytes) return inHalves()
  return Effect.catch(bulkCreate(client, drafts, policy), (error) => {
    if (error._tag === "ApiError" && refusesToken(error)) return Effect.fail(error)
    if (error._tag === "ApiError" && error.status === 413) return inHalves()
    if (error._tag === "ApiError" && error.status === 404) {
      return Effect.map(
        Effect.forEach(drafts, (draft) => createBatch(client, [draft], policy)),
        (outcomes) => outcomes.flat(),
      )
    }
    return Effect.succeed(drafts.map(() => Result.fail(reason(error))))
  })
}

/** One bulk create of the drafts; after a lost answer, only those not found are sent again. */
const bulkCreate = (
  client: FieldreportClient,
  drafts: ReadonlyArray<ShapeDraft>,
  policy: Retry.RetryPolicy,
) => {
  const post = (batch: ReadonlyArray<ShapeDraft>) =>
    Effect.map(
      client.call(
        "bulkCreateShapes",
        { body: batch.map((draft) => ({ geom: draft.geom, metadata: draft.metadata })), query: idOnly },
        { as: BulkResult },
      ),
      (results) => {
        const byRef = new Map(results.map((result) => [result.ref, result]))
        return batch.map((_, ref) => outcomeOf(byRef.get(ref)))
      },
    )
  let attempts = 0
  const attempt = Effect.suspend(() => {
    attempts += 1
    if (attempts === 1) return post(drafts)
    return Effect.gen(function* () {
      const found = yield* Effect.forEach(drafts, (draft) => find(client, draft))
      const missing = drafts.filter((_, i) => found[i] === undefined)
      const sent = missing.length === 0 ? [] : yield* post(missing)
      let next = 0
      return found.map((id): Outcome => (id === undefined ? sent[next++]! : Result.succeed(id)))
    })
  })
  return Retry.withRetries(attempt, policy)
}

const outcomeOf = (result: typeof BulkResult.Type | undefined): Outcome => {
  if (result === undefined) return Result.fail("the server's answer held no result for it")
  if (result.http_status === 201 && result.data !== undefined) return Result.succeed(result.data.id)
  const fields = Object.entries(result.errors).flatMap(([path, messages]) =>
    messages.map((message) => (path === "" ? message : `${path}: ${message}`)),
  )
  return Result.fail(`${result.http_status} ${fields.join("; ")}`)
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
