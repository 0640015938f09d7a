/**
 * Administrators of a branded app (docs/api.md, Tenancy and roles): platform administrators name
 * them, one app at a time, and see them listed on the app.
 *
 * Only a platform administrator signed in as a person (a session, not an API token) may add or
 * remove an app's administrators or read an app with them: an integration's token acts for a
 * program, and handing out administration is a person's decision. Adding someone who is one
 * already changes nothing and says so (`created: false`), so a retried request is harmless; a
 * deactivated user is refused (`422`), since they could not use it. Each change is an audit event
 * (`app_administrator.added`, `app_administrator.removed`, the user as its target).
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer } from "effect"
import { Forbidden, NotFound } from "../Errors.ts"
import { type AppAdministratorRow, type BrandedAppRow, BrandedAppStore } from "../store/BrandedAppStore.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"

/** A branded app with its administrators. */
export interface AdministeredApp {
  readonly app: BrandedAppRow
  readonly administrators: ReadonlyArray<AppAdministratorRow>
}

/**
 * Whether the actor may set and read apps' administrators: `Forbidden` for anyone but a platform
 * administrator signed in with a session.
 *
 * @example
 * ```ts
 * yield* mayAdministerApps(actor) // fails for an API token, even a platform administrator's
 * ```
 */
export const mayAdministerApps = (actor: Actor): Effect.Effect<void, Forbidden> => {
  if (actor.user.admin !== 1)
    return Effect.fail(new Forbidden({ message: "only platform administrators may do this" }))
  if (actor.session === undefined)
    return Effect.fail(
      new Forbidden({
        message: "an app's administrators are set by a person signed in, not with an API token",
      }),
    )
  return Effect.void
}

/**
 * The app administrators service.
 *
 * @example
 * ```ts
 * const administrators = yield* AppAdministrators
 * const { created } = yield* administrators.add(actor, appId, userId)
 * ```
 */
export class AppAdministrators extends Context.Service<
  AppAdministrators,
  {
    /** The app with its administrators. */
    readonly get: (actor: Actor, appId: number) => Effect.Effect<AdministeredApp, Forbidden | NotFound>
    /** Every app with its administrators, by id. */
    readonly list: (actor: Actor) => Effect.Effect<ReadonlyArray<AdministeredApp>, Forbidden>
    /**
     * Makes the user an administrator of the app; `created` is false when they were one already.
     */
    readonly add: (
      actor: Actor,
      appId: number,
      userId: number,
    ) => Effect.Effect<
      { readonly administrator: AppAdministratorRow; readonly created: boolean },
      Forbidden | NotFound | InvalidInput
    >
    /** Ends the user's administration of the app; `NotFound` when they are not one. */
    readonly remove: (
      actor: Actor,
      appId: number,
      userId: number,
    ) => Effect.Effect<void, Forbidden | NotFound>
  }
>()("api/services/AppAdministrators") {
  static readonly layer = Layer.effect(
    AppAdministrators,
    Effect.gen(function* () {
      const apps = yield* BrandedAppStore
      const users = yield* UserStore
      const audit = yield* AuditLog

      const recorded = (
        kind: "app_administrator.added" | "app_administrator.removed",
        actor: Actor,
        appId: number,
        userId: number,
      ) =>
        audit.record({
          kind,
          actorUserId: actor.user.id,
          appId,
          teamId: null,
          targetType: "user",
          targetId: String(userId),
          outcome: "success",
        })

      const appOf = traced("AppAdministrators.appOf")(function* (appId: number) {
        return (yield* apps.findById(appId)) ?? (yield* new NotFound({ resource: "branded app" }))
      })

      const get = traced("AppAdministrators.get")(function* (actor: Actor, appId: number) {
        yield* mayAdministerApps(actor)
        const app = yield* appOf(appId)
        return { app, administrators: yield* apps.administrators([app.id]) }
      })

      const list = traced("AppAdministrators.list")(function* (actor: Actor) {
        yield* mayAdministerApps(actor)
        const all = yield* apps.list
        const administrators = yield* apps.administrators(all.map((app) => app.id))
        return all.map((app) => ({
          app,
          administrators: administrators.filter((row) => row.branded_app_id === app.id),
        }))
      })

      const add = traced("AppAdministrators.add")(function* (actor: Actor, appId: number, userId: number) {
        yield* mayAdministerApps(actor)
        const app = yield* appOf(appId)
        const user = (yield* users.findById(userId)) ?? (yield* new NotFound({ resource: "user" }))
        if (user.deactivated === 1) return yield* InvalidInput.at("user_id", "is deactivated")
        const created = yield* apps.addAdministrator(app.id, user.id)
        if (created) yield* recorded("app_administrator.added", actor, app.id, user.id)
        const administrator: AppAdministratorRow = {
          branded_app_id: app.id,
          user_id: user.id,
          email: user.email,
          first_name: user.first_name,
          last_name: user.last_name,
        }
        return { administrator, created }
      })

      const remove = traced("AppAdministrators.remove")(function* (
        actor: Actor,
        appId: number,
        userId: number,
      ) {
        yield* mayAdministerApps(actor)
        const app = yield* appOf(appId)
        if (!(yield* apps.removeAdministrator(app.id, userId))) {
          return yield* new NotFound({ resource: "app administrator" })
        }
        yield* recorded("app_administrator.removed", actor, app.id, userId)
      })

      return AppAdministrators.of({ get, list, add, remove })
    }),
  )
}
