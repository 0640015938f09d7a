/**
 * `fieldreport create-admin --email E [--first-name F] [--last-name L]`: creates a platform
 * administrator with a password read by `PasswordInput` (asked on a terminal, else the first line
 * of standard input), or makes the existing user of that e-mail address one, their password
 * unchanged (and nothing asked). The password must pass the rule every password passes
 * (`PasswordStrength`: at least 10 characters, and hard enough to guess). The database is
 * migrated first, as the API would at its start.
 */
import { Console, Effect, Layer, Redacted, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import { hashPassword } from "../auth/Password.ts"
import * as PasswordStrength from "../auth/PasswordStrength.ts"
import * as Database from "../store/sql/Database.ts"
import { UserStore } from "../store/UserStore.ts"
import * as Configuration from "./Configuration.ts"
import * as DatabaseAccess from "./DatabaseAccess.ts"
import * as PasswordInput from "./PasswordInput.ts"

// Only the shape is checked (one @, no spaces): the address is the administrator's to sign in with.
const Email = Schema.String.check(
  Schema.makeFilter(
    (value) => /^[^\s@]+@[^\s@]+$/.test(value) || "must be an e-mail address such as ana@example.com",
  ),
)

const Name = Schema.String.check(Schema.makeFilter((value) => value.trim() !== "" || "must not be empty"))

interface Input {
  readonly email: string
  readonly firstName: string
  readonly lastName: string
}

const createAdmin = (input: Input) =>
  Effect.gen(function* () {
    const users = yield* UserStore
    const email = input.email.trim().toLowerCase()
    const existing = yield* users.findByEmail(email)
    if (existing !== undefined) {
      const deactivated =
        existing.deactivated === 1 ? " (the account is deactivated: reactivate it to sign in)" : ""
      if (existing.admin === 1) {
        yield* Console.log(`${email} is a platform administrator already; nothing changed${deactivated}`)
        return
      }
      yield* users.update(existing.id, { admin: true })
      yield* Console.log(`made ${email} a platform administrator; their password is unchanged${deactivated}`)
      return
    }
    const userInputs = PasswordStrength.userInputsOf({
      email,
      first_name: input.firstName,
      last_name: input.lastName,
    })
    const password = yield* PasswordInput.read(email, (candidate) =>
      PasswordStrength.weakness(candidate, userInputs),
    )
    yield* users.insert({
      email,
      first_name: input.firstName.trim(),
      last_name: input.lastName.trim(),
      password_hash: yield* hashPassword(Redacted.value(password)),
      admin: true,
    })
    yield* Console.log(`created the platform administrator ${email}`)
  })

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([CreateAdminCommand.command])
 * ```
 */
export const command = Command.make(
  "create-admin",
  {
    email: Flag.String("email").pipe(
      Flag.withSchema(Email),
      Flag.withDescription("E-mail address the administrator signs in with"),
    ),
    firstName: Flag.String("first-name").pipe(
      Flag.withSchema(Name),
      Flag.withDefault("Platform"),
      Flag.withDescription("First name of a new administrator"),
    ),
    lastName: Flag.String("last-name").pipe(
      Flag.withSchema(Name),
      Flag.withDefault("Administrator"),
      Flag.withDescription("Last name of a new administrator"),
    ),
  },
  (input) =>
    Effect.gen(function* () {
      const location = Database.location(yield* Configuration.read)
      yield* createAdmin(input).pipe(
        Effect.provide(
          UserStore.layer.pipe(Layer.provide(Database.layer), Layer.provide(Configuration.layer)),
        ),
        Effect.mapError(DatabaseAccess.failure(location)),
      )
    }),
).pipe(
  Command.withShortDescription("Creates a platform administrator"),
  Command.withDescription(
    `Creates a platform administrator, or makes the existing user of the e-mail address one (their password unchanged). The password of a new one is asked twice on a terminal, or read as the first line of standard input; at least ${PasswordStrength.minimumLength} characters, and not easy to guess.`,
  ),
  Command.withExamples([
    { command: "fieldreport create-admin --email ana@example.com", description: "Asks for the password" },
    {
      command: `printf '%s\\n' "$PASSWORD" | fieldreport create-admin --email ana@example.com --first-name Ana --last-name Lee`,
      description: "Reads the password from standard input",
    },
  ]),
)
