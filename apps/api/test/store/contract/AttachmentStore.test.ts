/**
 * The attachment store's contract, on every engine: uploads stored and found, the content types of
 * those a user may still attach, use and release, the removal of what nothing uses after its
 * grace, and settings whose first writer wins.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { AttachmentStore } from "../../../src/store/AttachmentStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

const at = (hour: number) => `2025-08-01T${String(hour).padStart(2, "0")}:00:00.000Z`

describe("AttachmentStore contract", () => {
  for (const engine of engines) {
    layer(AttachmentStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("stores uploads, tells which a user may attach, uses, releases and removes them", () =>
        Effect.gen(function* () {
          const store = yield* AttachmentStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const [owner, other] = [yield* newUser(), yield* newUser()]
          const upload = (name: string, hour: number, image = true, userId = owner) =>
            store.insert({
              user_id: userId,
              filename: name,
              content_type: image ? "image/png" : "application/pdf",
              byte_size: 3_000_000_000,
              storage_key: crypto.randomUUID(),
              image,
              created_at: at(hour),
            })
          const photo = yield* upload("photo.png", 1)
          assert.deepStrictEqual(photo, {
            id: photo.id,
            user_id: owner,
            filename: "photo.png",
            content_type: "image/png",
            byte_size: 3_000_000_000,
            storage_key: photo.storage_key,
            image: 1,
            renditions_ready: 0,
            used: 0,
            created_at: at(1),
            released_at: null,
          })
          const pdf = yield* upload("plan.pdf", 2, false)
          const theirs = yield* upload("theirs.png", 3, true, other)
          yield* store.markRenditionsReady(photo.id)
          assert.strictEqual((yield* store.find(photo.id))?.renditions_ready, 1)
          assert.deepStrictEqual(
            (yield* store.findMany([pdf.id, photo.id, -1])).map((row) => row.filename),
            ["photo.png", "plan.pdf"],
          )
          assert.deepStrictEqual(yield* store.findMany([]), [])
          const types = (
            ids: ReadonlyArray<number>,
            usableBy?: { userId: number; reportId: number | undefined },
          ) =>
            store
              .contentTypes(ids, usableBy)
              .pipe(Effect.map((rows) => [...rows].sort((a, b) => a.id - b.id)))
          assert.deepStrictEqual(yield* types([photo.id, theirs.id]), [
            { id: photo.id, content_type: "image/png" },
            { id: theirs.id, content_type: "image/png" },
          ])
          assert.deepStrictEqual(
            yield* types([photo.id, theirs.id], { userId: owner, reportId: undefined }),
            [{ id: photo.id, content_type: "image/png" }],
          )
          assert.deepStrictEqual(yield* store.markUsed([photo.id, -1]), [photo.id])
          assert.deepStrictEqual(yield* store.markUsed([]), [])
          assert.deepStrictEqual(yield* types([photo.id], { userId: owner, reportId: undefined }), [])
          const reportId = yield* newReport(channel, owner, at(1))
          yield* sql`INSERT INTO report_attachments (attachment_id, report_id, channel_id, field_key)
            VALUES (${photo.id}, ${reportId}, ${channel.channelId}, 'photo')`.pipe(Effect.orDie)
          assert.deepStrictEqual(yield* types([photo.id], { userId: other, reportId }), [
            { id: photo.id, content_type: "image/png" },
          ])
          assert.deepStrictEqual(yield* types([], undefined), [])

          // Nothing is removed within its grace; then the oldest unused first, up to the limit.
          assert.deepStrictEqual(yield* store.removeUnused(at(1), 10), [])
          const removed = yield* store.removeUnused(at(4), 1)
          assert.deepStrictEqual(removed, [{ id: pdf.id, storage_key: pdf.storage_key }])
          yield* sql`DELETE FROM report_attachments WHERE attachment_id = ${photo.id}`.pipe(Effect.orDie)
          yield* store.release([photo.id], at(5))
          yield* store.release([], at(5))
          const released = yield* store.find(photo.id)
          assert.deepStrictEqual([released?.used, released?.released_at], [0, at(5)])
          assert.deepStrictEqual(
            (yield* store.removeUnused(at(5), 10)).map((row) => row.id),
            [theirs.id],
          )
          yield* sql`UPDATE users SET image_attachment_id = ${photo.id} WHERE id = ${owner}`.pipe(
            Effect.orDie,
          )
          assert.deepStrictEqual(yield* store.removeUnused(at(6), 10), [])
          assert.isDefined(yield* store.find(photo.id))
          assert.isUndefined(yield* store.find(pdf.id))
        }),
      )

      it.effect("keeps the first value of a setting", () =>
        Effect.gen(function* () {
          const store = yield* AttachmentStore
          const name = `secret-${crypto.randomUUID()}`
          assert.strictEqual(yield* store.setting(name, "first"), "first")
          assert.strictEqual(yield* store.setting(name, "second"), "first")
        }),
      )
    })
  }
})
