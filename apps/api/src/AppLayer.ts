/**
 * Every service of the API, wired once: stores on the migrated database, services on the stores.
 */
import { Layer } from "effect"
import { AppConfig } from "./Config.ts"
import { loggingLayer } from "./Logging.ts"
import { Authentication } from "./services/Authentication.ts"
import { Bootstrap } from "./services/Bootstrap.ts"
import { BrandedAppStore } from "./store/BrandedAppStore.ts"
import * as Database from "./store/Database.ts"
import { MembershipStore } from "./store/MembershipStore.ts"
import { SessionStore } from "./store/SessionStore.ts"
import { UserStore } from "./store/UserStore.ts"

const stores = Layer.mergeAll(UserStore.layer, SessionStore.layer, BrandedAppStore.layer, MembershipStore.layer)

const services = Layer.mergeAll(Authentication.layer, Bootstrap.layer)

/** The API's services, given its configuration. */
export const appLayer = services.pipe(
  Layer.provideMerge(stores),
  Layer.provideMerge(Database.layer),
  Layer.provideMerge(loggingLayer),
  Layer.provideMerge(AppConfig.layer),
)

/** What route handlers may ask for. */
export type AppServices = Layer.Success<typeof appLayer>
