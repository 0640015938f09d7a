/**
 * `fieldreport api-token --user EMAIL --scope read|write --name NAME`: issues a personal API token
 * of a user, as a platform administrator does through `POST /api/v4/admin/users/{id}/api_tokens`:
 * a new secret (`auth/Token.ts`), only its digest stored (`SessionStore.insertApiToken`), and the
 * `api_token.created` audit event (no acting user: the operator of the machine). The token is
 * printed once, alone on standard output, so a script can take it; what it is goes to standard
 * error. The database is migrated first, as the API would at its start.
 *
 * Exit codes: 0 when issued; 1 when no user has the address (or the database cannot be used);
 * 2 when called wrongly (a scope other than read or write, a name that is blank or too long).
 */
import { ApiTokenCreate, type ApiTokenScope } from "@fieldreport/domain/ApiToken"
import { Console, Effect, Layer, Schema } from "effect"
import { Command, Flag } from "effect/cli"
import { newToken, tokenDigest } from "../auth/Token.ts"
import { AuditLog } from "../services/AuditLog.ts"
import { AuditStore } from "../store/AuditStore.ts"
import { SessionStore } from "../store/SessionStore.ts"
import * as Database from "../store/sql/Database.ts"
import { UserStore } from "../store/UserStore.ts"
import * as Configuration from "./Configuration.ts"
import * as DatabaseAccess from "./DatabaseAccess.ts"
import { CommandFailed } from "./Failure.ts"

// Only the shape is checked (one @, no spaces): the address is looked up as it is stored.
const Email = Schema.String.check(
  Schema.makeFilter(
    (value) => /^[^\s@]+@[^\s@]+$/.test(value) || "must be an e-mail address such as ana@example.com",
  ),
)

interface Input {
  readonly user: string
  readonly scope: ApiTokenScope
  readonly name: string
}

const issue = (input: Input) =>
  Effect.gen(function* () {
    const users = yield* UserStore
    const sessions = yield* SessionStore
    const audit = yield* AuditLog
    const email = input.user.trim().toLowerCase()
    const user = yield* users.findByEmail(email)
    if (user === undefined)
      return yield* new CommandFailed({ message: `no user has the e-mail address ${email}` })
    const token = newToken("api")
    const row = yield* sessions.insertApiToken({
      user_id: user.id,
      name: input.name.trim(),
      scope: input.scope,
      token_hash: tokenDigest(token),
    })
    yield* audit.record({
      kind: "api_token.created",
      actorUserId: null,
      appId: null,
      teamId: null,
      targetType: "api_token",
      targetId: String(row.id),
      outcome: "success",
      detail: { user_id: user.id, scope: row.scope, by: "fieldreport api-token" },
    })
    const deactivated =
      user.deactivated === 1
        ? "; the account is deactivated, so it works once the account is reactivated"
        : ""
    yield* Console.error(
      `created the ${row.scope} API token "${row.name}" (id ${row.id}) of ${email}; it is shown this once${deactivated}`,
    )
    yield* Console.log(token)
  })

const stores = Layer.mergeAll(
  UserStore.layer,
  SessionStore.layer,
  AuditLog.layer.pipe(Layer.provide(AuditStore.layer)),
).pipe(Layer.provide(Database.layer), Layer.provide(Configuration.layer))

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([ApiTokenCommand.command])
 * ```
 */
export const command = Command.make(
  "api-token",
  {
    user: Flag.String("user").pipe(
      Flag.withSchema(Email),
      Flag.withDescription("E-mail address of the user the token acts as"),
    ),
    scope: Flag.Literals("scope", ["read", "write"]).pipe(
      Flag.withDescription("read: only GET, HEAD and OPTIONS; write: changes data too"),
    ),
    name: Flag.String("name").pipe(
      Flag.withSchema(ApiTokenCreate.fields.name),
      Flag.withDescription("What the token is for, as the user's token list shows it"),
    ),
  },
  (input) =>
    Effect.gen(function* () {
      const location = Database.location(yield* Configuration.read)
      yield* issue(input).pipe(Effect.provide(stores), Effect.mapError(DatabaseAccess.failure(location)))
    }),
).pipe(
  Command.withShortDescription("Issues a personal API token of a user and prints it once"),
  Command.withDescription(
    "Issues a personal API token of the user with the e-mail address, as a platform administrator can through the API, and prints it once on standard output (what it is goes to standard error). A read token only reads (GET, HEAD, OPTIONS); a write token changes data too. No token changes a password, issues credentials or reaches the platform administration. The token lasts until it is revoked (DELETE /api/v4/admin/users/{id}/api_tokens/{token_id}).",
  ),
  Command.withExamples([
    {
      command: 'fieldreport api-token --user ana@example.com --scope read --name "Dashboard"',
      description: "A token that only reads, for a dashboard",
    },
    {
      command:
        'TOKEN=$(fieldreport api-token --user importer@example.com --scope write --name "Gauge importer")',
      description: "Keep the token in a variable of a script",
    },
  ]),
)
