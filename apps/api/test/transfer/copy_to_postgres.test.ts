/**
 * Moving up from the embedded database (`fieldreport copy-to-postgres`): the API fills an embedded
 * database with its demo data, the command copies it into a fresh PostgreSQL database, every
 * table holds as many rows on both sides, and the API started on the copy answers what it
 * answered before, to the very session that was opened on the embedded database. A second copy
 * into the same database is refused, and leaves it as it was.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as PostgresClient from "../../src/store/sql/postgres/PostgresClient.ts"
import { type ChildServer, runScript, startChildServer } from "../support/ChildServer.ts"
import { createPostgresDatabase, type PostgresDatabase, postgresServerUrl } from "../support/TestDatabase.ts"
import { adminEmail, adminPassword } from "../support/TestServer.ts"

if (postgresServerUrl === undefined)
  console.warn(
    "copy_to_postgres: skipped, set FIELDREPORT_TEST_DATABASE_URL to a PostgreSQL server to run it",
  )

/** Row counts of every table of the embedded database (its own bookkeeping and full-text indexes left out). */
const embeddedCounts = (file: string): Record<string, number> => {
  const db = new DatabaseSync(file, { readOnly: true })
  try {
    const tables = db
      .prepare(`SELECT name FROM pragma_table_list WHERE schema = 'main' AND type IN ('table', 'virtual')
        AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' AND name <> 'effect_sql_migrations'
        AND name NOT IN (SELECT name FROM sqlite_schema WHERE sql LIKE 'CREATE VIRTUAL TABLE % USING fts5%')
        ORDER BY name`)
      .all() as Array<{ name: string }>
    return Object.fromEntries(
      tables.map(({ name }) => [
        name,
        Number((db.prepare(`SELECT COUNT(*) AS n FROM "${name}"`).get() as { n: number }).n),
      ]),
    )
  } finally {
    db.close()
  }
}

/** Row counts of the same tables in a PostgreSQL database. */
const postgresCounts = (url: string, tables: ReadonlyArray<string>): Promise<Record<string, number>> =>
  Effect.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const counts: Record<string, number> = {}
      for (const table of tables) {
        const [row] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM ${sql(table)}`
        counts[table] = row?.n ?? -1
      }
      return counts
    }).pipe(Effect.provide(PostgresClient.layer({ url, poolSize: 1 })), Effect.orDie),
  )

// Demo data and two servers in child processes: slow on a busy machine, hence the long timeouts.
describe.skipIf(postgresServerUrl === undefined)("copy-to-postgres", () => {
  const dir = mkdtempSync(join(tmpdir(), "fieldreport-copy-"))
  const file = join(dir, "fieldreport.db")
  let database: PostgresDatabase
  let token: string
  /** What the API answered on the embedded database, path by path. */
  const before = new Map<string, unknown>()
  let paths: ReadonlyArray<string> = []

  // One public address, so that both servers sign the same file URLs.
  const publicUrl = { FIELDREPORT_PUBLIC_URL: "https://reports.example.org" }

  /** Reads every path of `paths` as the administrator. */
  const readAll = async (server: ChildServer) => {
    const answers = new Map<string, unknown>()
    for (const path of paths) {
      const answer = await server.request("GET", path, { token })
      expect(answer.status, path).toBe(200)
      // A signed file address names the minute it expires, which moves on between the reads.
      answers.set(
        path,
        JSON.parse(JSON.stringify(answer.body).replace(/\?expires=\d+&signature=[\w-]+/g, "?signed")),
      )
    }
    return answers
  }

  beforeAll(async () => {
    database = await createPostgresDatabase()
    const embedded = await startChildServer({
      ...publicUrl,
      FIELDREPORT_DATA_DIR: dir,
      FIELDREPORT_DEMO: "true",
    })
    try {
      token = await embedded.login(adminEmail, adminPassword)
      const channels = await embedded.request("GET", "/api/v4/channels", { token })
      expect(channels.body.length).toBeGreaterThan(0)
      const channelPaths = channels.body.flatMap((channel: { id: number }) => [
        `/api/v4/channels/${channel.id}`,
        `/api/v4/channels/${channel.id}/categories`,
        `/api/v4/channels/${channel.id}/form`,
        `/api/v4/report_states?channel_id=${channel.id}`,
      ])
      const db = new DatabaseSync(file, { readOnly: true })
      const reportIds = (
        db.prepare("SELECT id FROM reports ORDER BY id LIMIT 3").all() as Array<{ id: number }>
      ).map((row) => row.id)
      db.close()
      const reportPaths = reportIds.flatMap((id) => [
        `/api/v4/reports/${id}?fields=form_fields,note_comments,report_state_name,updated_at`,
        `/api/v4/reports/${id}/report_state_changes`,
        `/api/v4/reports/${id}/note_comments`,
      ])
      paths = ["/api/v4/users/me", "/api/v4/teams", "/api/v4/channels", ...channelPaths, ...reportPaths]
      for (const [path, body] of await readAll(embedded)) before.set(path, body)
    } finally {
      await embedded.stop()
    }
  }, 120_000)
  afterAll(async () => {
    await database?.drop()
    rmSync(dir, { recursive: true, force: true })
  })

  it("copies every row, then the API on the copy answers as before, to the same session", async () => {
    const copied = await runScript("src/cli/main.ts", [
      "copy-to-postgres",
      "--from",
      file,
      "--to",
      database.url,
    ])
    expect(copied.stderr).toBe("")
    expect(copied.code).toBe(0)
    expect(copied.stdout).toMatch(/every count matches\n$/)

    const embedded = embeddedCounts(file)
    expect(embedded.reports).toBe(300)
    expect(await postgresCounts(database.url, Object.keys(embedded))).toEqual(embedded)

    const onPostgres = await startChildServer({
      ...publicUrl,
      FIELDREPORT_DATA_DIR: dir,
      FIELDREPORT_DATABASE_URL: database.url,
    })
    try {
      expect(await readAll(onPostgres)).toEqual(before)
      // Ids go on after the copied ones.
      const team = await onPostgres.request("POST", "/api/v4/teams", {
        token,
        body: { team: { name: "After the move", industry: "Council", location: "Wellington" } },
      })
      expect(team.status).toBe(201)
      const teams = before.get("/api/v4/teams") as ReadonlyArray<{ readonly id: number }>
      expect(team.body.id).toBeGreaterThan(Math.max(...teams.map((known) => known.id)))
    } finally {
      await onPostgres.stop()
    }
  }, 120_000)

  it("refuses a target that is not empty, and changes nothing in it", async () => {
    const counts = await postgresCounts(database.url, ["teams", "reports"])
    const again = await runScript("src/cli/main.ts", [
      "copy-to-postgres",
      "--from",
      file,
      "--to",
      database.url,
    ])
    expect(again.code).toBe(1)
    expect(again.stderr).toMatch(/the target database is not empty: \w+ holds \d+ rows/)
    expect(await postgresCounts(database.url, ["teams", "reports"])).toEqual(counts)
  }, 60_000)

  it("refuses a missing embedded database instead of copying an empty one", async () => {
    const missing = await runScript("src/cli/main.ts", [
      "copy-to-postgres",
      "--from",
      join(dir, "missing.db"),
      "--to",
      database.url,
    ])
    expect(missing.code).toBe(2)
    expect(missing.stderr).toContain("does not exist")
  })
})
