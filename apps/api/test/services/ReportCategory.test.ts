/**
 * The category a report write chooses: the one asked for, in the channel's tree, for a create and
 * an update; for an upsert, the one planned from `category_id` or `category_names`, the names not
 * found created under the deepest one found.
 */

import { assert, describe, it } from "@effect/vitest"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Effect, Exit, Layer } from "effect"
import * as ReportCategory from "../../src/services/ReportCategory.ts"
import { CategoryStore, type NewCategory } from "../../src/store/CategoryStore.ts"
import { categories, categoryField, context } from "./ReportWriteFixtures.ts"

describe("ReportCategory.given", () => {
  it.effect("chooses the category asked for, by category_id or by the Category field, or none", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(yield* ReportCategory.given(101)(context, undefined), {
        categoryId: 101,
        categories,
      })
      assert.deepStrictEqual(yield* ReportCategory.given(undefined)(context, 101), {
        categoryId: 101,
        categories,
      })
      assert.deepStrictEqual(yield* ReportCategory.given(undefined)(context, undefined), {
        categoryId: undefined,
        categories,
      })
    }),
  )

  it.effect("refuses a category of another channel, and two different categories", () =>
    Effect.gen(function* () {
      assert.deepStrictEqual(
        yield* Effect.exit(ReportCategory.given(999)(context, undefined)),
        Exit.fail(InvalidInput.at("report.category_id", "is not a category of this channel")),
      )
      assert.deepStrictEqual(
        yield* Effect.exit(ReportCategory.given(100)(context, 101)),
        Exit.fail(InvalidInput.at(`report.${categoryField.key}`, "must be the same category as category_id")),
      )
    }),
  )
})

describe("ReportCategory.make: planned", () => {
  /** A category store that creates categories from id 200 on, each first among its siblings. */
  const storeKeeping = (created: Array<NewCategory>) =>
    Layer.mock(CategoryStore)({
      nextPosition: () => Effect.succeed(1),
      insert: (category) =>
        Effect.sync(() => {
          created.push(category)
          return { id: 200 + created.length - 1, ...category }
        }),
    })

  it.effect("uses the categories found, and the root when none is named", () => {
    const created: Array<NewCategory> = []
    return Effect.gen(function* () {
      const { planned } = yield* ReportCategory.make
      assert.strictEqual((yield* planned(undefined, [" potholes"])(context, undefined)).categoryId, 101)
      assert.strictEqual((yield* planned(101, ["Ignored"])(context, undefined)).categoryId, 101)
      assert.strictEqual((yield* planned(undefined, undefined)(context, undefined)).categoryId, 100)
      assert.deepStrictEqual(created, [])
    }).pipe(Effect.provide(storeKeeping(created)))
  })

  it.effect("creates the names not found, each under the one before, with the pin of the parent", () => {
    const created: Array<NewCategory> = []
    return Effect.gen(function* () {
      const { planned } = yield* ReportCategory.make
      const chosen = yield* planned(undefined, ["Potholes", "Deep", "Very deep"])(context, undefined)
      assert.deepStrictEqual(created, [
        {
          channel_id: 31,
          parent_id: 101,
          name: "Deep",
          label_name: "Tertiary category",
          depth: 2,
          position: 1,
          pin_color: "#ff8800",
          pin_appearance: "default",
        },
        {
          channel_id: 31,
          parent_id: 200,
          name: "Very deep",
          label_name: "Quaternary category",
          depth: 3,
          position: 1,
          pin_color: "#ff8800",
          pin_appearance: "default",
        },
      ])
      assert.strictEqual(chosen.categoryId, 201)
      assert.deepStrictEqual(
        chosen.categories.map((category) => category.name),
        ["Roads", "Potholes", "Deep", "Very deep"],
      )
    }).pipe(Effect.provide(storeKeeping(created)))
  })
})
