/**
 * The seeding entry on every engine: what it makes through the services is dated when the caller
 * says and obeys the services' rules; what it writes in bulk is what the API would have written (a
 * derived title, photos in the Image field, a claimed uuid, counts kept by the triggers, an area's
 * rings); a transaction that fails leaves nothing of its rows.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type SeededChannel, type SeedTarget, seedDatabase } from "../../src/seed/Seed.ts"
import { ReportStore } from "../../src/store/ReportStore.ts"
import { createPostgresDatabase, engines, type PostgresDatabase } from "../support/TestDatabase.ts"

const day = 86_400_000
const start = Date.parse("2025-03-01T00:00:00.000Z")
const iso = (millis: number) => new Date(millis).toISOString()
const quiet = () => {}
const bulkUuids = ["7d1c3f4e-2a5b-4c6d-8e9f-0a1b2c3d4e5f", "8e2d4a5f-3b6c-4d7e-9f0a-1b2c3d4e5f6a"] as const

const choices = (labels: ReadonlyArray<string>) =>
  JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })

/** Reads the database the seeder wrote, through a seeding runtime that writes nothing. */
const look = <A>(target: SeedTarget, query: Effect.Effect<A, unknown, SqlClient.SqlClient | ReportStore>) =>
  seedDatabase(target, () => query)

/** The rows of a query with `?` parameters, which PostgreSQL reads numbered. */
const rows = <A extends object>(text: string, ...parameters: ReadonlyArray<unknown>) =>
  Effect.flatMap(SqlClient.SqlClient, (sql) => {
    let number = 0
    const numbered = sql.onDialectOrElse({
      pg: () => text.replace(/\?/g, () => `$${++number}`),
      orElse: () => text,
    })
    return sql.unsafe<A>(numbered, parameters)
  })

describe.each(engines)("the seeding entry on %s", (engine) => {
  const dataDir = mkdtempSync(join(tmpdir(), "fieldreport-seed-"))
  let database: PostgresDatabase | undefined
  let target: SeedTarget
  let seeded: {
    readonly ownerId: number
    readonly teamId: number
    readonly channel: SeededChannel
    readonly filedId: number
    readonly memberIds: ReadonlyArray<number>
    readonly reportIds: ReadonlyArray<number>
    readonly refiledId: number
    readonly progress: ReadonlyArray<string>
    readonly cacheSizes: ReadonlyArray<number>
  }

  beforeAll(async () => {
    database =
      engine === "postgres" ? await createPostgresDatabase(process.env.FIELDREPORT_TEST_TEMPLATE) : undefined
    target = { dataDir, databaseUrl: database?.url }
    seeded = await seedDatabase(target, (seeder) =>
      Effect.gen(function* () {
        const sql = yield* SqlClient.SqlClient
        const hash = yield* seeder.hashPassword("a seeded password 1")
        const owner = yield* seeder.person(
          { email: "owner@seeded.example.com", first_name: "Olive", last_name: "Owner" },
          hash,
          start,
        )
        const teamId = yield* seeder.team(owner, { name: "Seeded streets" }, start)
        const channel = yield* seeder.channel(
          owner,
          teamId,
          {
            name: "Streets",
            fields: [{ label: "Severity", field_type: "DropDown", data: choices(["Low", "High"]) }],
            keepDefaultFields: true,
            categories: { Roads: ["Potholes", "Signs"], Graffiti: [] },
            pinColors: ["#d9480f", "#7048e8"],
            states: [{ name: "Urgent", appearance: "loud" }],
          },
          start,
        )
        const potholes = channel.categories.find((category) => category.name === "Potholes")?.id ?? 0
        const description = channel.fields.find((field) => field.field_type === "Description")?.key ?? ""

        // One report through the services, moved and noted later.
        const filedId = yield* seeder.fileReport(
          owner,
          teamId,
          {
            account_id: channel.id,
            category_id: potholes,
            location: { latitude: -41.29, longitude: 174.78 },
            answers: { [description]: "Deep one by the school" },
          },
          start + day,
        )
        yield* seeder.moveReport(owner, teamId, filedId, channel.states[1]?.id ?? 0, start + 2 * day)
        yield* seeder.note(owner, teamId, filedId, { comment: "Crew booked", public: false }, start + 3 * day)

        // The bulk, in transactions.
        const progress: Array<string> = []
        const cacheSizes: Array<number> = []
        const cacheSize = sql.onDialectOrElse({
          sqlite: () =>
            Effect.map(sql<{ cache_size: number }>`PRAGMA cache_size`, (found) => found[0]?.cache_size ?? 0),
          orElse: () => Effect.succeed(0),
        })
        cacheSizes.push(yield* Effect.orDie(cacheSize))
        const memberIds: Array<number> = []
        yield* seeder.inTransactions(
          3,
          "members",
          (line) => progress.push(line),
          (from, to) =>
            Effect.gen(function* () {
              cacheSizes.push(yield* Effect.orDie(cacheSize))
              const people = Array.from({ length: to - from }, (_, offset) => ({
                email: ` Member-${from + offset + 1}@Seeded.example.com `,
                first_name: "Mere",
                last_name: `Number ${from + offset + 1}`,
              }))
              const ids = yield* seeder.people(people, hash, start)
              memberIds.push(...ids)
              yield* seeder.teamMembers(
                teamId,
                ids.map((userId) => ({ userId, role: "team_member" })),
                start,
              )
              yield* seeder.channelMembers(
                ids.map((userId) => ({ channelId: channel.id, userId, role: "reporter" })),
              )
              yield* seeder.selections(
                ids.map((userId, index) => ({
                  channelId: channel.id,
                  userId,
                  view: true,
                  follow: index === 0,
                  alert: true,
                })),
              )
              yield* seeder.alertAreas(
                [
                  { userId: ids[0] ?? 0, area: { area: "POINT (174.78 -41.29)", radius: 500 } },
                  {
                    userId: ids[1] ?? 0,
                    area: { area: "POLYGON ((174.7 -41.3, 174.8 -41.3, 174.8 -41.2, 174.7 -41.3))" },
                  },
                ],
                start,
              )
            }),
        )
        cacheSizes.push(yield* Effect.orDie(cacheSize))
        const [first, second, third] = memberIds
        const reportIds = yield* seeder.reports([
          {
            channelId: channel.id,
            userId: first ?? 0,
            anonymous: false,
            categoryId: potholes,
            stateId: channel.states[0]?.id ?? 0,
            location: { latitude: -41.28, longitude: 174.77 },
            answers: { [description]: "  Cracked   kerb " },
            photos: [
              { byteSize: 200_000, key: "first-photo", at: start + 4 * day - 60_000 },
              { byteSize: 300_000, key: "second-photo", at: start + 4 * day - 60_000 },
            ],
            uuid: bulkUuids[0],
            at: start + 4 * day,
          },
          {
            channelId: channel.id,
            userId: second ?? 0,
            anonymous: true,
            categoryId: channel.rootCategoryId,
            stateId: channel.states[2]?.id ?? 0,
            location: { latitude: -41.3, longitude: 174.76 },
            answers: {},
            photos: [],
            uuid: bulkUuids[1],
            at: start + 5 * day,
          },
        ])
        yield* seeder.notifications([
          {
            userId: third ?? 0,
            reportId: reportIds[0] ?? 0,
            channelId: channel.id,
            read: false,
            at: start + 4 * day,
          },
        ])
        yield* seeder.reads([
          { reportId: reportIds[0] ?? 0, channelId: channel.id, userId: second ?? 0, at: start + 4.5 * day },
        ])
        yield* seeder.analyze
        // The same uuid again answers the report written in bulk: the seeder claimed it.
        const refiledId = yield* seeder.fileReport(
          owner,
          teamId,
          { account_id: channel.id, uuid: bulkUuids[0], answers: {} },
          start + 6 * day,
        )
        return {
          ownerId: owner.id,
          teamId,
          channel,
          filedId,
          memberIds,
          reportIds,
          refiledId,
          progress,
          cacheSizes,
        }
      }),
    )
  })

  afterAll(async () => {
    rmSync(dataDir, { recursive: true, force: true })
    await database?.drop()
  })

  it("makes the team and the channel through the services, dated when the caller says", async () => {
    const { channel } = seeded
    expect(channel.categories.map(({ name, leaf }) => [name, leaf])).toEqual([
      ["Streets", false],
      ["Roads", false],
      ["Potholes", true],
      ["Signs", true],
      ["Graffiti", true],
    ])
    expect(channel.fields.map((field) => field.field_type)).toEqual([
      "Category",
      "Description",
      "Image",
      "DropDown",
    ])
    expect(channel.states.map((state) => state.name)).toEqual(["New", "In progress", "Resolved", "Urgent"])
    const found = await look(
      target,
      Effect.all({
        channels: rows("SELECT created_at FROM channels WHERE id = ?", channel.id),
        owners: rows("SELECT user_id, role FROM team_users WHERE team_id = ?", seeded.teamId),
        pins: rows("SELECT name, pin_color FROM categories WHERE channel_id = ? ORDER BY id", channel.id),
      }),
    )
    expect(found.channels).toEqual([{ created_at: iso(start) }])
    expect(found.owners).toEqual(expect.arrayContaining([{ user_id: seeded.ownerId, role: "owner" }]))
    expect(found.pins.slice(1)).toEqual([
      { name: "Roads", pin_color: "#d9480f" },
      { name: "Potholes", pin_color: "#d9480f" },
      { name: "Signs", pin_color: "#d9480f" },
      { name: "Graffiti", pin_color: "#7048e8" },
    ])
  })

  it("files, moves and notes a report through the services at the instants given", async () => {
    const found = await look(
      target,
      Effect.all({
        report: Effect.flatMap(ReportStore, (store) => store.find(seeded.filedId)),
        changes: Effect.flatMap(ReportStore, (store) => store.stateChanges(seeded.filedId)),
        notes: rows("SELECT created_at FROM note_comments WHERE report_id = ?", seeded.filedId),
      }),
    )
    expect(found.report).toMatchObject({
      title: "Deep one by the school, Potholes, Roads, Streets",
      created_at: iso(start + day),
      report_state_id: seeded.channel.states[1]?.id,
    })
    expect(found.changes).toEqual([
      expect.objectContaining({ new_state_name: "In progress", created_at: iso(start + 2 * day) }),
    ])
    expect(found.notes).toEqual([{ created_at: iso(start + 3 * day) }])
  })

  it("writes members in transactions with a larger SQLite cache for the while, telling how far it got", async () => {
    expect(seeded.progress).toEqual([expect.stringMatching(/^ {2}members: 3 \/ 3 \(\d+\.\d s\)$/)])
    if (engine === "sqlite") {
      const [before, during, after] = seeded.cacheSizes
      expect(during).toBeLessThan(before ?? 0)
      expect(after).toBe(before)
    }
    const found = await look(
      target,
      Effect.all({
        users: rows(
          "SELECT email, created_at FROM users WHERE id IN (?, ?, ?) ORDER BY id",
          ...seeded.memberIds,
        ),
        teamUsers: rows(
          "SELECT role, agreed_to_join FROM team_users WHERE team_id = ? AND user_id <> ?",
          seeded.teamId,
          seeded.ownerId,
        ),
        selections: rows(
          "SELECT user_id, view, follow, alert FROM channel_selections WHERE channel_id = ? ORDER BY user_id",
          seeded.channel.id,
        ),
        areas: rows("SELECT shape_type, radius, rings FROM alert_areas ORDER BY id"),
      }),
    )
    expect(found.users).toEqual(
      [1, 2, 3].map((n) => ({ email: `member-${n}@seeded.example.com`, created_at: iso(start) })),
    )
    expect(found.teamUsers).toEqual(
      Array.from({ length: 3 }, () => ({ role: "team_member", agreed_to_join: 1 })),
    )
    expect(found.selections.map((row) => Object.values(row).slice(1))).toEqual([
      [1, 1, 1],
      [1, 0, 1],
      [1, 0, 1],
    ])
    expect(found.areas).toEqual([
      { shape_type: "circle", radius: 500, rings: null },
      {
        shape_type: "poly",
        radius: null,
        rings: JSON.stringify([
          [
            [174.7, -41.3],
            [174.8, -41.3],
            [174.8, -41.2],
            [174.7, -41.3],
          ],
        ]),
      },
    ])
  })

  it("writes reports in bulk as the API files them: titles, photos, claimed uuids and counts", async () => {
    const [first, second] = seeded.reportIds
    expect(seeded.refiledId).toBe(first)
    const image = seeded.channel.fields.find((field) => field.field_type === "Image")?.key ?? ""
    const found = await look(
      target,
      Effect.all({
        reports: Effect.forEach(seeded.reportIds, (id) =>
          Effect.flatMap(ReportStore, (store) => store.find(id)),
        ),
        links: rows<{ report_id: number; field_key: string }>(
          "SELECT report_id, field_key FROM report_attachments WHERE report_id IN (?, ?) ORDER BY attachment_id",
          first,
          second,
        ),
        photos: rows(
          "SELECT byte_size, storage_key, used, created_at FROM attachments WHERE storage_key LIKE 'seeded/%' ORDER BY id",
        ),
        counted: rows<{ n: number }>(
          "SELECT SUM(report_count) AS n FROM report_day_counts WHERE channel_id = ?",
          seeded.channel.id,
        ),
        notifications: rows("SELECT user_id, read, created_at FROM notifications WHERE report_id = ?", first),
        reads: rows("SELECT opened_at FROM report_reads WHERE report_id = ?", first),
        claimed: rows(
          "SELECT uuid FROM client_uuids WHERE kind = 'report' AND uuid IN (?, ?) ORDER BY uuid",
          bulkUuids[0],
          bulkUuids[1],
        ),
      }),
    )
    const [bulk, anonymous] = found.reports
    expect(bulk).toMatchObject({
      title: "Cracked kerb, Potholes, Roads, Streets",
      is_anonymous: 0,
      created_at: iso(start + 4 * day),
      updated_at: iso(start + 4 * day),
      shape_id: null,
    })
    expect(bulk?.answers[image]).toHaveLength(2)
    expect(anonymous).toMatchObject({
      title: "Streets",
      is_anonymous: 1,
      category_id: seeded.channel.rootCategoryId,
    })
    expect(found.links).toEqual([
      { report_id: first, field_key: image },
      { report_id: first, field_key: image },
    ])
    expect(found.photos).toEqual([
      {
        byte_size: 200_000,
        storage_key: "seeded/first-photo",
        used: 1,
        created_at: iso(start + 4 * day - 60_000),
      },
      {
        byte_size: 300_000,
        storage_key: "seeded/second-photo",
        used: 1,
        created_at: iso(start + 4 * day - 60_000),
      },
    ])
    // The report filed through the services and the two written in bulk.
    expect(found.counted).toEqual([{ n: 3 }])
    expect(found.notifications).toEqual([
      { user_id: seeded.memberIds[2], read: 0, created_at: iso(start + 4 * day) },
    ])
    expect(found.reads).toEqual([{ opened_at: iso(start + 4.5 * day) }])
    expect(found.claimed).toEqual(bulkUuids.map((uuid) => ({ uuid })))
  })

  it("keeps nothing of a transaction that fails", async () => {
    const failed = seedDatabase(target, (seeder) =>
      seeder.inTransactions(1, "doomed", quiet, () =>
        Effect.andThen(
          seeder.people(
            [{ email: "doomed@seeded.example.com", first_name: "Dee", last_name: "Oomed" }],
            "x",
            start,
          ),
          Effect.die("the seed data is wrong"),
        ),
      ),
    )
    await expect(failed).rejects.toThrow("the seed data is wrong")
    const found = await look(target, rows("SELECT id FROM users WHERE email = 'doomed@seeded.example.com'"))
    expect(found).toEqual([])
  })
})
