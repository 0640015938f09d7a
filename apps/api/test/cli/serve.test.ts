/**
 * `fieldreport serve` (what `npm start` runs) on every engine: it migrates, listens, answers, and
 * on SIGTERM stops gracefully with exit code 0. On a database a newer build migrated it refuses to
 * start (exit 1, the versions named) and writes nothing: the embedded file is byte for byte the
 * same, and no branded app was bootstrapped.
 */
import { createHash } from "node:crypto"
import { readFileSync } from "node:fs"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterEach, describe, expect, it } from "vitest"
import { engines } from "../support/TestDatabase.ts"
import {
  fieldreport,
  finished,
  freshInstallation,
  type Installation,
  newerSchemaRefusal,
  recordedMigrations,
  recordFutureMigration,
  start,
} from "./Fieldreport.ts"

/** The number of branded apps: 0 until a server bootstraps the default one. */
const brandedApps = Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  const [row] = yield* sql<{ readonly n: number }>`SELECT COUNT(*) AS n FROM branded_apps`
  return Number(row?.n ?? 0)
})

describe.each(engines)("fieldreport serve on %s", (engine) => {
  let installation: Installation | undefined
  afterEach(() => installation?.remove())

  it("serves until SIGTERM, then stops gracefully with exit code 0", async () => {
    installation = await freshInstallation(engine)
    const child = start(["serve"], installation.env)
    const ended = finished(child)
    let output = ""
    const url = await new Promise<string>((resolve, reject) => {
      const read = (chunk: Buffer) => {
        output += chunk.toString("utf8")
        const listening = /"url":"(http:\/\/[^"]+)","msg":"listening"/.exec(output)
        if (listening?.[1] !== undefined) resolve(listening[1])
      }
      child.stdout?.on("data", read)
      child.stderr?.on("data", read)
      child.once("exit", (code) => reject(new Error(`serve exited (${code}) before listening:\n${output}`)))
    })
    expect((await fetch(`${url}/readyz`)).status).toBe(200)
    child.kill("SIGTERM")
    const run = await ended
    expect(run.code).toBe(0)
    expect(output).toContain('"msg":"stopped"')
  }, 60_000)

  it("refuses to start on a database a newer build migrated, exit 1, writing nothing", async () => {
    installation = await freshInstallation(engine)
    expect((await fieldreport(["migrate"], installation.env)).code).toBe(0)
    await installation.sql(recordFutureMigration)
    const records = await installation.sql(recordedMigrations)
    const digest = () =>
      createHash("sha256")
        .update(readFileSync(installation?.file ?? ""))
        .digest("hex")
    const before = engine === "sqlite" ? digest() : undefined

    const run = await fieldreport(["serve"], installation.env)
    expect(run.code).toBe(1)
    expect(run.stderr).toMatch(newerSchemaRefusal)
    expect(run.stdout).not.toContain("listening")

    if (engine === "sqlite") expect(digest()).toBe(before)
    expect(await installation.sql(recordedMigrations)).toEqual(records)
    expect(await installation.sql(brandedApps)).toBe(0)
  }, 60_000)
})
