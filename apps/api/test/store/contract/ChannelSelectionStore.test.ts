/**
 * The channel selection store's contract, on every engine: a selection saved twice is replaced
 * (an upsert), listed with the user's roles in the app's teams, found, deleted.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ChannelSelectionStore } from "../../../src/store/ChannelSelectionStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newMember, newUser } from "./Tenancy.ts"

describe("ChannelSelectionStore contract", () => {
  for (const engine of engines) {
    layer(ChannelSelectionStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("saves, replaces, lists with roles, finds and deletes selections", () =>
        Effect.gen(function* () {
          const store = yield* ChannelSelectionStore
          const channel = yield* newChannel
          const elsewhere = yield* newChannel
          const member = yield* newUser()
          const stranger = yield* newUser()
          yield* newMember(channel, member, { follow: true })
          assert.deepStrictEqual(yield* store.find(member, channel.channelId), {
            id: channel.channelId,
            view: true,
            follow: true,
            alert: false,
          })
          yield* store.save(member, { id: channel.channelId, view: false, follow: false, alert: true })
          assert.deepStrictEqual(yield* store.find(member, channel.channelId), {
            id: channel.channelId,
            view: false,
            follow: false,
            alert: true,
          })
          yield* store.save(member, { id: elsewhere.channelId, view: true, follow: false, alert: false })
          assert.deepStrictEqual(yield* store.listOf(member, channel.appId), [
            {
              id: channel.channelId,
              view: 0,
              follow: 0,
              alert: 1,
              team_role: "team_member",
              agreed_to_join: 1,
              channel_role: "reporter",
            },
          ])
          yield* store.save(stranger, { id: channel.channelId, view: true, follow: true, alert: true })
          assert.deepStrictEqual(yield* store.listOf(stranger, channel.appId), [
            {
              id: channel.channelId,
              view: 1,
              follow: 1,
              alert: 1,
              team_role: null,
              agreed_to_join: null,
              channel_role: null,
            },
          ])
          yield* store.delete(member, channel.channelId)
          assert.isUndefined(yield* store.find(member, channel.channelId))
          assert.isDefined(yield* store.find(member, elsewhere.channelId))
        }),
      )
    })
  }
})
