/**
 * The category a report write chooses. A create and an update take the category asked for, which
 * must be in the channel's tree; an upsert names the report's category on every call, planned by
 * the domain's `UpsertCategory` from `category_id` or `category_names`, and creates the names not
 * found. Either way the Category field's answer counts as `category_id` (`CategoryAnswer`).
 */
import * as CategoryAnswer from "@fieldreport/domain/CategoryAnswer"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as UpsertCategory from "@fieldreport/domain/UpsertCategory"
import { Effect } from "effect"
import { type CategoryRow, CategoryStore } from "../store/CategoryStore.ts"
import { defaultAppearance } from "./Categories.ts"
import type { ChannelContext } from "./ChannelContext.ts"

/**
 * The category a write chose (none: keep the report's, or the root for a new report), and the
 * channel's tree it is in, with the categories the write created.
 *
 * @example
 * ```ts
 * const chosen: ChosenCategory = { categoryId: 12, categories: context.categories }
 * ```
 */
export interface ChosenCategory {
  readonly categoryId: number | undefined
  readonly categories: ReadonlyArray<CategoryRow>
}

/**
 * How a write chooses the category, given what the form's Category field answered.
 *
 * @example
 * ```ts
 * const { categoryId } = yield* given(input.category_id)(context, answered)
 * ```
 */
export type CategoryChoice = (
  context: ChannelContext,
  answered: number | undefined,
) => Effect.Effect<ChosenCategory, InvalidInput>

/**
 * Create and update: the category asked for, which must be in the channel's tree.
 *
 * @example
 * ```ts
 * const report = yield* filing.fileNew(actor, context, input, given(input.category_id))
 * ```
 */
export const given =
  (categoryId: number | undefined): CategoryChoice =>
  (context, answered) =>
    Effect.gen(function* () {
      const requested = yield* Effect.fromResult(
        CategoryAnswer.requested(context.fields, categoryId, answered),
      )
      if (requested !== undefined && !context.categories.some((category) => category.id === requested)) {
        return yield* InvalidInput.at("report.category_id", "is not a category of this channel")
      }
      return { categoryId: requested, categories: context.categories }
    })

/**
 * Makes the upsert's choice on the category store: it creates the categories a plan names.
 *
 * @example
 * ```ts
 * const { planned } = yield* ReportCategory.make
 * const report = yield* filing.fileNew(actor, context, draft, planned(input.category_id, input.category_names))
 * ```
 */
export const make = Effect.gen(function* () {
  const store = yield* CategoryStore

  /** Upsert: the category of `UpsertCategory.plan`, creating the names not found. */
  const planned =
    (categoryId: number | undefined, categoryNames: ReadonlyArray<string> | undefined): CategoryChoice =>
    (context, answered) =>
      Effect.gen(function* () {
        const requested = yield* Effect.fromResult(
          CategoryAnswer.requested(context.fields, categoryId, answered),
        )
        const plan = yield* Effect.fromResult(
          UpsertCategory.plan({
            categories: context.categories,
            rootId: context.access.channel.category_id,
            categoryId: requested,
            categoryNames,
          }),
        )
        if (plan._tag === "UseCategory")
          return { categoryId: plan.categoryId, categories: context.categories }
        const top = context.categories.find((category) => category.id === plan.parentId)
        // The plan only names parents from the tree it was given.
        if (top === undefined) return yield* Effect.die(new Error("the planned parent is not in the tree"))
        let parent = top
        const created: Array<CategoryRow> = []
        for (const name of plan.names) {
          const depth = parent.depth + 1
          parent = yield* store.insert({
            channel_id: parent.channel_id,
            parent_id: parent.id,
            name,
            label_name: CategoryTree.labelNames[depth] ?? name,
            depth,
            position: yield* store.nextPosition(parent.channel_id, parent.id),
            pin_color: parent.pin_color,
            pin_appearance: defaultAppearance,
          })
          created.push(parent)
        }
        return { categoryId: parent.id, categories: [...context.categories, ...created] }
      })

  return { planned }
})
