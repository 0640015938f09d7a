/**
 * The channel store's contract, on every engine: a user's access to a channel, the channels they
 * are a member of by name, members, updates, the attachments a channel holds, and deletion with
 * everything in it.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { ChannelStore } from "../../../src/store/ChannelStore.ts"
import * as ClientUuids from "../../../src/store/ClientUuids.ts"
import { MembershipStore } from "../../../src/store/MembershipStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newMember, newReport, newUser } from "./Tenancy.ts"

describe("ChannelStore and MembershipStore contract", () => {
  for (const engine of engines) {
    layer(
      Layer.mergeAll(ChannelStore.layer, MembershipStore.layer).pipe(
        Layer.provideMerge(migratedDatabase(engine)),
      ),
    )(engine, (it) => {
      it.effect("answers access, lists a member's channels by name, adds members, updates and deletes", () =>
        Effect.gen(function* () {
          const store = yield* ChannelStore
          const memberships = yield* MembershipStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const userId = yield* newUser()
          yield* newMember(channel, userId)
          const second = yield* store.insert({ team_id: channel.teamId, name: "Bridges" })
          yield* store.addMember(second, userId, "viewer")
          assert.deepStrictEqual(
            (yield* store.listOfMember(userId, channel.appId, undefined)).map((row) => [row.id, row.name]),
            [
              [second, "Bridges"],
              [channel.channelId, "Channel"],
            ],
          )
          assert.deepStrictEqual(yield* store.listOfMember(userId, channel.appId, -1), [])
          assert.deepStrictEqual(yield* store.access(channel.channelId, userId), {
            id: channel.channelId,
            team_id: channel.teamId,
            name: "Channel",
            logo_attachment_id: null,
            category_id: channel.categoryId,
            form_id: channel.formId,
            branded_app_id: channel.appId,
            team_role: "team_member",
            agreed_to_join: 1,
            channel_role: "reporter",
          })
          const stranger = yield* store.access(second, -1)
          assert.deepStrictEqual(
            [stranger?.team_role, stranger?.channel_role, stranger?.category_id],
            [null, null, null],
          )
          assert.isUndefined(yield* store.access(-1, userId))
          assert.deepStrictEqual(
            (yield* memberships.teamsOf(userId, channel.appId)).map((team) => [
              team.team_id,
              team.role,
              team.agreed_to_join,
            ]),
            [[channel.teamId, "team_member", 1]],
          )
          assert.deepStrictEqual(yield* memberships.teamsOf(userId, -1), [])
          assert.strictEqual(yield* memberships.channelRole(userId, second), "viewer")
          assert.isUndefined(yield* memberships.channelRole(userId, -1))

          const [logo] = yield* sql<{
            id: number
          }>`INSERT INTO attachments (user_id, filename, content_type, byte_size, storage_key, created_at)
              VALUES (${userId}, 'logo.png', 'image/png', 1, ${crypto.randomUUID()}, '2025-01-01T00:00:00.000Z') RETURNING id`.pipe(
            Effect.orDie,
          )
          yield* store.update(channel.channelId, { name: "Roads", logo_attachment_id: logo?.id ?? 0 })
          yield* store.update(channel.channelId, {})
          assert.deepStrictEqual(yield* store.attachmentIds(channel.channelId), [logo?.id ?? 0])
          const reportId = yield* newReport(channel, userId, "2025-01-02T00:00:00.000Z")
          const uuid = crypto.randomUUID()
          yield* sql`UPDATE reports SET uuid = ${uuid} WHERE id = ${reportId}`.pipe(Effect.orDie)
          assert.isTrue(yield* ClientUuids.claim(sql, "report", uuid))
          yield* store.delete(channel.channelId)
          assert.isUndefined(yield* store.access(channel.channelId, userId))
          const [left] = yield* sql<{
            n: number
          }>`SELECT COUNT(*) AS n FROM reports WHERE id = ${reportId}`.pipe(Effect.orDie)
          assert.strictEqual(left?.n, 0)
          // The report's uuid went with it: another report may have it.
          assert.isTrue(yield* ClientUuids.claim(sql, "report", uuid))
        }),
      )
    })
  }
})
