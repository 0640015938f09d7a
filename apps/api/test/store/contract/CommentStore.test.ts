/**
 * The comment store's contract, on every engine: notes paged (public ones only for readers who may
 * not see internal notes), report comments once per uuid, both read for many reports at once, and
 * the report comments of readable channels paged in the order they were made, with their report's
 * uuid.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { CommentStore, type ReportCommentCriteria } from "../../../src/store/CommentStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

const at = (minute: number) => `2025-10-01T00:${String(minute).padStart(2, "0")}:00.000Z`

describe("CommentStore contract", () => {
  for (const engine of engines) {
    layer(CommentStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("pages notes, keeps report comments once per uuid, reads both for many reports", () =>
        Effect.gen(function* () {
          const store = yield* CommentStore
          const channel = yield* newChannel
          const userId = yield* newUser()
          const first = yield* newReport(channel, userId, at(0))
          const second = yield* newReport(channel, userId, at(1))
          const note = (reportId: number, text: string, isPublic: boolean, minute: number) =>
            store.insertNote({
              report_id: reportId,
              channel_id: channel.channelId,
              user_id: userId,
              comment: text,
              public: isPublic ? 1 : 0,
              created_at: at(minute),
            })
          const internal = yield* note(first, "internal", false, 2)
          assert.deepStrictEqual(internal, {
            id: internal.id,
            report_id: first,
            channel_id: channel.channelId,
            user_id: userId,
            comment: "internal",
            public: 0,
            created_at: at(2),
          })
          const shared = yield* note(first, "shared", true, 3)
          const later = yield* note(first, "later", true, 4)
          const elsewhere = yield* note(second, "elsewhere", false, 5)
          assert.deepStrictEqual(yield* store.findNote(shared.id), shared)
          assert.isUndefined(yield* store.findNote(-1))
          const all = yield* store.notesOf(first, { publicOnly: false, offset: 1, limit: 1 })
          assert.deepStrictEqual([all.total, all.notes.map((row) => row.id)], [3, [shared.id]])
          const open = yield* store.notesOf(first, { publicOnly: true, offset: 0, limit: 10 })
          assert.deepStrictEqual([open.total, open.notes.map((row) => row.id)], [2, [shared.id, later.id]])
          assert.deepStrictEqual(
            (yield* store.notesOfReports([second, first])).map((row) => row.id),
            [internal.id, shared.id, later.id, elsewhere.id],
          )
          assert.deepStrictEqual(yield* store.notesOfReports([]), [])

          const comment = {
            report_id: second,
            channel_id: channel.channelId,
            user_id: userId,
            uuid: crypto.randomUUID(),
            content: "seen it too",
            is_anonymous: 1,
            created_at: at(6),
          }
          const stored = yield* store.insertReportComment(comment)
          assert.deepStrictEqual(stored, { id: stored?.id ?? 0, ...comment })
          assert.isUndefined(yield* store.insertReportComment({ ...comment, content: "again" }))
          // A uuid is one comment's everywhere, not once per channel.
          const otherChannel = yield* newChannel
          assert.isUndefined(
            yield* store.insertReportComment({
              ...comment,
              channel_id: otherChannel.channelId,
              report_id: yield* newReport(otherChannel, userId, at(6)),
            }),
          )
          assert.deepStrictEqual(yield* store.findReportCommentByUuid(comment.uuid), stored)
          const other = yield* store.insertReportComment({
            ...comment,
            report_id: first,
            uuid: crypto.randomUUID(),
          })
          assert.deepStrictEqual(
            (yield* store.reportCommentsOfReports([second, first])).map((row) => row.id),
            [other?.id, stored?.id],
          )
          assert.deepStrictEqual(yield* store.reportCommentsOfReports([]), [])
        }),
      )

      it.effect("pages the report comments of readable channels, by report or syncable, after a time", () =>
        Effect.gen(function* () {
          const store = yield* CommentStore
          const sql = yield* SqlClient.SqlClient
          const [read, unread] = [yield* newChannel, yield* newChannel]
          const me = yield* newUser()
          const other = yield* newUser()
          const mine = yield* newReport(read, me, at(0))
          const others = yield* newReport(read, other, at(0))
          const elsewhere = yield* newReport(unread, me, at(0))
          const uuid = crypto.randomUUID()
          yield* sql`UPDATE reports SET uuid = ${uuid} WHERE id = ${mine}`.pipe(Effect.orDie)
          const comment = (reportId: number, channelId: number, minute: number) =>
            Effect.map(
              store.insertReportComment({
                report_id: reportId,
                channel_id: channelId,
                user_id: other,
                uuid: crypto.randomUUID(),
                content: `at ${minute}`,
                is_anonymous: 0,
                created_at: at(minute),
              }),
              (row) => row?.id ?? 0,
            )
          const onMine = yield* comment(mine, read.channelId, 3)
          const onOthers = yield* comment(others, read.channelId, 2)
          const onMineLater = yield* comment(mine, read.channelId, 5)
          yield* comment(elsewhere, unread.channelId, 4)
          const criteria: ReportCommentCriteria = {
            channelIds: [read.channelId],
            syncable: undefined,
            reportId: undefined,
            reportUuid: undefined,
            after: undefined,
            offset: 0,
            limit: 10,
          }
          const ids = (changes: Partial<ReportCommentCriteria>) =>
            Effect.map(store.reportCommentsPage({ ...criteria, ...changes }), (page) => [
              page.total,
              page.rows.map((row) => row.id),
            ])
          assert.deepStrictEqual(yield* ids({}), [3, [onOthers, onMine, onMineLater]])
          assert.deepStrictEqual(yield* ids({ offset: 1, limit: 1 }), [3, [onMine]])
          assert.deepStrictEqual(yield* ids({ reportId: mine }), [2, [onMine, onMineLater]])
          assert.deepStrictEqual(yield* ids({ reportUuid: uuid }), [2, [onMine, onMineLater]])
          assert.deepStrictEqual(yield* ids({ after: at(3) }), [1, [onMineLater]])
          const scope = {
            channelIds: [read.channelId],
            viewedChannelIds: [],
            userId: me,
            since: "2025-01-01T00:00:00.000Z",
          }
          assert.deepStrictEqual(yield* ids({ syncable: scope }), [2, [onMine, onMineLater]])
          assert.deepStrictEqual(yield* ids({ channelIds: [] }), [0, []])
          const [row] = (yield* store.reportCommentsPage({ ...criteria, reportId: mine })).rows
          assert.deepStrictEqual([row?.report_id, row?.report_uuid], [mine, uuid])
        }),
      )
    })
  }
})
