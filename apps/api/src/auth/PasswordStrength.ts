/**
 * Whether a new password is hard enough to guess: at least 10 characters, and a zxcvbn score of
 * at least 3 of 4, that is an estimate of at least 10^8 guesses by an attacker who tries common
 * passwords, English words and names, keyboard walks, dates, repeats and the user's own details
 * (e-mail address, names) first. Every place that sets a password asks this module, so the rule
 * is the same for users, administrators, the bootstrap administrator and the demo logins.
 *
 * The dictionaries ship in the npm packages (no network) and are loaded at the first check, so a
 * process that sets no password never pays for them. Only the first 64 characters are estimated:
 * the estimate's cost grows quickly with length, it runs on the event loop, and 64 characters that
 * score 3 are strong whatever follows.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { ZxcvbnFactory } from "@zxcvbn-ts/core"
import * as common from "@zxcvbn-ts/language-common"
import * as english from "@zxcvbn-ts/language-en"
import { Effect } from "effect"

/** The fewest characters a password may have. */
export const minimumLength = 10

/** The lowest zxcvbn score (0 to 4) a password may have. */
export const minimumScore = 3

let estimator: ZxcvbnFactory | undefined

const estimatorOf = (): ZxcvbnFactory => {
  estimator ??= new ZxcvbnFactory({
    translations: english.translations,
    graphs: common.adjacencyGraphs,
    dictionary: { ...common.dictionary, ...english.dictionary },
    maxLength: 64,
    // The l33t matcher's cost grows with the substitutions it tries; five catch `P@ssw0rd` and the like.
    l33tMaxSubstitutions: 5,
  })
  return estimator
}

/**
 * The words of a user's own details that a password should not be made of: the e-mail address,
 * its parts, and the names.
 *
 * @example
 * ```ts
 * userInputsOf({ email: "ana.lee@example.com", first_name: "Ana", last_name: "Lee" })
 * // ["ana.lee@example.com", "ana", "lee", "example", "com", "Ana", "Lee", "fieldreport"]
 * ```
 */
export const userInputsOf = (user: {
  readonly email: string
  readonly first_name?: string
  readonly last_name?: string
}): ReadonlyArray<string> => [
  user.email,
  ...user.email.split(/[^\p{L}\p{N}]+/u).filter((part) => part.length > 0),
  ...[user.first_name, user.last_name].filter((name): name is string => name !== undefined && name !== ""),
  "fieldreport",
]

/**
 * Why a password is too weak, or `undefined` when it is strong enough.
 *
 * @example
 * ```ts
 * weakness("password123", ["ana@example.com"]) // "is too easy to guess: This is a commonly used password. …"
 * weakness("kiwi fern harbour tide", ["ana@example.com"]) // undefined
 * ```
 */
export const weakness = (password: string, userInputs: ReadonlyArray<string>): string | undefined => {
  if (password.length < minimumLength) return `must be at least ${minimumLength} characters`
  const { score, feedback } = estimatorOf().check(password, [...userInputs])
  if (score >= minimumScore) return undefined
  const advice = [feedback.warning, ...feedback.suggestions].filter(
    (line): line is string => line !== null && line !== "",
  )
  return advice.length === 0
    ? "is too easy to guess; add more words that are less common"
    : `is too easy to guess: ${advice.join(" ")}`
}

/**
 * Fails with `422` naming `field` when the password is too weak.
 *
 * @example
 * ```ts
 * yield* requireStrong(Redacted.value(input.password), { field: "user.password", userInputs: userInputsOf(input) })
 * ```
 */
export const requireStrong = (
  password: string,
  options: { readonly field: string; readonly userInputs: ReadonlyArray<string> },
): Effect.Effect<void, InvalidInput> =>
  Effect.suspend(() => {
    const reason = weakness(password, options.userInputs)
    return reason === undefined ? Effect.void : Effect.fail(InvalidInput.at(options.field, reason))
  }).pipe(Effect.withSpan("PasswordStrength.requireStrong"))
