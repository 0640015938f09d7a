/**
 * The longest text each kind of string field of a request body may hold (docs/api.md, Limits: every
 * string field has a documented maximum). Named once here, so the domain schemas, the API reference
 * (`maxLength`) and the `422` a client reads all give the same number.
 *
 * Lengths count UTF-16 code units, as JavaScript's `length` and JSON Schema's `maxLength` do in
 * this service: a character outside the Basic Multilingual Plane (most emoji) counts as two.
 * Strings inside free-form JSON (shape metadata) have no length of their own: the body's size
 * bounds them, and `JsonValue` their nesting.
 */
import { Schema } from "effect"

/**
 * Names a person gives: people, teams and their industry, channels, categories, forms, fields and
 * their options, report states, branded apps, API tokens.
 *
 * @example
 * ```ts
 * TextLimits.nonBlank(TextLimits.name) // a channel's name
 * ```
 */
export const name = 200

/**
 * Titles of reports and tasks.
 *
 * @example
 * ```ts
 * TextLimits.upTo(TextLimits.title) // a report's title, blank when it is to be derived
 * ```
 */
export const title = 300

/**
 * Identifiers and short codes: app versions, bundle ids, source ids, pin colours and styles, field
 * keys and option values.
 *
 * @example
 * ```ts
 * TextLimits.upTo(TextLimits.code) // a user's app_version
 * ```
 */
export const code = 128

/**
 * An e-mail address: the longest path RFC 5321 lets a mail server take.
 *
 * @example
 * ```ts
 * Schema.String.check(TextLimits.atMost(TextLimits.email))
 * ```
 */
export const email = 254

/**
 * The free text of a search (`filter[q]` of a report search): the few words a person types.
 *
 * @example
 * ```ts
 * SearchText.parse(query, "filter[q]") // longer than TextLimits.search: fails naming filter[q]
 * ```
 */
export const search = 200

/**
 * A report's address and a team's location.
 *
 * @example
 * ```ts
 * TextLimits.upTo(TextLimits.address)
 * ```
 */
export const address = 500

/**
 * Free text: task descriptions, report and note comments, text answers of a report.
 *
 * @example
 * ```ts
 * TextLimits.nonBlank(TextLimits.text) // a note comment
 * ```
 */
export const text = 20_000

/**
 * A form field's `data`, a JSON document carried as a string (a choice field lists its options
 * in it, so a long list of options must fit).
 *
 * @example
 * ```ts
 * Schema.String.check(TextLimits.atMost(TextLimits.document))
 * ```
 */
export const document = 200_000

/**
 * A geometry as WKT: a shape, an alert area, a shape search's `intersects`, a report's legacy
 * `geom`. The 10,000 positions WKT may hold bound it further.
 *
 * @example
 * ```ts
 * TextLimits.nonBlank(TextLimits.geometry) // a shape's geom
 * ```
 */
export const geometry = 1_000_000

/**
 * Passwords, and tokens sent back to the server: long enough for any passphrase, short enough to
 * keep the password hash's input small.
 *
 * @example
 * ```ts
 * Schema.String.check(TextLimits.atMost(TextLimits.secret))
 * ```
 */
export const secret = 1_024

/**
 * The check of a maximum length, with the message a client reads in a `422`. It shows as
 * `maxLength` in the API reference.
 *
 * @example
 * ```ts
 * Schema.String.check(TextLimits.atMost(500)) // "x".repeat(501) fails: "must be at most 500 characters"
 * ```
 */
export const atMost = (limit: number) =>
  Schema.isMaxLength(limit, { message: `must be at most ${limit} characters` })

/**
 * A string of at most `limit` characters, blank allowed.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(TextLimits.upTo(TextLimits.address))("") // ""
 * ```
 */
export const upTo = (limit: number) => Schema.String.check(atMost(limit))

/**
 * A string that is not blank, of at most `limit` characters.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(TextLimits.nonBlank(TextLimits.name))("Cleaner streams")
 * Schema.decodeUnknownSync(TextLimits.nonBlank(TextLimits.name))(" ") // fails: "must not be blank"
 * ```
 */
export const nonBlank = (limit: number) =>
  Schema.String.check(Schema.isPattern(/\S/, { message: "must not be blank" }), atMost(limit))
