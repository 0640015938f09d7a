/**
 * The form store's contract, on every engine: a channel's form, its counter of numbers, fields
 * inserted with keys made from their ids, updated (mandatory as 0/1 or null), removed and brought
 * back, and the definition's version.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { FormStore } from "../../../src/store/FormStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel } from "./Tenancy.ts"

describe("FormStore contract", () => {
  for (const engine of engines) {
    layer(FormStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("keeps a form's fields, numbers and versions", () =>
        Effect.gen(function* () {
          const store = yield* FormStore
          const sql = yield* SqlClient.SqlClient
          const channel = yield* newChannel
          const [bare] = yield* sql<{ id: number }>`INSERT INTO channels (team_id, name, created_at)
            VALUES (${channel.teamId}, 'Bare', '2025-01-01T00:00:00.000Z') RETURNING id`.pipe(Effect.orDie)
          assert.isUndefined(yield* store.findByChannel(bare?.id ?? 0))
          const form = yield* store.insertForm({ channel_id: bare?.id ?? 0, name: "Checklist" })
          assert.deepStrictEqual(form, {
            id: form.id,
            channel_id: bare?.id ?? 0,
            name: "Checklist",
            version: 1,
          })
          assert.deepStrictEqual(yield* store.findByChannel(bare?.id ?? 0), form)
          assert.strictEqual(yield* store.takeNumbers(form.id, 3), 1)
          assert.strictEqual(yield* store.takeNumbers(form.id, 1), 4)

          const field = (label: string, order: number, mandatory: boolean | null) =>
            store.insertField(
              form,
              { label, field_type: "FreeText", form_order: order, mandatory, field_visibility: "public" },
              (id) => ({ key: `field_${id}`, data: `{"id":${id}}` }),
            )
          const second = yield* field("Second", 2, true)
          assert.deepStrictEqual(second, {
            id: second.id,
            form_id: form.id,
            key: `field_${second.id}`,
            label: "Second",
            field_type: "FreeText",
            form_order: 2,
            data: `{"id":${second.id}}`,
            mandatory: 1,
            visibility: "public",
            field_visibility: "public",
            editable: 1,
            removed: 0,
          })
          const first = yield* field("First", 1, null)
          const gone = yield* field("Gone", 3, false)
          assert.deepStrictEqual(
            (yield* store.fields(form.id, { removed: false })).map((row) => [row.label, row.mandatory]),
            [
              ["First", null],
              ["Second", 1],
              ["Gone", 0],
            ],
          )
          yield* store.removeFieldsExcept(form.id, [first.id, second.id])
          assert.deepStrictEqual(
            (yield* store.fields(form.id, { removed: false })).map((row) => row.id),
            [first.id, second.id],
          )
          assert.deepStrictEqual(
            (yield* store.fields(form.id, { removed: true })).map((row) => row.id),
            [first.id, second.id, gone.id],
          )
          yield* store.updateField(gone.id, {
            label: "Back",
            form_order: 0,
            data: "",
            mandatory: true,
            field_visibility: "private",
          })
          const fields = yield* store.fields(form.id, { removed: false })
          assert.deepStrictEqual(
            [fields[0]?.label, fields[0]?.mandatory, fields[0]?.field_visibility],
            ["Back", 1, "private"],
          )
          yield* store.removeFieldsExcept(form.id, [])
          assert.deepStrictEqual(yield* store.fields(form.id, { removed: false }), [])
          const saved = yield* store.saveDefinition(form.id, "Inspection")
          assert.deepStrictEqual([saved.name, saved.version], ["Inspection", 2])
        }),
      )
    })
  }
})
