/**
 * The failures services report besides the domain's request errors (`MalformedRequest`,
 * `InvalidInput`). The HTTP layer maps each tag to a status in one table (`http/Problem.ts`).
 */
import { Schema } from "effect"

/** Missing, malformed, expired or revoked credentials. */
export class Unauthorized extends Schema.TaggedError<Unauthorized>()("Unauthorized", {
  message: Schema.String,
}) {}

/** Authenticated, but the user may not do this. */
export class Forbidden extends Schema.TaggedError<Forbidden>()("Forbidden", {
  message: Schema.String,
}) {}

/** Unknown, or in another tenant (never reveal which). */
export class NotFound extends Schema.TaggedError<NotFound>()("NotFound", {
  resource: Schema.String,
}) {
  override get message(): string {
    return `${this.resource} not found`
  }
}

/** The request conflicts with the current state (a taken name, a category still in use). */
export class Conflict extends Schema.TaggedError<Conflict>()("Conflict", {
  message: Schema.String,
}) {}

/** Too many requests or login attempts; retry after the given number of seconds. */
export class TooManyRequests extends Schema.TaggedError<TooManyRequests>()("TooManyRequests", {
  retryAfterSeconds: Schema.Number,
}) {
  override get message(): string {
    return `too many requests; retry after ${this.retryAfterSeconds} s`
  }
}

/** A body or upload over its limit. */
export class PayloadTooLarge extends Schema.TaggedError<PayloadTooLarge>()("PayloadTooLarge", {
  message: Schema.String,
}) {}

/** A body in a content type the endpoint does not take. */
export class UnsupportedMediaType extends Schema.TaggedError<UnsupportedMediaType>()("UnsupportedMediaType", {
  message: Schema.String,
}) {}

/** Starting, draining, or a dependency is down; with `retryAfterSeconds`, answered with `Retry-After`. */
export class Unavailable extends Schema.TaggedError<Unavailable>()("Unavailable", {
  message: Schema.String,
  retryAfterSeconds: Schema.optionalKey(Schema.Number),
}) {}

/** A background search that failed; its resource answers with `500` and this message. */
export class SearchFailed extends Schema.TaggedError<SearchFailed>()("SearchFailed", {
  message: Schema.String,
}) {}
