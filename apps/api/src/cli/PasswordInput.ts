/**
 * A new password as an operator's command reads it: asked twice without echo when standard input
 * is a terminal (a weak one is refused there and asked again), otherwise the first line of
 * standard input, so a script can pipe it in (`printf '%s\n' "$PASSWORD" | fieldreport …`). It is
 * never a flag: a flag's value would stay in the shell's history and in the process list.
 */
import { text } from "node:stream/consumers"
import { Effect, Redacted } from "effect"
import { Prompt } from "effect/cli"
import { CommandFailed } from "./Failure.ts"

/**
 * Reads a password for `account`; `weakness` says why one is refused (`undefined` when it is
 * accepted).
 *
 * @example
 * ```ts
 * const password = yield* PasswordInput.read("ana@example.com", (p) => p.length < 10 ? "must be at least 10 characters" : undefined)
 * ```
 */
export const read = (account: string, weakness: (password: string) => string | undefined) =>
  process.stdin.isTTY === true ? ask(account, weakness) : fromStandardInput(weakness)

const ask = (account: string, weakness: (password: string) => string | undefined) =>
  Effect.gen(function* () {
    const first = yield* Prompt.run(
      Prompt.Hidden({
        message: `Password for ${account}`,
        validate: (value) => {
          const why = weakness(value)
          return why === undefined ? Effect.succeed(value) : Effect.fail(`The password ${why}`)
        },
      }),
    )
    const again = yield* Prompt.run(Prompt.Hidden({ message: "The same password again" }))
    if (Redacted.value(first) !== Redacted.value(again))
      return yield* new CommandFailed({ message: "the two passwords differ; nothing was changed" })
    return first
  })

const fromStandardInput = (weakness: (password: string) => string | undefined) =>
  Effect.gen(function* () {
    const input = yield* Effect.tryPromise({
      try: () => text(process.stdin),
      catch: (error) =>
        new CommandFailed({ message: `cannot read the password from standard input: ${String(error)}` }),
    })
    const password = input.split(/\r?\n/, 1)[0] ?? ""
    if (password === "")
      return yield* new CommandFailed({
        message:
          "no password on standard input: pipe it in as the first line, or run the command in a terminal",
      })
    const why = weakness(password)
    if (why !== undefined)
      return yield* new CommandFailed({ message: `the password ${why}; nothing was changed` })
    return Redacted.make(password)
  })
