/**
 * First start on an empty database: the default branded app and, when configured, the platform
 * administrator. Runs at every start and only fills what is missing.
 */
import { Context, Effect, Layer, Option } from "effect"
import { hashPassword } from "../auth/Password.ts"
import { AppConfig } from "../Config.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { UserStore } from "../store/UserStore.ts"

export class Bootstrap extends Context.Service<Bootstrap, { readonly run: Effect.Effect<void> }>()(
  "api/services/Bootstrap",
) {
  static readonly layer = Layer.effect(
    Bootstrap,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const apps = yield* BrandedAppStore
      const users = yield* UserStore
      const run = Effect.gen(function* () {
        if ((yield* apps.findByBundleId(config.bootstrapApp)) === undefined) {
          yield* apps.insert({ bundle_id: config.bootstrapApp, name: "Fieldreport" })
          yield* Effect.logInfo(`created the branded app ${config.bootstrapApp}`)
        }
        if (Option.isSome(config.bootstrapAdminEmail) && Option.isSome(config.bootstrapAdminPassword)) {
          const email = config.bootstrapAdminEmail.value
          if ((yield* users.findByEmail(email)) === undefined) {
            yield* users.insert({
              email,
              first_name: "Platform",
              last_name: "Administrator",
              password_hash: yield* hashPassword(config.bootstrapAdminPassword.value),
              admin: true,
            })
            yield* Effect.logInfo(`created the platform administrator ${email}`)
          }
        }
      }).pipe(Effect.withSpan("Bootstrap.run"))
      return Bootstrap.of({ run })
    }),
  )
}
