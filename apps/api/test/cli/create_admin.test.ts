/**
 * `fieldreport create-admin`: creates a platform administrator whose password is the first line of
 * standard input, or, on a terminal, the password typed twice without echo (a short one refused
 * and asked again); makes an existing user an administrator without touching their password;
 * refuses a password under 10 characters or easy to guess (`PasswordStrength`, the administrator's
 * own names included), an empty standard input and a malformed e-mail address, changing no user.
 */
import { spawn, spawnSync } from "node:child_process"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterEach, describe, expect, it } from "vitest"
import { verifyPassword } from "../../src/auth/Password.ts"
import { apiDirectory, nodeBinary } from "../support/ChildServer.ts"
import { fieldreport, freshInstallation, type Installation } from "./Fieldreport.ts"

interface StoredUser {
  readonly email: string
  readonly first_name: string
  readonly last_name: string
  readonly admin: number
  readonly password_hash: string | null
}

/** The users of the installation's database, by e-mail address. */
const users = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  return yield* sql<StoredUser>`SELECT email, first_name, last_name, admin, password_hash FROM users ORDER BY email`
})

const passwordMatches = (user: StoredUser | undefined, password: string) =>
  Effect.runPromise(verifyPassword(password, user?.password_hash ?? ""))

describe("fieldreport create-admin", () => {
  let installation: Installation | undefined
  afterEach(() => installation?.remove())

  it("creates a platform administrator with the first line of standard input as the password", async () => {
    installation = await freshInstallation("sqlite")
    const run = await fieldreport(
      ["create-admin", "--email", "Ana.Lee@Example.com", "--first-name", "Ana", "--last-name", "Lee"],
      installation.env,
      "kiwi fern harbour tide\nanything after the first line\n",
    )
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    expect(run.stdout).toBe("created the platform administrator ana.lee@example.com\n")
    const [user] = await installation.sql(users)
    expect(user).toMatchObject({
      email: "ana.lee@example.com",
      first_name: "Ana",
      last_name: "Lee",
      admin: 1,
    })
    expect(await passwordMatches(user, "kiwi fern harbour tide")).toBe(true)
  }, 30_000)

  it("makes an existing user an administrator, their password unchanged, and says so when one already", async () => {
    installation = await freshInstallation("sqlite")
    expect((await fieldreport(["migrate"], installation.env)).code).toBe(0)
    await installation.sql(
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        yield* sql`INSERT INTO users (email, first_name, last_name, password_hash, admin, created_at)
          VALUES ('bo@example.com', 'Bo', 'Tui', 'unchanged-hash', 0, '2026-01-01T00:00:00.000Z')`
      }),
    )
    const made = await fieldreport(["create-admin", "--email", "bo@example.com"], installation.env)
    expect(made.code).toBe(0)
    expect(made.stdout).toBe("made bo@example.com a platform administrator; their password is unchanged\n")
    expect(await installation.sql(users)).toEqual([
      {
        email: "bo@example.com",
        first_name: "Bo",
        last_name: "Tui",
        admin: 1,
        password_hash: "unchanged-hash",
      },
    ])
    const again = await fieldreport(["create-admin", "--email", "bo@example.com"], installation.env)
    expect(again.code).toBe(0)
    expect(again.stdout).toBe("bo@example.com is a platform administrator already; nothing changed\n")
  }, 30_000)

  it("refuses a password under 10 characters, one easy to guess and an empty standard input, creating nobody (exit 1)", async () => {
    installation = await freshInstallation("sqlite")
    const short = await fieldreport(
      ["create-admin", "--email", "ana@example.com"],
      installation.env,
      "123456789\n",
    )
    expect(short.code).toBe(1)
    expect(short.stderr).toContain("the password must be at least 10 characters; nothing was changed")
    const guessable = await fieldreport(
      ["create-admin", "--email", "ana@example.com"],
      installation.env,
      "password123\n",
    )
    expect(guessable.code).toBe(1)
    expect(guessable.stderr).toContain("the password is too easy to guess")
    const ownName = await fieldreport(
      ["create-admin", "--email", "ana@example.com", "--first-name", "Anastasia", "--last-name", "Kowalczyk"],
      installation.env,
      "AnastasiaKowalczyk\n",
    )
    expect(ownName.code).toBe(1)
    expect(ownName.stderr).toContain("the password is too easy to guess")
    const empty = await fieldreport(["create-admin", "--email", "ana@example.com"], installation.env)
    expect(empty.code).toBe(1)
    expect(empty.stderr).toContain("no password on standard input")
    expect(await installation.sql(users)).toEqual([])
  }, 30_000)

  it("answers a missing or malformed e-mail address as a usage error (exit 2)", async () => {
    installation = await freshInstallation("sqlite")
    const missing = await fieldreport(["create-admin"], installation.env, "kiwi fern harbour tide\n")
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("Missing required flag: --email")
    const malformed = await fieldreport(
      ["create-admin", "--email", "ana"],
      installation.env,
      "kiwi fern harbour tide\n",
    )
    expect(malformed.code).toBe(2)
    expect(malformed.stderr).toContain("must be an e-mail address")
  }, 30_000)

  // `script` runs the command on a pseudo-terminal, as an operator's shell would.
  const hasScript = spawnSync("script", ["--version"]).status === 0
  it.skipIf(!hasScript)(
    "asks on a terminal twice without echo, asking again after a short password",
    async () => {
      installation = await freshInstallation("sqlite")
      const command = `'${nodeBinary}' src/cli/main.ts create-admin --email tty@example.com`
      const child = spawn("script", ["-qec", command, "/dev/null"], {
        cwd: apiDirectory,
        env: { PATH: process.env.PATH, ...installation.env },
        stdio: ["pipe", "pipe", "pipe"],
      })
      const answers: ReadonlyArray<readonly [prompt: string, keys: string]> = [
        ["Password for tty@example.com", "short\r"],
        ["must be at least 10 characters", `${"\x7f".repeat(5)}kiwi fern harbour tide\r`],
        ["The same password again", "kiwi fern harbour tide\r"],
      ]
      let output = ""
      let answered = 0
      child.stdout.on("data", (chunk: Buffer) => {
        output += chunk.toString("utf8")
        const next = answers[answered]
        if (next !== undefined && output.includes(next[0])) {
          answered += 1
          child.stdin.write(next[1])
        }
      })
      const code = await new Promise<number | null>((resolve) => child.once("exit", resolve))
      expect(output).toContain("created the platform administrator tty@example.com")
      expect(code).toBe(0)
      expect(output).not.toContain("kiwi")
      expect(output).not.toContain("short")
      const [user] = await installation.sql(users)
      expect(await passwordMatches(user, "kiwi fern harbour tide")).toBe(true)
    },
    60_000,
  )
})
