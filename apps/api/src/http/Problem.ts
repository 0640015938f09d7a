/**
 * RFC 9457 problem details: the one table from error tags to statuses and bodies.
 * Bodies also carry `error`, a short message, because older clients read that key.
 */

import type { FieldErrors } from "@fieldreport/domain/Invalid"
import { InvalidInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import {
  Conflict,
  Forbidden,
  NotFound,
  PayloadTooLarge,
  SearchFailed,
  TooManyRequests,
  Unauthorized,
  Unavailable,
  UnsupportedMediaType,
} from "../Errors.ts"

/** A problem body ready to send. */
export interface Problem {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: {
    readonly type: string
    readonly title: string
    readonly status: number
    readonly detail?: string
    readonly error: string
    readonly errors?: FieldErrors
    readonly error_id?: string
  }
}

/** Every failure an HTTP handler may end with. */
export type HttpFailure =
  | MalformedRequest
  | InvalidInput
  | Unauthorized
  | Forbidden
  | NotFound
  | Conflict
  | TooManyRequests
  | PayloadTooLarge
  | UnsupportedMediaType
  | Unavailable
  | SearchFailed

const table: Record<
  HttpFailure["_tag"],
  { readonly status: number; readonly slug: string; readonly title: string }
> = {
  MalformedRequest: { status: 400, slug: "malformed-request", title: "Malformed request" },
  Unauthorized: { status: 401, slug: "unauthorized", title: "Unauthorized" },
  Forbidden: { status: 403, slug: "forbidden", title: "Forbidden" },
  NotFound: { status: 404, slug: "not-found", title: "Not found" },
  Conflict: { status: 409, slug: "conflict", title: "Conflict" },
  PayloadTooLarge: { status: 413, slug: "payload-too-large", title: "Payload too large" },
  UnsupportedMediaType: { status: 415, slug: "unsupported-media-type", title: "Unsupported media type" },
  InvalidInput: { status: 422, slug: "invalid-input", title: "Invalid input" },
  TooManyRequests: { status: 429, slug: "too-many-requests", title: "Too many requests" },
  SearchFailed: { status: 500, slug: "search-failed", title: "Search failed" },
  Unavailable: { status: 503, slug: "unavailable", title: "Service unavailable" },
}

const typeOf = (slug: string): string => `urn:fieldreport:problem:${slug}`

/**
 * The problem for a failure a handler ended with.
 *
 * @example
 * ```ts
 * fromFailure(new NotFound({ resource: "report" })).status // 404
 * ```
 */
export const fromFailure = (failure: HttpFailure): Problem => {
  const { status, slug, title } = table[failure._tag]
  const headers: Record<string, string> = {}
  if (failure._tag === "Unauthorized") headers["WWW-Authenticate"] = 'Token realm="api"'
  const retryAfter =
    failure._tag === "TooManyRequests" || failure._tag === "Unavailable"
      ? failure.retryAfterSeconds
      : undefined
  if (retryAfter !== undefined) headers["Retry-After"] = String(Math.ceil(retryAfter))
  const errors =
    failure._tag === "MalformedRequest" || failure._tag === "InvalidInput" ? failure.errors : undefined
  return {
    status,
    headers,
    body: {
      type: typeOf(slug),
      title,
      status,
      detail: failure.message,
      error: failure.message,
      ...(errors === undefined ? {} : { errors }),
    },
  }
}

/** The problem for an unexpected failure: only an id, the details go to the log. */
export const internal = (errorId: string): Problem => ({
  status: 500,
  headers: {},
  body: {
    type: typeOf("internal"),
    title: "Internal error",
    status: 500,
    error: `internal error ${errorId}`,
    error_id: errorId,
  },
})

/** Whether a value is one of the failures of the table. */
export const isHttpFailure = (u: unknown): u is HttpFailure =>
  u instanceof MalformedRequest ||
  u instanceof InvalidInput ||
  u instanceof Unauthorized ||
  u instanceof Forbidden ||
  u instanceof NotFound ||
  u instanceof Conflict ||
  u instanceof TooManyRequests ||
  u instanceof PayloadTooLarge ||
  u instanceof UnsupportedMediaType ||
  u instanceof Unavailable ||
  u instanceof SearchFailed
