/**
 * Branded apps, keyed by their bundle id, and their administrators (docs/api.md, Tenancy and
 * roles): users a platform administrator made administrators of one app.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"
import { changedColumns } from "./sql/Columns.ts"

export interface BrandedAppRow {
  readonly id: number
  readonly bundle_id: string
  readonly name: string
  /** 1 when people may make their own account in the app. */
  readonly self_sign_up: number
}

/** An administrator of an app, with the names lists show. */
export interface AppAdministratorRow {
  readonly branded_app_id: number
  readonly user_id: number
  readonly email: string
  readonly first_name: string
  readonly last_name: string
}

/**
 * The branded app store.
 *
 * @example
 * ```ts
 * const apps = yield* BrandedAppStore
 * const added = yield* apps.addAdministrator(app.id, user.id) // false when they were one already
 * ```
 */
export class BrandedAppStore extends Context.Service<
  BrandedAppStore,
  {
    readonly findByBundleId: (bundleId: string) => Effect.Effect<BrandedAppRow | undefined>
    readonly findById: (id: number) => Effect.Effect<BrandedAppRow | undefined>
    readonly insert: (app: {
      readonly bundle_id: string
      readonly name: string
      readonly self_sign_up?: boolean
    }) => Effect.Effect<BrandedAppRow>
    /** Changes the app's name or sign-up; answers it, or `undefined` when there is no such app. */
    readonly update: (
      id: number,
      changes: { readonly name?: string; readonly self_sign_up?: boolean },
    ) => Effect.Effect<BrandedAppRow | undefined>
    readonly list: Effect.Effect<ReadonlyArray<BrandedAppRow>>
    /** Makes the user an administrator of the app; `false` when they were one already. */
    readonly addAdministrator: (appId: number, userId: number) => Effect.Effect<boolean>
    /** Ends the user's administration of the app; `false` when they were not one. */
    readonly removeAdministrator: (appId: number, userId: number) => Effect.Effect<boolean>
    readonly isAdministrator: (appId: number, userId: number) => Effect.Effect<boolean>
    /** The administrators of the apps of `appIds`, by app, then last and first name, then id. */
    readonly administrators: (
      appIds: ReadonlyArray<number>,
    ) => Effect.Effect<ReadonlyArray<AppAdministratorRow>>
  }
>()("api/store/BrandedAppStore") {
  static readonly layer = Layer.effect(
    BrandedAppStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const columns = sql`id, bundle_id, name, self_sign_up`
      return BrandedAppStore.of({
        findByBundleId: (bundleId) =>
          sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps WHERE bundle_id = ${bundleId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        findById: (id) =>
          sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps WHERE id = ${id}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        insert: (app) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            const rows = yield* sql<BrandedAppRow>`INSERT INTO branded_apps ${sql.insert({
              bundle_id: app.bundle_id,
              name: app.name,
              self_sign_up: app.self_sign_up === true ? 1 : 0,
              created_at,
            })} RETURNING ${columns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        update: (id, changes) => {
          const values = changedColumns(changes)
          return (
            Object.keys(values).length === 0
              ? sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps WHERE id = ${id}`
              : sql<BrandedAppRow>`UPDATE branded_apps SET ${sql.update(values)} WHERE id = ${id} RETURNING ${columns}`
          ).pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          )
        },
        list: sql<BrandedAppRow>`SELECT ${columns} FROM branded_apps ORDER BY id`.pipe(Effect.orDie),
        addAdministrator: (appId, userId) =>
          Effect.gen(function* () {
            const created_at = yield* nowIso
            // Two requests at once for one pair both succeed: the second finds the first's row.
            const rows = yield* sql<{ readonly user_id: number }>`INSERT INTO app_administrators
              ${sql.insert({ branded_app_id: appId, user_id: userId, created_at })}
              ON CONFLICT (branded_app_id, user_id) DO NOTHING RETURNING user_id`
            return rows.length > 0
          }).pipe(Effect.orDie),
        removeAdministrator: (appId, userId) =>
          sql<{ readonly user_id: number }>`DELETE FROM app_administrators
            WHERE branded_app_id = ${appId} AND user_id = ${userId} RETURNING user_id`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        isAdministrator: (appId, userId) =>
          sql<{ readonly user_id: number }>`SELECT user_id FROM app_administrators
            WHERE branded_app_id = ${appId} AND user_id = ${userId}`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        administrators: (appIds) =>
          appIds.length === 0
            ? Effect.succeed([])
            : sql<AppAdministratorRow>`SELECT a.branded_app_id, a.user_id, u.email, u.first_name, u.last_name
                FROM app_administrators a JOIN users u ON u.id = a.user_id
                WHERE a.branded_app_id IN ${sql.in(appIds)}
                ORDER BY a.branded_app_id, lower(u.last_name), lower(u.first_name), u.id`.pipe(Effect.orDie),
      })
    }),
  )
}
