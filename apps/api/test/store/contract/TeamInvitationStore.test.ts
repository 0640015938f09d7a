/**
 * The invitations-by-address store's contract, on every engine: one pending invitation per team
 * and address (as users keep addresses), found by its token's digest, changed, accepted once
 * however many try, and withdrawn only while pending.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TeamInvitationStore } from "../../../src/store/TeamInvitationStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newUser } from "./Tenancy.ts"

describe("TeamInvitationStore contract", () => {
  for (const engine of engines) {
    layer(TeamInvitationStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("keeps one pending invitation per address, accepted once, withdrawn while pending", () =>
        Effect.gen(function* () {
          const store = yield* TeamInvitationStore
          const { teamId, channelId } = yield* newChannel
          const inviter = yield* newUser()
          const invite = (email: string) =>
            store.insert({
              team_id: teamId,
              email,
              team_role: "manager",
              channel_role: "operator",
              channel_ids: [channelId, channelId],
              inviter_id: inviter,
              expires_at: "2030-06-08T08:00:00.000Z",
              last_invited_at: "2030-06-01T08:00:00.000Z",
            })
          const ana = yield* invite(" Ana@Example.net")
          assert.deepStrictEqual(ana, {
            id: ana?.id ?? 0,
            team_id: teamId,
            email: "ana@example.net",
            team_role: "manager",
            channel_role: "operator",
            channel_ids: [channelId],
            inviter_id: inviter,
            expires_at: "2030-06-08T08:00:00.000Z",
            last_invited_at: "2030-06-01T08:00:00.000Z",
            accepted_at: null,
          })
          const id = ana?.id ?? 0
          assert.strictEqual(yield* invite("ana@example.net"), undefined)
          assert.strictEqual((yield* store.pendingFor(teamId, "ANA@example.net"))?.id, id)

          yield* store.update(id, { team_role: "team_member", channel_ids: [] })
          assert.deepStrictEqual(
            { ...(yield* store.find(id)) },
            { ...ana, team_role: "team_member", channel_ids: [] },
          )
          assert.strictEqual(yield* store.findByDigest("digest-1"), undefined)
          yield* store.setToken(id, "digest-1")
          assert.strictEqual((yield* store.findByDigest("digest-1"))?.id, id)
          yield* store.setToken(id, "digest-2")
          assert.strictEqual(yield* store.findByDigest("digest-1"), undefined)

          const page = yield* store.listPending(teamId, { offset: 0, limit: 10 })
          assert.deepStrictEqual(
            page.invitations.map((row) => row.email),
            ["ana@example.net"],
          )
          assert.strictEqual(page.total, 1)

          const user = yield* newUser("Ana", "Newcomer")
          const attempts = yield* Effect.all([store.accept(id, user), store.accept(id, user)], {
            concurrency: "unbounded",
          })
          assert.deepStrictEqual([...attempts].sort(), [false, true])
          assert.notStrictEqual((yield* store.find(id))?.accepted_at, null)
          assert.strictEqual(yield* store.withdraw(id), false)
          assert.strictEqual((yield* store.listPending(teamId, { offset: 0, limit: 10 })).total, 0)

          // Accepted, the address may be invited again; a pending invitation is withdrawn once.
          const again = yield* invite("ana@example.net")
          assert.notStrictEqual(again?.id, id)
          assert.strictEqual(yield* store.withdraw(again?.id ?? 0), true)
          assert.strictEqual(yield* store.withdraw(again?.id ?? 0), false)
          assert.strictEqual(yield* store.find(again?.id ?? 0), undefined)
        }),
      )
    })
  }
})
