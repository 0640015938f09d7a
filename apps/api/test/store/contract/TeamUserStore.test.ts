/**
 * The team user store's contract, on every engine: pages of a team's users with every filter and
 * order (names without case, users without a supervisor or an invitation last both ways, invitees
 * last both ways in the orders by what their records hide), counts, memberships, channel roles
 * and the facts of an invitation; nothing of an invitee's person is read before they accept.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { type TeamUserOrderField, TeamUserStore } from "../../../src/store/TeamUserStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

const at = (day: number) => `2025-07-${String(day).padStart(2, "0")}T00:00:00.000Z`
const noCounts = { channelCount: false, reportCount: false }

describe("TeamUserStore contract", () => {
  for (const engine of engines) {
    layer(TeamUserStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("lists a team's users with filters, orders and counts, and updates them", () =>
        Effect.gen(function* () {
          const store = yield* TeamUserStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const zed = yield* newUser("zed", "adams")
          const amy = yield* newUser("Amy", "Brown")
          const bob = yield* newUser("Bob", "brown")
          const gone = yield* newUser("Gil", "Carter")
          const join = (userId: number, agreed: boolean, day: number | null) =>
            store.insertMembership({
              team_id: channel.teamId,
              user_id: userId,
              agreed_to_join: agreed,
              last_invited_at: day === null ? null : at(day),
              created_at: at(1),
            })
          const zedMember = yield* join(zed, true, null)
          assert.deepStrictEqual(zedMember, {
            id: zedMember.id,
            user_id: zed,
            role: "team_member",
            agreed_to_join: 1,
            last_invited_at: null,
          })
          const amyMember = yield* join(amy, false, 3)
          const bobMember = yield* join(bob, true, 2)
          const goneMember = yield* join(gone, true, null)
          yield* sql`UPDATE users SET deactivated = 1 WHERE id = ${gone}`.pipe(Effect.orDie)
          yield* store.update(bobMember.id, { role: "manager", supervisor_id: zedMember.id })
          yield* store.update(amyMember.id, { supervisor_id: bobMember.id })
          yield* store.update(zedMember.id, {})
          assert.deepStrictEqual(yield* store.membership(channel.teamId, bob), {
            id: bobMember.id,
            user_id: bob,
            role: "manager",
            agreed_to_join: 1,
            last_invited_at: at(2),
          })
          assert.isUndefined(yield* store.membership(channel.teamId, -1))

          // By user id: an invitee's record has no name.
          const names = new Map([
            [zed, "zed"],
            [amy, "Amy"],
            [bob, "Bob"],
            [gone, "Gil"],
          ])
          const page = (
            order: ReadonlyArray<{ field: TeamUserOrderField; direction: "asc" | "desc" }>,
            filter = {},
          ) =>
            store
              .list(channel.teamId, filter, order, { offset: 0, limit: 10 }, noCounts)
              .pipe(Effect.map((found) => found.teamUsers.map((row) => names.get(row.user_id))))
          assert.deepStrictEqual(yield* page([]), ["zed", "Amy", "Bob", "Gil"])
          // Amy has not accepted: last either way, so her place tells nothing of her name.
          assert.deepStrictEqual(yield* page([{ field: "name", direction: "asc" }]), [
            "zed",
            "Bob",
            "Gil",
            "Amy",
          ])
          assert.deepStrictEqual(yield* page([{ field: "name", direction: "desc" }]), [
            "Gil",
            "Bob",
            "zed",
            "Amy",
          ])
          assert.deepStrictEqual(yield* page([{ field: "last_invited_at", direction: "asc" }]), [
            "Bob",
            "Amy",
            "zed",
            "Gil",
          ])
          assert.deepStrictEqual(yield* page([{ field: "last_invited_at", direction: "desc" }]), [
            "Amy",
            "Bob",
            "zed",
            "Gil",
          ])
          // Amy's supervisor is hidden with the rest of her record: she is among those without one.
          assert.deepStrictEqual(yield* page([{ field: "supervisor", direction: "desc" }]), [
            "Bob",
            "zed",
            "Amy",
            "Gil",
          ])
          assert.deepStrictEqual(yield* page([{ field: "status", direction: "asc" }]), [
            "zed",
            "Bob",
            "Amy",
            "Gil",
          ])
          assert.deepStrictEqual(yield* page([], { agreedToJoin: false }), ["Amy"])
          assert.deepStrictEqual(yield* page([], { managers: true }), ["Bob"])
          assert.deepStrictEqual(
            yield* page([], { userIds: [amy, zed], excludesTeamUserIds: [zedMember.id] }),
            ["Amy"],
          )
          assert.deepStrictEqual(yield* page([], { includesTeamUserIds: [goneMember.id] }), ["Gil"])
          const second = yield* store.list(channel.teamId, {}, [], { offset: 1, limit: 2 }, noCounts)
          assert.deepStrictEqual([second.total, second.teamUsers.map((row) => row.user_id)], [4, [amy, bob]])

          yield* store.setChannelRole(channel.channelId, amy, "reporter", false)
          yield* store.setChannelRole(channel.channelId, amy, "operator", true)
          assert.strictEqual(yield* store.channelRole(channel.channelId, amy), "operator")
          assert.isUndefined(yield* store.channelRole(channel.channelId, bob))
          yield* newReport(channel, amy, at(4))
          const counted = yield* store.find(channel.teamId, amyMember.id, {
            channelCount: true,
            reportCount: true,
          })
          // An invitee's record is the invitation: the person's columns and counts are not read.
          assert.deepStrictEqual(counted, {
            id: amyMember.id,
            team_id: channel.teamId,
            user_id: amy,
            role: "team_member",
            agreed_to_join: 0,
            last_invited_at: at(3),
            supervisor_id: null,
            email: null,
            first_name: null,
            last_name: null,
            app_version: null,
            bluetooth_enabled: null,
            location_enabled: null,
            push_notification_enabled: null,
            last_active_at: null,
            status: "invited",
            channel_count: null,
            report_count: null,
          })
          yield* store.setChannelRole(channel.channelId, bob, "viewer", false)
          yield* newReport(channel, bob, at(5))
          const joined = yield* store.find(channel.teamId, bobMember.id, {
            channelCount: true,
            reportCount: true,
          })
          assert.deepStrictEqual(
            [
              joined?.status,
              joined?.first_name,
              joined?.supervisor_id,
              joined?.channel_count,
              joined?.report_count,
              joined?.last_invited_at,
            ],
            ["active", "Bob", zedMember.id, 1, 1, at(2)],
          )
          const plain = yield* store.find(channel.teamId, goneMember.id, noCounts)
          assert.deepStrictEqual(
            [plain?.status, plain?.channel_count, plain?.report_count],
            ["deactivated", null, null],
          )
          assert.isUndefined(yield* store.find(-1, goneMember.id, noCounts))
        }),
      )

      it.effect("looks up users, team channels, channel names and the facts of an invitation", () =>
        Effect.gen(function* () {
          const store = yield* TeamUserStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const other = yield* newChannel
          const [second] = yield* sql<{ id: number }>`INSERT INTO channels (team_id, name, created_at)
            VALUES (${channel.teamId}, 'Alpha', ${at(1)}) RETURNING id`.pipe(Effect.orDie)
          const user = yield* newUser("Ada", "Lovelace")
          assert.deepStrictEqual(yield* store.users([user, -1]), [
            { id: user, deactivated: 0, email_verified: 1 },
          ])
          assert.deepStrictEqual(yield* store.users([]), [])
          assert.deepStrictEqual(
            [
              ...(yield* store.teamChannelIds(channel.teamId, [
                channel.channelId,
                other.channelId,
                second?.id ?? 0,
              ])),
            ].sort((a, b) => a - b),
            [channel.channelId, second?.id ?? 0],
          )
          assert.deepStrictEqual(yield* store.teamChannelIds(channel.teamId, []), [])
          assert.deepStrictEqual(yield* store.channelNames([channel.channelId, second?.id ?? 0]), [
            "Alpha",
            "Channel",
          ])
          assert.deepStrictEqual(yield* store.channelNames([]), [])
          const member = yield* store.insertMembership({
            team_id: channel.teamId,
            user_id: user,
            agreed_to_join: false,
            last_invited_at: at(2),
            created_at: at(2),
          })
          const facts = yield* store.invitationFacts(member.id)
          assert.deepStrictEqual(facts, {
            team_user_id: member.id,
            team_id: channel.teamId,
            agreed_to_join: 0,
            email: facts?.email ?? "",
            first_name: "Ada",
            last_name: "Lovelace",
            team_name: "Team",
            app_name: "Contract",
          })
          assert.isUndefined(yield* store.invitationFacts(-1))
        }),
      )
    })
  }
})
