/**
 * The category tree of a channel: one root at depth 0 (named after the channel) and categories
 * nested below it.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { changedColumns } from "./sql/Columns.ts"

/** A category; `parent_id` is null for the root. */
export interface CategoryRow {
  readonly id: number
  readonly channel_id: number
  readonly parent_id: number | null
  readonly name: string
  readonly label_name: string
  readonly depth: number
  readonly position: number
  readonly pin_color: string
  readonly pin_appearance: string
}

/** A category as it is inserted. */
export type NewCategory = Omit<CategoryRow, "id">

/** The columns a category update may change; a move changes parent, depth, label and position together. */
export interface CategoryChanges {
  readonly name?: string
  readonly parent_id?: number
  readonly label_name?: string
  readonly depth?: number
  readonly position?: number
  readonly pin_color?: string
  readonly pin_appearance?: string
}

/**
 * The category store.
 *
 * @example
 * ```ts
 * const categories = yield* CategoryStore
 * const tree = yield* categories.listOfChannel(channelId)
 * ```
 */
export class CategoryStore extends Context.Service<
  CategoryStore,
  {
    /** Every category of the channel, root first, then by depth and position. */
    readonly listOfChannel: (channelId: number) => Effect.Effect<ReadonlyArray<CategoryRow>>
    readonly find: (id: number) => Effect.Effect<CategoryRow | undefined>
    /** The ids of a category's children, by position. */
    readonly childIds: (channelId: number, id: number) => Effect.Effect<ReadonlyArray<number>>
    /** The position after the last child of the parent. */
    readonly nextPosition: (channelId: number, parentId: number | null) => Effect.Effect<number>
    readonly insert: (category: NewCategory) => Effect.Effect<CategoryRow>
    readonly update: (id: number, changes: CategoryChanges) => Effect.Effect<void>
    /** Whether reports are filed under the category. */
    readonly hasReports: (id: number) => Effect.Effect<boolean>
    readonly delete: (id: number) => Effect.Effect<void>
  }
>()("api/store/CategoryStore") {
  static readonly layer = Layer.effect(
    CategoryStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql.literal(
        "id, channel_id, parent_id, name, label_name, depth, position, pin_color, pin_appearance",
      )
      const childIds = (channelId: number, id: number) =>
        sql<{ id: number }>`SELECT id FROM categories WHERE channel_id = ${channelId} AND parent_id = ${id}
          ORDER BY position, id`.pipe(
          Effect.map((rows) => rows.map((row) => row.id)),
          Effect.orDie,
        )
      return CategoryStore.of({
        listOfChannel: (channelId) =>
          sql<CategoryRow>`SELECT ${columns} FROM categories WHERE channel_id = ${channelId}
            ORDER BY depth, position, id`.pipe(Effect.orDie),
        find: (id) =>
          sql<CategoryRow>`SELECT ${columns} FROM categories WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        childIds,
        nextPosition: (channelId, parentId) =>
          sql<{ next: number }>`SELECT COALESCE(MAX(position), 0) + 1 AS next FROM categories
            WHERE channel_id = ${channelId}
              AND ${parentId === null ? sql.literal("parent_id IS NULL") : sql`parent_id = ${parentId}`}`.pipe(
            Effect.map((rows) => rows[0]?.next ?? 1),
            Effect.orDie,
          ),
        insert: (category) =>
          sql<CategoryRow>`INSERT INTO categories ${sql.insert({ ...category })} RETURNING ${columns}`.pipe(
            Effect.map((rows) => rows[0]!),
            Effect.orDie,
          ),
        update: (id, changes) => {
          const columns = changedColumns(changes)
          if (Object.keys(columns).length === 0) return Effect.void
          return sql`UPDATE categories SET ${sql.update(columns)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        hasReports: (id) =>
          sql<{ id: number }>`SELECT id FROM reports WHERE category_id = ${id} LIMIT 1`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        delete: (id) => sql`DELETE FROM categories WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
      })
    }),
  )
}
