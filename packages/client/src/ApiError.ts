/**
 * What the API answered when a call did not succeed: the status and the problem body (RFC 9457),
 * whose `errors` name the fields at fault.
 */
import { Schema } from "effect"

/**
 * A non-2xx answer.
 *
 * @example
 * ```ts
 * if (error.status === 422) console.log(error.errors["report.location.latitude"])
 * ```
 */
export class ApiError extends Schema.TaggedError<ApiError>()("ApiError", {
  status: Schema.Number,
  title: Schema.String,
  detail: Schema.String,
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
  /** How long the server asked the client to wait before trying again (`Retry-After`), if it did. */
  retryAfterSeconds: Schema.optionalKey(Schema.Number),
}) {
  override get message(): string {
    return `${this.status} ${this.title}: ${this.detail}`
  }
}

/** The network failed or the answer was not what the client expected. */
export class TransportError extends Schema.TaggedError<TransportError>()("TransportError", {
  message: Schema.String,
}) {}

const ProblemBody = Schema.Struct({
  title: Schema.optionalKey(Schema.String),
  detail: Schema.optionalKey(Schema.String),
  error: Schema.optionalKey(Schema.String),
  errors: Schema.optionalKey(Schema.Record(Schema.String, Schema.Array(Schema.String))),
})

/**
 * The `ApiError` for a status and a body that may or may not be a problem document, with the
 * `Retry-After` header in seconds when the answer had one (an HTTP date is not read).
 *
 * @example
 * ```ts
 * fromAnswer(404, { title: "Not found", detail: "report not found" }).detail // "report not found"
 * fromAnswer(429, {}, "30").retryAfterSeconds // 30
 * ```
 */
export const fromAnswer = (status: number, body: unknown, retryAfter?: string | null): ApiError => {
  const problem = Schema.decodeUnknownOption(ProblemBody)(body)
  const { title, detail, error, errors } = problem._tag === "Some" ? problem.value : {}
  const seconds = Number(retryAfter ?? Number.NaN)
  return new ApiError({
    status,
    title: title ?? `HTTP ${status}`,
    detail: detail ?? error ?? "",
    errors: errors ?? {},
    ...(Number.isFinite(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {}),
  })
}
