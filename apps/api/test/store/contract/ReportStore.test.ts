/**
 * The report store's contract, on every engine: reports found by id, uuid and source, one insert
 * per uuid, updates that bump the version, the spatial index, attachment links, state changes,
 * reads (which mark notifications read) and the batch look-ups that render reports; the pages a
 * field app syncs from (syncable reports, state changes) and a report's deletion with what hangs
 * on it.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type NewReport, ReportStore } from "../../../src/store/ReportStore.ts"
import type { SyncScope } from "../../../src/store/SyncableReports.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { type Channel, newChannel, newUser } from "./Tenancy.ts"

const at = (hour: number) => `2025-05-01T${String(hour).padStart(2, "0")}:00:00.000Z`

const newReport = (channel: Channel, userId: number, changes: Partial<NewReport> = {}): NewReport => ({
  channel_id: channel.channelId,
  uuid: crypto.randomUUID(),
  source_id: null,
  user_id: userId,
  is_anonymous: 0,
  title: "Broken fence",
  address: "1 Main Street",
  latitude: -41.29,
  longitude: 174.78,
  category_id: channel.categoryId,
  report_state_id: channel.stateIds[0],
  shape_id: null,
  answers: { notes: "leaning", count: 3 },
  created_at: at(1),
  ...changes,
})

describe("ReportStore contract", () => {
  for (const engine of engines) {
    layer(ReportStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect(
        "inserts once per uuid, finds by id, uuid and source, updates and touches with new versions",
        () =>
          Effect.gen(function* () {
            const store = yield* ReportStore
            const channel = yield* newChannel
            const userId = yield* newUser()
            const written = newReport(channel, userId, { source_id: "import-1" })
            const report = yield* store.insert(written)
            assert.deepStrictEqual(report, {
              ...written,
              id: report?.id ?? 0,
              assignee_id: null,
              assignment_due_at: null,
              version: 1,
              updated_at: at(1),
            })
            assert.isUndefined(yield* store.insert({ ...written, title: "again" }))
            // A uuid is one report's everywhere, not once per channel.
            const elsewhere = yield* newChannel
            assert.isUndefined(yield* store.insert(newReport(elsewhere, userId, { uuid: written.uuid })))
            const id = report?.id ?? 0
            assert.deepStrictEqual(yield* store.find(id), report)
            assert.deepStrictEqual(yield* store.findByUuid(written.uuid ?? ""), report)
            yield* store.insert(newReport(channel, userId, { source_id: "import-1" }))
            assert.strictEqual((yield* store.findBySource(channel.channelId, "import-1"))?.id, id)
            assert.isUndefined(yield* store.findBySource(channel.channelId, "import-2"))
            const updated = yield* store.update(
              id,
              {
                title: "Fixed fence",
                latitude: null,
                longitude: null,
                answers: { notes: "done" },
                report_state_id: channel.stateIds[1],
              },
              at(2),
            )
            assert.deepStrictEqual(
              [
                updated.title,
                updated.latitude,
                updated.answers,
                updated.report_state_id,
                updated.version,
                updated.updated_at,
              ],
              ["Fixed fence", null, { notes: "done" }, channel.stateIds[1], 2, at(2)],
            )
            yield* store.touch(id, at(3))
            const touched = yield* store.find(id)
            assert.deepStrictEqual([touched?.version, touched?.updated_at], [3, at(3)])
            assert.isUndefined(yield* store.find(-1))
          }),
      )

      it.effect(
        "replaces attachment links, records state changes and reads, renders readers, reporters and channels",
        () =>
          Effect.gen(function* () {
            const store = yield* ReportStore
            const sql = yield* SqlClient.SqlClient
            const channel = yield* newChannel
            const ada = yield* newUser("Ada", "Lovelace")
            const charles = yield* newUser("Charles", "Babbage")
            const report = (yield* store.insert(newReport(channel, ada)))!
            const attachments = yield* Effect.forEach([1, 2, 3], (n) =>
              sql<{
                id: number
              }>`INSERT INTO attachments (user_id, filename, content_type, byte_size, storage_key, created_at)
              VALUES (${ada}, ${`photo${n}.jpg`}, 'image/jpeg', 10, ${crypto.randomUUID()}, ${at(1)}) RETURNING id`.pipe(
                Effect.map((rows) => rows[0]?.id ?? 0),
                Effect.orDie,
              ),
            )
            const [a, b, c] = attachments as [number, number, number]
            yield* store.replaceAttachmentLinks(report, [
              { attachment_id: b, field_key: "photo" },
              { attachment_id: a, field_key: "photo" },
            ])
            yield* store.replaceAttachmentLinks(report, [
              { attachment_id: c, field_key: "photo" },
              { attachment_id: a, field_key: "sketch" },
            ])
            assert.deepStrictEqual(yield* store.attachmentLinks(report.id), [
              { attachment_id: a, field_key: "sketch" },
              { attachment_id: c, field_key: "photo" },
            ])
            yield* store.replaceAttachmentLinks(report, [])
            assert.deepStrictEqual(yield* store.attachmentLinks(report.id), [])

            const change = {
              report_id: report.id,
              channel_id: channel.channelId,
              user_id: charles,
              previous_state_id: channel.stateIds[0],
              previous_state_name: "Open",
              new_state_id: channel.stateIds[1],
              new_state_name: "Closed",
              created_at: at(4),
            }
            yield* store.insertStateChange(change)
            const { channel_id: _, ...asRead } = change
            const [changed] = yield* store.stateChanges(report.id)
            assert.deepStrictEqual(changed, { id: changed?.id ?? 0, ...asRead, report_uuid: report.uuid })

            yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at)
            VALUES (${charles}, ${report.id}, ${channel.channelId}, 0, ${at(2)})`.pipe(Effect.orDie)
            yield* store.recordRead(report, charles, at(6))
            yield* store.recordRead(report, ada, at(5))
            yield* store.recordRead(report, charles, at(7))
            const [notification] = yield* sql<{ read: number }>`SELECT read FROM notifications
            WHERE report_id = ${report.id}`.pipe(Effect.orDie)
            assert.strictEqual(notification?.read, 1)
            assert.deepStrictEqual(yield* store.readers([report.id]), [
              { report_id: report.id, id: ada, first_name: "Ada", last_name: "Lovelace", opened_at: at(5) },
              {
                report_id: report.id,
                id: charles,
                first_name: "Charles",
                last_name: "Babbage",
                opened_at: at(6),
              },
            ])
            assert.deepStrictEqual(yield* store.readers([]), [])
            assert.deepStrictEqual(yield* store.reporters([ada]), [
              { id: ada, first_name: "Ada", last_name: "Lovelace", image_attachment_id: null },
            ])
            assert.deepStrictEqual(yield* store.channels([channel.channelId]), [
              {
                id: channel.channelId,
                name: "Channel",
                logo_attachment_id: null,
                pin_color: "#ff0000",
                pin_appearance: "pin",
              },
            ])
            const [shape] = yield* sql<{
              id: number
            }>`INSERT INTO shapes (branded_app_id, geom, metadata, min_longitude,
              min_latitude, max_longitude, max_latitude, area, created_at)
            VALUES (${channel.appId}, 'POINT (1 2)', '{}', 1, 2, 1, 2, 0, ${at(1)}) RETURNING id`.pipe(
              Effect.orDie,
            )
            assert.isTrue(yield* store.isShapeOfApp(shape?.id ?? 0, channel.appId))
            assert.isFalse(yield* store.isShapeOfApp(shape?.id ?? 0, -1))
          }),
      )

      it.effect("pages the syncable reports and their state changes in the order they changed", () =>
        Effect.gen(function* () {
          const store = yield* ReportStore
          const sql = yield* SqlClient.SqlClient
          const [read, viewed, unread] = [yield* newChannel, yield* newChannel, yield* newChannel]
          const me = yield* newUser("Mere", "Tane")
          const other = yield* newUser("Oliver", "Smith")
          const file = (channel: Channel, userId: number, updated: number) =>
            Effect.gen(function* () {
              const report = yield* store.insert(newReport(channel, userId))
              yield* sql`UPDATE reports SET updated_at = ${at(updated)} WHERE id = ${report?.id ?? 0}`
              return { id: report?.id ?? 0, uuid: report?.uuid ?? null }
            }).pipe(Effect.orDie)
          const mine = yield* file(read, me, 5)
          const othersOwn = yield* file(read, other, 6)
          const assigned = yield* file(read, other, 7)
          yield* sql`UPDATE reports SET assignee_id = ${me} WHERE id = ${assigned.id}`.pipe(Effect.orDie)
          const inViewed = yield* file(viewed, other, 7)
          const inUnread = yield* file(unread, me, 8)
          // Filed by me, but changed before the window.
          yield* file(read, me, 2)
          const scope: SyncScope = {
            channelIds: [read.channelId, viewed.channelId],
            viewedChannelIds: [viewed.channelId, unread.channelId],
            userId: me,
            since: at(3),
          }
          const ids = (after: string | undefined, offset = 0, limit = 10) =>
            Effect.map(store.syncable(scope, { after, offset, limit }), (page) => [
              page.total,
              page.rows.map((row) => row.id),
            ])
          // Filed, assigned, or in a viewed channel: in time order, then by id; nothing of a channel
          // not read, nothing older than the window.
          const tied = [assigned.id, inViewed.id].sort((a, b) => a - b)
          assert.deepStrictEqual(yield* ids(undefined), [3, [mine.id, ...tied]])
          assert.deepStrictEqual(yield* ids(at(5)), [2, tied])
          assert.deepStrictEqual(yield* ids(undefined, 1, 1), [3, [tied[0]]])
          assert.deepStrictEqual(yield* ids(at(7)), [0, []])
          assert.deepStrictEqual(
            yield* Effect.map(
              store.syncable({ ...scope, channelIds: [] }, { after: undefined, offset: 0, limit: 10 }),
              (page) => page.total,
            ),
            0,
          )

          const change = (report: { readonly id: number }, channel: Channel, hour: number) =>
            store.insertStateChange({
              report_id: report.id,
              channel_id: channel.channelId,
              user_id: other,
              previous_state_id: channel.stateIds[0],
              previous_state_name: "Open",
              new_state_id: channel.stateIds[1],
              new_state_name: "Closed",
              created_at: at(hour),
            })
          yield* change(mine, read, 9)
          yield* change(othersOwn, read, 10)
          yield* change(inUnread, unread, 11)
          const changes = (criteria: { syncable?: SyncScope; reportId?: number; after?: string }) =>
            Effect.map(
              store.stateChangesPage({
                channelIds: scope.channelIds,
                syncable: criteria.syncable,
                reportId: criteria.reportId,
                after: criteria.after,
                offset: 0,
                limit: 10,
              }),
              (page) => [
                page.total,
                page.rows.map((row) => [row.report_id, row.report_uuid, row.created_at]),
              ],
            )
          assert.deepStrictEqual(yield* changes({}), [
            2,
            [
              [mine.id, mine.uuid, at(9)],
              [othersOwn.id, othersOwn.uuid, at(10)],
            ],
          ])
          assert.deepStrictEqual(yield* changes({ syncable: scope }), [1, [[mine.id, mine.uuid, at(9)]]])
          assert.deepStrictEqual(yield* changes({ reportId: othersOwn.id }), [
            1,
            [[othersOwn.id, othersOwn.uuid, at(10)]],
          ])
          assert.deepStrictEqual(yield* changes({ after: at(9) }), [
            1,
            [[othersOwn.id, othersOwn.uuid, at(10)]],
          ])
        }),
      )

      it.effect("locks a report for a change, and deletes it with all that hangs on it", () =>
        Effect.gen(function* () {
          const store = yield* ReportStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const ada = yield* newUser("Ada", "Lovelace")
          const report = (yield* store.insert(newReport(channel, ada)))!
          const kept = (yield* store.insert(newReport(channel, ada)))!
          assert.deepStrictEqual(yield* sql.withTransaction(store.lock(report.id)).pipe(Effect.orDie), report)
          const commentUuid = crypto.randomUUID()
          const taskUuid = crypto.randomUUID()
          yield* sql`INSERT INTO client_uuids (kind, uuid) VALUES ('report_comment', ${commentUuid}), ('task', ${taskUuid})`
          const [comment] = yield* sql<{ id: number }>`INSERT INTO report_comments
              (report_id, channel_id, user_id, uuid, content, created_at)
            VALUES (${report.id}, ${channel.channelId}, ${ada}, ${commentUuid}, 'Seen it', ${at(2)}) RETURNING id`
          yield* sql`INSERT INTO tasks (uuid, team_id, branded_app_id, report_id, creator_id, assignee_id, title,
              description, client_created_at, created_at, updated_at)
            VALUES (${taskUuid}, ${channel.teamId}, ${channel.appId}, ${report.id}, ${ada}, ${ada}, 'Fix', '',
              ${at(2)}, ${at(2)}, ${at(2)})`
          yield* sql`INSERT INTO note_comments (report_id, channel_id, user_id, comment, created_at)
            VALUES (${report.id}, ${channel.channelId}, ${ada}, 'Internal', ${at(2)})`
          yield* sql`INSERT INTO notifications (user_id, report_id, channel_id, read, created_at)
            VALUES (${ada}, ${report.id}, ${channel.channelId}, 0, ${at(2)})`
          yield* store.recordRead(report, ada, at(3))
          yield* store.insertStateChange({
            report_id: report.id,
            channel_id: channel.channelId,
            user_id: ada,
            previous_state_id: channel.stateIds[0],
            previous_state_name: "Open",
            new_state_id: channel.stateIds[1],
            new_state_name: "Closed",
            created_at: at(3),
          })

          const gone = yield* store.delete(report)
          assert.deepStrictEqual(gone, {
            comments: [{ id: comment?.id ?? 0, uuid: commentUuid }],
            tasks: [{ uuid: taskUuid, team_id: channel.teamId }],
          })
          assert.isUndefined(yield* store.find(report.id))
          assert.deepStrictEqual(yield* store.find(kept.id), kept)
          const left = yield* sql<{ name: string; rows: number }>`
            SELECT 'comments' AS name, COUNT(*) AS rows FROM report_comments WHERE report_id = ${report.id}
            UNION ALL SELECT 'notes', COUNT(*) FROM note_comments WHERE report_id = ${report.id}
            UNION ALL SELECT 'tasks', COUNT(*) FROM tasks WHERE report_id = ${report.id}
            UNION ALL SELECT 'notifications', COUNT(*) FROM notifications WHERE report_id = ${report.id}
            UNION ALL SELECT 'reads', COUNT(*) FROM report_reads WHERE report_id = ${report.id}
            UNION ALL SELECT 'state changes', COUNT(*) FROM report_state_changes WHERE report_id = ${report.id}
            UNION ALL SELECT 'uuids', COUNT(*) FROM client_uuids
              WHERE uuid IN (${report.uuid ?? ""}, ${commentUuid}, ${taskUuid})`
          assert.deepStrictEqual(
            left.map((row) => [row.name, Number(row.rows)]),
            ["comments", "notes", "tasks", "notifications", "reads", "state changes", "uuids"].map((name) => [
              name,
              0,
            ]),
          )
          // Its uuid is free again, the other report's is not.
          assert.isDefined(yield* store.insert(newReport(channel, ada, { uuid: report.uuid })))
          assert.isUndefined(yield* store.insert(newReport(channel, ada, { uuid: kept.uuid })))
        }).pipe(Effect.orDie),
      )
    })
  }
})
