/**
 * The category store's contract, on every engine: a channel's tree root first, then by depth and
 * position; children, next positions, updates, whether reports use a category, deletion.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { CategoryStore, type NewCategory } from "../../../src/store/CategoryStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

describe("CategoryStore contract", () => {
  for (const engine of engines) {
    layer(CategoryStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("keeps a channel's tree in order, moves, counts positions, deletes", () =>
        Effect.gen(function* () {
          const store = yield* CategoryStore
          const channel = yield* newChannel
          const root = channel.categoryId
          const child = (name: string, position: number, parent = root, depth = 1): NewCategory => ({
            channel_id: channel.channelId,
            parent_id: parent,
            name,
            label_name: "Type",
            depth,
            position,
            pin_color: "#00ff00",
            pin_appearance: "pin",
          })
          assert.strictEqual(yield* store.nextPosition(channel.channelId, root), 1)
          assert.strictEqual(yield* store.nextPosition(channel.channelId, null), 2)
          const pothole = yield* store.insert(child("Pothole", 2))
          assert.deepStrictEqual(pothole, { id: pothole.id, ...child("Pothole", 2) })
          const graffiti = yield* store.insert(child("Graffiti", 1))
          const deep = yield* store.insert(child("Deep", 1, pothole.id, 2))
          assert.strictEqual(yield* store.nextPosition(channel.channelId, root), 3)
          assert.deepStrictEqual(
            (yield* store.listOfChannel(channel.channelId)).map((row) => row.name),
            ["Hazard", "Graffiti", "Pothole", "Deep"],
          )
          assert.deepStrictEqual(yield* store.childIds(channel.channelId, root), [graffiti.id, pothole.id])
          yield* store.update(deep.id, { parent_id: graffiti.id, position: 1, name: "Tag" })
          yield* store.update(deep.id, {})
          assert.deepStrictEqual(yield* store.childIds(channel.channelId, graffiti.id), [deep.id])
          assert.strictEqual((yield* store.find(deep.id))?.name, "Tag")
          assert.isFalse(yield* store.hasReports(pothole.id))
          // Reports of the channel are filed under its root category.
          yield* newReport(channel, yield* newUser(), "2025-01-01T00:00:00.000Z")
          assert.isTrue(yield* store.hasReports(root))
          yield* store.delete(pothole.id)
          assert.isUndefined(yield* store.find(pothole.id))
        }),
      )
    })
  }
})
