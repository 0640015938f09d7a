/**
 * `fieldreport api-token --user EMAIL --scope read|write --name NAME`: prints a new personal API
 * token once, alone on standard output; a read token reads and is refused a write, a write token
 * writes; the token is listed as the administration's tokens are, only its digest stored, and
 * its creation audited. An unknown user is exit 1; a scope other than read or write, a blank name
 * or a missing flag is exit 2. Runs on the integration engine, beside a server on the same
 * database.
 */
import { createHash } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { createPerson, type Person } from "../support/People.ts"
import { query } from "../support/ReportFixtures.ts"
import { integrationEngine, postgresUrlFor } from "../support/TestDatabase.ts"
import { adminEmail, adminPassword, startTestServer, type TestServer } from "../support/TestServer.ts"
import { fieldreport } from "./Fieldreport.ts"

let dataDir: string
let server: TestServer
let env: Record<string, string>
let person: Person
let adminToken: string

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), "fieldreport-api-token-"))
  server = await startTestServer({}, dataDir)
  env = {
    FIELDREPORT_DATA_DIR: dataDir,
    ...(integrationEngine === "postgres" ? { FIELDREPORT_DATABASE_URL: await postgresUrlFor(dataDir) } : {}),
  }
  person = await createPerson(server, "integrator@example.com")
  adminToken = await server.login(adminEmail, adminPassword)
})
afterAll(async () => {
  await server?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

const newTeam = (token: string) =>
  server.request("POST", "/api/v4/teams", {
    token,
    body: { team: { name: "Gauges", industry: "Water", location: "Waikato" } },
  })

describe("fieldreport api-token", () => {
  it("prints a read token once, which reads, is refused a write, and is stored as a digest and audited", async () => {
    const run = await fieldreport(
      ["api-token", "--user", "Integrator@example.com", "--scope", "read", "--name", "Dashboard"],
      env,
    )
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^frt_[\w-]{43}\n$/)
    expect(run.stderr).toMatch(
      /^created the read API token "Dashboard" \(id \d+\) of integrator@example\.com; it is shown this once\n$/,
    )
    const token = run.stdout.trim()

    const me = await server.request("GET", "/api/v4/users/me", { token })
    expect(me.status).toBe(200)
    expect(me.body.email).toBe(person.email)
    const refused = await newTeam(token)
    expect(refused.status).toBe(403)
    expect(refused.body.error).toContain("read-only")

    const listed = await server.request("GET", `/api/v4/admin/users/${person.id}/api_tokens`, {
      token: adminToken,
    })
    expect(listed.status).toBe(200)
    expect(listed.body).toEqual([expect.objectContaining({ name: "Dashboard", scope: "read" })])
    const tokenId = listed.body[0].id
    const rows = await query<{ token_hash: string }>(
      server,
      (sql) => sql`SELECT token_hash FROM api_tokens WHERE id = ${tokenId}`,
    )
    expect(rows).toEqual([{ token_hash: createHash("sha256").update(token).digest("hex") }])
    const events = await query<{ actor_user_id: number | null; detail: string }>(
      server,
      (sql) => sql`SELECT actor_user_id, detail FROM audit_events
        WHERE kind = 'api_token.created' AND target_id = ${String(tokenId)}`,
    )
    expect(events).toHaveLength(1)
    expect(events[0]?.actor_user_id).toBeNull()
    expect(JSON.parse(events[0]?.detail ?? "{}")).toMatchObject({ user_id: person.id, scope: "read" })
    expect(events[0]?.detail).not.toContain(token)
  }, 30_000)

  it("prints a write token, which writes", async () => {
    const run = await fieldreport(
      ["api-token", "--user", person.email, "--scope", "write", "--name", "Gauge importer"],
      env,
    )
    expect(run.code).toBe(0)
    const created = await newTeam(run.stdout.trim())
    expect(created.status).toBe(201)
  }, 30_000)

  it("exits 1 for an unknown user and 2 for a scope other than read or write, a blank name or a missing flag", async () => {
    const unknown = await fieldreport(
      ["api-token", "--user", "nobody@example.com", "--scope", "read", "--name", "Dashboard"],
      env,
    )
    expect(unknown.code).toBe(1)
    expect(unknown.stdout).toBe("")
    expect(unknown.stderr).toContain("no user has the e-mail address nobody@example.com")
    const cases: ReadonlyArray<ReadonlyArray<string>> = [
      ["--user", person.email, "--scope", "admin", "--name", "Dashboard"],
      ["--user", person.email, "--scope", "read", "--name", "   "],
      ["--user", person.email, "--scope", "read"],
      ["--user", person.email, "--name", "Dashboard"],
      ["--user", "not-an-address", "--scope", "read", "--name", "Dashboard"],
    ]
    for (const args of cases) {
      const run = await fieldreport(["api-token", ...args], env)
      expect(run.code, args.join(" ")).toBe(2)
      expect(run.stdout, args.join(" ")).not.toMatch(/frt_/)
    }
    const listed = await server.request("GET", `/api/v4/admin/users/${person.id}/api_tokens`, {
      token: adminToken,
    })
    expect(listed.body.map((token: { name: string }) => token.name).sort()).toEqual([
      "Dashboard",
      "Gauge importer",
    ])
  }, 60_000)

  it("shows its help, exit 0", async () => {
    const run = await fieldreport(["api-token", "--help"])
    expect(run.code).toBe(0)
    for (const flag of ["--user", "--scope", "--name"]) expect(run.stdout).toContain(flag)
    expect(run.stdout).toContain("read: only GET, HEAD and OPTIONS")
  })
})
