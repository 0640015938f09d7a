/**
 * Small schemas of the wire that many resources share: ids, counts, names, UUIDs, e-mail
 * addresses and closed sets of words. Each carries the message a client reads in a `422`.
 */
import { Schema } from "effect"
import * as TextLimits from "../TextLimits.ts"

/**
 * A record id: a positive integer (docs/api.md, Values: ids are integers, except tasks).
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(Id)(42) // 42
 * ```
 */
export const Id = Schema.Number.check(
  Schema.isInt({ message: "must be an integer" }),
  Schema.isGreaterThan(0, { message: "must be a positive integer" }),
)

/**
 * A count, position or depth: an integer from 0.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(Count)(0) // 0
 * ```
 */
export const Count = Schema.Number.check(
  Schema.isInt({ message: "must be an integer" }),
  Schema.isGreaterThanOrEqualTo(0, { message: "must not be negative" }),
)

/**
 * A name a person gives (a channel, a category, a team): text that is not blank, of at most
 * `TextLimits.name` characters.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(Name)("Cleaner streams")
 * ```
 */
export const Name = TextLimits.nonBlank(TextLimits.name)

/**
 * A UUID, as clients generate them for reports, comments and tasks.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(Uuid)("3ffeef7c-0f73-4e82-b39e-5a55cce0daef")
 * ```
 */
export const Uuid = Schema.String.check(Schema.isUUID(undefined, { message: "must be a UUID" }))

/**
 * An e-mail address of at most `TextLimits.email` characters; only its shape is checked (one `@`,
 * no spaces), since the mail sent to it is the real test.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(Email)("ana@example.com")
 * ```
 */
export const Email = Schema.String.check(
  Schema.isPattern(/^[^\s@]+@[^\s@]+$/, { message: "must be an e-mail address" }),
  TextLimits.atMost(TextLimits.email),
)

/**
 * One of a closed set of words, with a message that lists them.
 *
 * @example
 * ```ts
 * const Direction = oneOf(["asc", "desc"]) // fails with "must be one of asc, desc"
 * ```
 */
export const oneOf = <const Words extends ReadonlyArray<string>>(words: Words) =>
  Schema.Literals(words).annotate({ message: `must be one of ${words.join(", ")}` })

/**
 * A value or null, with a message that says both (the bare union would read "Expected number |
 * null"). Problems inside a value of the right type keep their own message.
 *
 * @example
 * ```ts
 * const SupervisorId = nullOr(Id, "an id") // "7" fails with "must be an id or null"
 * ```
 */
export const nullOr = <S extends Schema.Top>(schema: S, description: string) =>
  Schema.NullOr(schema).annotate({ message: `must be ${description} or null` })
