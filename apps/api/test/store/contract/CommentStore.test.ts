/**
 * The comment store's contract, on every engine: notes paged (public ones only for readers who may
 * not see internal notes), report comments once per uuid, both read for many reports at once.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CommentStore } from "../../../src/store/CommentStore.ts"
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
    })
  }
})
