/**
 * A task carries its report's channel (migration 0015), filled by the database from the report
 * when the task is created through the API, on both engines. On PostgreSQL the task's reference
 * to its report includes the channel (migration 0016), and deleting the channel still deletes its
 * reports and their tasks.
 */
import { randomUUID } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { query } from "../support/ReportFixtures.ts"
import { createPostgresDatabase, engines, type PostgresDatabase } from "../support/TestDatabase.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"
import { buildWorld, type World } from "../support/World.ts"

for (const engine of engines) {
  describe(`tasks on ${engine}`, () => {
    let database: PostgresDatabase | undefined
    let server: TestServer
    let world: World

    beforeAll(async () => {
      database = engine === "postgres" ? await createPostgresDatabase() : undefined
      server = await startTestServer(database === undefined ? {} : { FIELDREPORT_DATABASE_URL: database.url })
      world = await buildWorld(server, "task")
    })
    afterAll(async () => {
      await server.close()
      await database?.drop()
    })

    it("carry their report's channel, and go with their channel's reports", async () => {
      const report = await server.request("POST", "/api/v4/reports", {
        token: world.owner.token,
        body: { report: { account_id: world.channel.id, address: "1 Wharf Road" } },
      })
      expect(report.status).toBe(201)
      const uuid = randomUUID()
      const task = await server.request("POST", "/api/v4/tasks", {
        token: world.owner.token,
        body: {
          task: {
            uuid,
            client_created_at: "2024-05-01T09:30:00+12:00",
            title: "Inspect the outlet",
            description: "Take a photo.",
            assignee_id: world.member.id,
            report_id: report.body.id,
          },
        },
      })
      expect(task.status).toBe(201)
      const stored = () =>
        query<{ channel_id: number }>(server, (sql) => sql`SELECT channel_id FROM tasks WHERE uuid = ${uuid}`)
      expect(await stored()).toEqual([{ channel_id: world.channel.id }])

      const removed = await server.request("DELETE", `/api/v4/channels/${world.channel.id}`, {
        token: world.owner.token,
      })
      expect(removed.status).toBe(204)
      expect(await stored()).toEqual([])
    })
  })
}
