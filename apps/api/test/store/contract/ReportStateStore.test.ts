/**
 * The report state store's contract, on every engine: states by channel and position, the next
 * position, inserts and updates with their allowed next states as JSON, and clearing the initial
 * state (of which a channel has at most one).
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { ReportStateStore } from "../../../src/store/ReportStateStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel } from "./Tenancy.ts"

describe("ReportStateStore contract", () => {
  for (const engine of engines) {
    layer(ReportStateStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("lists, inserts, updates and moves the initial state", () =>
        Effect.gen(function* () {
          const store = yield* ReportStateStore
          const channel = yield* newChannel
          const [open, closed] = channel.stateIds
          assert.strictEqual(yield* store.nextPosition(channel.channelId), 3)
          const review = yield* store.insert({
            channel_id: channel.channelId,
            name: "Review",
            position: 3,
            initial: false,
            appearance: "loud",
            next_state_ids: [open, closed],
          })
          assert.deepStrictEqual(review, {
            id: review.id,
            channel_id: channel.channelId,
            name: "Review",
            position: 3,
            initial: 0,
            appearance: "loud",
            next_state_ids: [open, closed],
          })
          assert.deepStrictEqual(yield* store.find(review.id), review)
          assert.isUndefined(yield* store.find(-1))
          const other = yield* newChannel
          assert.deepStrictEqual(
            (yield* store.listOfChannels([other.channelId, channel.channelId])).map((row) => row.id),
            [open, closed, review.id, ...other.stateIds],
          )
          assert.deepStrictEqual(yield* store.listOfChannels([]), [])
          const renamed = yield* store.update(review.id, { name: "Checked", next_state_ids: null })
          assert.deepStrictEqual([renamed.name, renamed.next_state_ids], ["Checked", null])
          assert.deepStrictEqual(yield* store.update(review.id, {}), renamed)
          yield* store.clearInitial(channel.channelId)
          const initial = yield* store.update(review.id, { initial: true })
          assert.strictEqual(initial.initial, 1)
          assert.strictEqual((yield* store.find(open))?.initial, 0)
        }),
      )
    })
  }
})
