/**
 * The category tree of a channel (docs/api.md, Categories): read by the channel's readers, changed
 * by its admins. The tree's rules are the domain's `CategoryTree`: the root (depth 0) is created
 * with the channel and stays where it is; categories nest at most three levels below it, and a move
 * takes the whole subtree along, so it must still fit. A category created without a pin colour takes its parent's (the root's colour is the
 * channel's default), as categories an upsert creates do. A category still holding reports or
 * children cannot be deleted.
 */
import type { CategoryCreate, CategoryUpdate } from "@fieldreport/domain/Category"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer } from "effect"
import { Conflict, type Forbidden, NotFound } from "../Errors.ts"
import { type CategoryRow, CategoryStore, type NewCategory } from "../store/CategoryStore.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"

/** The pin of a category created without `pin_appearance`. */
export const defaultAppearance = "default"

/**
 * The root category of a new channel: named after it, at depth 0.
 *
 * @example
 * ```ts
 * yield* categories.insert(rootCategory(channelId, "Cleaner streams"))
 * ```
 */
export const rootCategory = (channelId: number, name: string): NewCategory => ({
  channel_id: channelId,
  parent_id: null,
  name,
  label_name: CategoryTree.labelNames[0]!,
  depth: 0,
  position: 1,
  pin_color: "green",
  pin_appearance: defaultAppearance,
})

/** A category with the ids of its children, by position. */
export interface CategoryWithChildren {
  readonly category: CategoryRow
  readonly childIds: ReadonlyArray<number>
}

/**
 * The categories service.
 *
 * @example
 * ```ts
 * const categories = yield* Categories
 * const { category } = yield* categories.create(actor, channelId, { name: "Potholes" })
 * ```
 */
export class Categories extends Context.Service<
  Categories,
  {
    /** The channel's whole tree, each category with its children. */
    readonly list: (
      actor: Actor,
      channelId: number,
    ) => Effect.Effect<ReadonlyArray<CategoryWithChildren>, NotFound | Forbidden>
    readonly get: (
      actor: Actor,
      channelId: number,
      id: number,
    ) => Effect.Effect<CategoryWithChildren, NotFound | Forbidden>
    readonly create: (
      actor: Actor,
      channelId: number,
      input: CategoryCreate,
    ) => Effect.Effect<CategoryWithChildren, NotFound | Forbidden | InvalidInput>
    readonly update: (
      actor: Actor,
      channelId: number,
      id: number,
      changes: CategoryUpdate,
    ) => Effect.Effect<CategoryWithChildren, NotFound | Forbidden | InvalidInput>
    readonly remove: (
      actor: Actor,
      channelId: number,
      id: number,
    ) => Effect.Effect<void, NotFound | Forbidden | Conflict>
  }
>()("api/services/Categories") {
  static readonly layer = Layer.effect(
    Categories,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const categories = yield* CategoryStore

      const inChannel = traced("Categories.inChannel")(function* (channelId: number, id: number) {
        const category = yield* categories.find(id)
        if (category === undefined || category.channel_id !== channelId) {
          return yield* new NotFound({ resource: "category" })
        }
        return category
      })

      const parentIn = (channelId: number, parentId: number) =>
        inChannel(channelId, parentId).pipe(
          Effect.catchTag("NotFound", () =>
            Effect.fail(InvalidInput.at("category.parent_id", "is not a category of this channel")),
          ),
        )

      const withChildren = (category: CategoryRow) =>
        Effect.map(categories.childIds(category.channel_id, category.id), (childIds) => ({
          category,
          childIds,
        }))

      const list = traced("Categories.list")(function* (actor: Actor, channelId: number) {
        yield* access.channelFor(actor, channelId, "read")
        const tree = yield* categories.listOfChannel(channelId)
        return tree.map((category) => ({
          category,
          childIds: CategoryTree.children(tree, category.id).map((child) => child.id),
        }))
      })

      const get = traced("Categories.get")(function* (actor: Actor, channelId: number, id: number) {
        yield* access.channelFor(actor, channelId, "read")
        return yield* withChildren(yield* inChannel(channelId, id))
      })

      const create = traced("Categories.create")(function* (
        actor: Actor,
        channelId: number,
        input: CategoryCreate,
      ) {
        const { channel } = yield* access.channelFor(actor, channelId, "administer")
        const parentId = input.parent_id ?? channel.category_id
        const parent = yield* parentIn(channelId, parentId)
        const depth = parent.depth + 1
        if (!CategoryTree.canHoldChildren(parent)) {
          return yield* InvalidInput.at(
            "category.parent_id",
            `is at the deepest level; categories nest at most ${CategoryTree.maxDepth} levels below the root`,
          )
        }
        const category = yield* inTransaction(
          Effect.gen(function* () {
            return yield* categories.insert({
              channel_id: channelId,
              parent_id: parent.id,
              name: input.name,
              label_name: CategoryTree.labelNames[depth]!,
              depth,
              position: yield* categories.nextPosition(channelId, parent.id),
              pin_color: input.pin_color ?? parent.pin_color,
              pin_appearance: input.pin_appearance ?? defaultAppearance,
            })
          }),
        )
        return { category, childIds: [] }
      })

      /** Moves a category with its subtree under another parent, last among its children. */
      const move = traced("Categories.move")(function* (category: CategoryRow, parentId: number) {
        if (category.parent_id === null) {
          return yield* InvalidInput.at("category.parent_id", "the root category cannot be moved")
        }
        const parent = yield* parentIn(category.channel_id, parentId)
        const tree = yield* categories.listOfChannel(category.channel_id)
        const problem = CategoryTree.moveProblem(tree, category.id, parent.id)
        if (problem !== undefined) return yield* InvalidInput.at("category.parent_id", problem)
        const shift = parent.depth + 1 - category.depth
        for (const member of CategoryTree.subtree(tree, category.id)) {
          const depth = member.depth + shift
          yield* categories.update(member.id, { depth, label_name: CategoryTree.labelNames[depth]! })
        }
        yield* categories.update(category.id, {
          parent_id: parent.id,
          position: yield* categories.nextPosition(category.channel_id, parent.id),
        })
      })

      const update = traced("Categories.update")(function* (
        actor: Actor,
        channelId: number,
        id: number,
        changes: CategoryUpdate,
      ) {
        yield* access.channelFor(actor, channelId, "administer")
        return yield* inTransaction(
          Effect.gen(function* () {
            const category = yield* inChannel(channelId, id)
            if (changes.parent_id !== undefined && changes.parent_id !== category.parent_id) {
              yield* move(category, changes.parent_id)
            }
            yield* categories.update(id, {
              ...(changes.name === undefined ? {} : { name: changes.name }),
              ...(changes.pin_color === undefined ? {} : { pin_color: changes.pin_color }),
              ...(changes.pin_appearance === undefined ? {} : { pin_appearance: changes.pin_appearance }),
            })
            return yield* withChildren(yield* inChannel(channelId, id))
          }),
        )
      })

      const remove = traced("Categories.remove")(function* (actor: Actor, channelId: number, id: number) {
        yield* access.channelFor(actor, channelId, "administer")
        yield* inTransaction(
          Effect.gen(function* () {
            const category = yield* inChannel(channelId, id)
            if (category.parent_id === null) {
              return yield* new Conflict({ message: "the root category of a channel cannot be deleted" })
            }
            if ((yield* categories.childIds(channelId, id)).length > 0) {
              return yield* new Conflict({
                message: "the category has subcategories; delete or move them first",
              })
            }
            if (yield* categories.hasReports(id)) {
              return yield* new Conflict({ message: "reports are filed under the category" })
            }
            yield* categories.delete(id)
          }),
        )
      })

      return Categories.of({ list, get, create, update, remove })
    }),
  )
}
