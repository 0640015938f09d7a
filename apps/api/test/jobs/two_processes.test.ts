/**
 * Two API processes on one PostgreSQL database share the background work, and the death of one
 * loses none of it and doubles none of it: process A is killed with SIGKILL while it is sending
 * an invitation e-mail (the mail server keeps A's first message waiting, and B starts only once
 * it waits, so the kill lands in the middle of that job for certain) and while both processes
 * have reports' notification fan-out, searches and image renditions in hand. Process B takes over
 * A's claims once their short lease expires. In the end every job is done, and each of its effects
 * exists exactly once: one e-mail accepted per invitation, one notification per report and
 * follower, every search's results, every upload's renditions.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import * as PostgresClient from "../../src/store/sql/postgres/PostgresClient.ts"
import { type ChildServer, startChildServer } from "../support/ChildServer.ts"
import { type MailServer, startMailServer } from "../support/MailServer.ts"
import { png } from "../support/ReportFixtures.ts"
import {
  createPostgresDatabase,
  integrationEngine,
  type PostgresDatabase,
  postgresServerUrl,
} from "../support/TestDatabase.ts"
import { adminEmail, adminPassword } from "../support/TestServer.ts"

if (postgresServerUrl === undefined)
  console.warn("two_processes: skipped, set FIELDREPORT_TEST_DATABASE_URL to a PostgreSQL server to run it")

const password = "two-processes-1"
const followers = 3
const invitees = 4
const reports = 24
const searches = 4
const uploads = 4

// On PostgreSQL whatever the engine under test, so the PostgreSQL pass (`test:postgres`) skips it.
describe.skipIf(postgresServerUrl === undefined || integrationEngine === "postgres")(
  "two API processes on one database",
  () => {
    const dir = mkdtempSync(join(tmpdir(), "fieldreport-two-"))
    let database: PostgresDatabase
    let mail: MailServer
    let a: ChildServer | undefined
    let b: ChildServer | undefined

    /** Runs a query on the shared database. */
    const query = <A extends object>(
      statement: (sql: SqlClient.SqlClient) => Effect.Effect<ReadonlyArray<A>, unknown>,
    ): Promise<ReadonlyArray<A>> =>
      Effect.runPromise(
        Effect.flatMap(Effect.service(SqlClient.SqlClient), statement).pipe(
          Effect.provide(PostgresClient.layer({ url: database.url, poolSize: 1 })),
          Effect.orDie,
        ),
      )

    /** A process with two workers, a two-second lease, polling five times a second. */
    const startProcess = (name: string) =>
      startChildServer({
        FIELDREPORT_DATA_DIR: dir,
        FIELDREPORT_DATABASE_URL: database.url,
        FIELDREPORT_JOB_WORKERS: "2",
        FIELDREPORT_JOB_LEASE: "2 seconds",
        FIELDREPORT_JOB_POLL_INTERVAL: "200 millis",
        FIELDREPORT_SMTP_URL: `smtp://127.0.0.1:${mail.port}/?name=${name}`,
      })

    beforeAll(async () => {
      database = await createPostgresDatabase()
      mail = await startMailServer({ holdFirstFrom: "process-a" })
      a = await startProcess("process-a")
    }, 60_000)
    afterAll(async () => {
      await a?.kill()
      await b?.stop()
      await mail?.close()
      await database?.drop()
      rmSync(dir, { recursive: true, force: true })
    })

    it("completes every job exactly once when one process is killed in the middle of its work", async () => {
      if (a === undefined) throw new Error("process A did not start")
      const processA = a
      const admin = await processA.login(adminEmail, adminPassword)
      const createUser = async (email: string, server: ChildServer) => {
        const answer = await server.request("POST", "/api/v4/admin/users", {
          token: admin,
          body: { user: { email, first_name: "Pat", last_name: email.split("@")[0], password } },
        })
        expect(answer.status).toBe(201)
        return { id: answer.body.id as number, token: await server.login(email, password) }
      }
      const owner = await createUser("owner@two.test", processA)
      const team = await processA.request("POST", "/api/v4/teams", {
        token: owner.token,
        body: { team: { name: "Two processes", industry: "Water", location: "Wellington" } },
      })
      expect(team.status).toBe(201)
      const channel = await processA.request("POST", "/api/v4/channels", {
        token: owner.token,
        body: { channel: { name: "Shared", team_id: team.body.id } },
      })
      expect(channel.status).toBe(201)
      // Followers are added directly by the administrator; invitees are invited by the owner.
      const addToChannel = (server: ChildServer, userId: number, sendEmail: boolean) =>
        server.request("POST", `/api/v4/teams/${team.body.id}/add_users_to_team_channels`, {
          token: sendEmail ? owner.token : admin,
          body: {
            users: [{ user_id: userId, role: "viewer", send_email: sendEmail }],
            channels: [{ name: "Shared", id: channel.body.id, isSelected: true }],
          },
        })
      const followerIds: Array<number> = []
      for (let index = 0; index < followers; index++) {
        const follower = await createUser(`follower${index}@two.test`, processA)
        expect((await addToChannel(processA, follower.id, false)).status).toBe(200)
        const follow = await processA.request("PATCH", `/api/v4/channel_selections/${channel.body.id}`, {
          token: follower.token,
          body: { channel_selection: { follow: true } },
        })
        expect(follow.status).toBe(204)
        followerIds.push(follower.id)
      }

      // Invitations while A is alone: its first e-mail is held, the others go out.
      const inviteeEmails: Array<string> = []
      for (let index = 0; index < invitees; index++) {
        const email = `invitee${index}@two.test`
        const invitee = await createUser(email, processA)
        expect((await addToChannel(processA, invitee.id, true)).status).toBe(200)
        inviteeEmails.push(email)
      }
      await mail.held
      b = await startProcess("process-b")
      const processB = b

      // Work for both processes, asked of both, as a load balancer would spread it.
      const photo = await png()
      const servers = [processA, processB]
      const reportIds: Array<number> = []
      for (let index = 0; index < reports; index++) {
        const server = servers[index % 2] ?? processA
        const answer = await server.request("POST", "/api/v4/reports", {
          token: owner.token,
          body: {
            report: {
              account_id: channel.body.id,
              location: { latitude: -41.28 + index / 1000, longitude: 174.77 },
            },
          },
        })
        expect(answer.status).toBe(201)
        reportIds.push(answer.body.id)
      }
      const searchIds: Array<number> = []
      for (let index = 0; index < searches; index++) {
        const server = servers[index % 2] ?? processA
        const started = await server.request("GET", "/api/v4/reports/search?order[id]=asc", {
          token: owner.token,
        })
        expect(started.status).toBe(200)
        searchIds.push(started.body.id)
      }
      const attachmentIds: Array<number> = []
      for (let index = 0; index < uploads; index++) {
        const server = servers[index % 2] ?? processA
        const form = new FormData()
        form.append("file", new Blob([new Uint8Array(photo)]), `photo-${index}.png`)
        const response = await fetch(`${server.url}/api/v4/file_attachments`, {
          method: "POST",
          headers: { Authorization: `Token token=${owner.token}` },
          body: form,
        })
        expect(response.status).toBe(201)
        attachmentIds.push(((await response.json()) as { id: number }).id)
      }

      const unfinished = async () => {
        const [row] = await query<{ n: number }>(
          (sql) =>
            sql`SELECT COUNT(*) AS n FROM jobs WHERE status IN ('pending', 'running') AND unique_key IS NULL`,
        )
        return row?.n ?? 0
      }
      expect(await unfinished()).toBeGreaterThan(0)
      await processA.kill()

      // B alone finishes the work, A's claims among it once their lease has expired.
      for (let wait = 0; (await unfinished()) > 0; wait++) {
        if (wait === 300) throw new Error(`jobs left unfinished:\n${processB.output()}`)
        await new Promise((resolve) => setTimeout(resolve, 100))
      }

      const jobs = await query<{ kind: string; status: string; attempts: number }>(
        (sql) => sql`SELECT kind, status, attempts FROM jobs WHERE unique_key IS NULL ORDER BY id`,
      )
      expect(jobs.filter((job) => job.status !== "done")).toEqual([])
      const kinds = (filter: (job: (typeof jobs)[number]) => boolean) =>
        jobs.filter(filter).reduce<Record<string, number>>((count, job) => {
          count[job.kind] = (count[job.kind] ?? 0) + 1
          return count
        }, {})
      expect(kinds(() => true)).toEqual({
        "mail.invitation": invitees,
        "report.created": reports,
        "report_search.run": searches,
        "attachment.renditions": uploads,
      })
      // The e-mail A was sending was claimed again after A died.
      expect(kinds((job) => job.attempts > 1)["mail.invitation"]).toBeGreaterThanOrEqual(1)

      expect(mail.received.flatMap((message) => message.recipients).sort()).toEqual(inviteeEmails.sort())
      const notifications = await query<{ report_id: number; user_id: number }>(
        (sql) => sql`SELECT report_id, user_id FROM notifications ORDER BY report_id, user_id`,
      )
      expect(notifications).toEqual(
        reportIds.flatMap((reportId) =>
          followerIds.map((userId) => ({ report_id: reportId, user_id: userId })),
        ),
      )
      const searched = await query<{ status: string; result_count: number; results: number }>(
        (sql) => sql`SELECT s.status, s.result_count,
          (SELECT COUNT(*) FROM report_search_results r WHERE r.search_id = s.id) AS results
        FROM report_searches s ORDER BY s.id`,
      )
      expect(searched).toHaveLength(searches)
      for (const search of searched) {
        expect(search).toEqual({ status: "done", result_count: reports, results: reports })
      }
      const renditions = await query<{ id: number; renditions_ready: number }>(
        (sql) => sql`SELECT id, renditions_ready FROM attachments ORDER BY id`,
      )
      expect(renditions).toEqual(attachmentIds.map((id) => ({ id, renditions_ready: 1 })))
    }, 60_000)
  },
)
