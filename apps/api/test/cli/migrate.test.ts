/**
 * `fieldreport migrate` on every engine: `--check` lists what an empty database lacks and exits 1
 * without creating or changing anything; `migrate` applies it and exits 0; `--check` then exits
 * 0. A database a newer build migrated is refused by both, exit 1 with the versions named, and
 * left as it was.
 */
import { existsSync } from "node:fs"
import { afterEach, describe, expect, it } from "vitest"
import { migrations } from "../../src/store/sql/migrations/index.ts"
import { engines } from "../support/TestDatabase.ts"
import {
  fieldreport,
  freshInstallation,
  type Installation,
  newerSchemaRefusal,
  recordedMigrations,
  recordFutureMigration,
} from "./Fieldreport.ts"

const newest = await import("effect").then(({ Effect }) =>
  Effect.runPromise(
    Effect.map(migrations, (known) => known.map(([id, name]) => `${String(id).padStart(4, "0")}_${name}`)),
  ),
)

describe.each(engines)("fieldreport migrate on %s", (engine) => {
  let installation: Installation | undefined
  afterEach(() => installation?.remove())

  it("lists what an empty database lacks (exit 1, nothing written), applies it, then finds nothing pending", async () => {
    installation = await freshInstallation(engine)
    const pending = await fieldreport(["migrate", "--check"], installation.env)
    expect(pending.code).toBe(1)
    expect(pending.stdout.trim().split("\n")).toEqual(newest.map((name) => `pending ${name}`))
    expect(pending.stderr).toMatch(/lacks \d+ migrations: run fieldreport migrate/)
    if (engine === "sqlite") expect(existsSync(installation.file)).toBe(false)
    else
      expect(await installation.sql(recordedMigrations).catch(() => "no record table")).toBe(
        "no record table",
      )

    const applied = await fieldreport(["migrate"], installation.env)
    expect(applied.stderr).toBe("")
    expect(applied.code).toBe(0)
    expect(applied.stdout).toContain(`applied ${newest[0]}\n`)
    expect(applied.stdout).toMatch(new RegExp(`is up to date: ${newest.at(-1)}\\n$`))
    expect(await installation.sql(recordedMigrations)).toHaveLength(newest.length)

    const checked = await fieldreport(["migrate", "--check"], installation.env)
    expect(checked.code).toBe(0)
    expect(checked.stdout).toMatch(new RegExp(`is up to date: ${newest.at(-1)}\\n$`))
    const again = await fieldreport(["migrate"], installation.env)
    expect(again.code).toBe(0)
    expect(again.stdout).not.toContain("applied")
  }, 60_000)

  it("refuses a database a newer build migrated, with and without --check, and leaves it as it was", async () => {
    installation = await freshInstallation(engine)
    expect((await fieldreport(["migrate"], installation.env)).code).toBe(0)
    await installation.sql(recordFutureMigration)
    const before = await installation.sql(recordedMigrations)

    for (const args of [["migrate"], ["migrate", "--check"]]) {
      const refused = await fieldreport(args, installation.env)
      expect(refused.code).toBe(1)
      expect(refused.stderr).toMatch(newerSchemaRefusal)
      expect(refused.stderr).toContain(`this build knows up to ${newest.at(-1)}`)
    }
    expect(await installation.sql(recordedMigrations)).toEqual(before)
  }, 60_000)
})
