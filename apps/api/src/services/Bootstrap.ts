/**
 * First start on an empty database: the default branded app and, when configured, the platform
 * administrator. Runs at every start and only fills what is missing.
 *
 * The administrator's password must pass the same strength rule as every other
 * (`auth/PasswordStrength.ts`): a weak one stops the start with a message that says why, rather
 * than leave the most powerful account on the platform guessable.
 */
import { Context, Effect, Layer, Option, Schema } from "effect"
import { hashPassword } from "../auth/Password.ts"
import { userInputsOf, weakness } from "../auth/PasswordStrength.ts"
import { AppConfig } from "../Config.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { UserStore } from "../store/UserStore.ts"

/**
 * The configured bootstrap administrator's password is too weak to create them with.
 *
 * @example
 * ```ts
 * new WeakBootstrapPassword({ message: "FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD must be at least 10 characters" })
 * ```
 */
export class WeakBootstrapPassword extends Schema.TaggedError<WeakBootstrapPassword>()(
  "WeakBootstrapPassword",
  { message: Schema.String },
) {}

export class Bootstrap extends Context.Service<
  Bootstrap,
  { readonly run: Effect.Effect<void, WeakBootstrapPassword> }
>()("api/services/Bootstrap") {
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
            const administrator = { email, first_name: "Platform", last_name: "Administrator" }
            const password = config.bootstrapAdminPassword.value
            const reason = weakness(password, userInputsOf(administrator))
            if (reason !== undefined) {
              return yield* new WeakBootstrapPassword({
                message: `FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD ${reason}; the platform administrator ${email} was not created. Choose a passphrase of several uncommon words, at least 10 characters.`,
              })
            }
            yield* users.insert({
              ...administrator,
              password_hash: yield* hashPassword(password),
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
