/**
 * Every service of the API, wired once: stores on the migrated database, services on the stores.
 */
import { Layer } from "effect"
import { AppConfig } from "./Config.ts"
import { JobRunner } from "./jobs/JobRunner.ts"
import { loggingLayer } from "./Logging.ts"
import { Access } from "./services/Access.ts"
import { Administration } from "./services/Administration.ts"
import { Attachments } from "./services/Attachments.ts"
import { Authentication } from "./services/Authentication.ts"
import { Bootstrap } from "./services/Bootstrap.ts"
import { Categories } from "./services/Categories.ts"
import { Channels } from "./services/Channels.ts"
import { Forms } from "./services/Forms.ts"
import { ReportStates } from "./services/ReportStates.ts"
import { Teams } from "./services/Teams.ts"
import { Users } from "./services/Users.ts"
import { AttachmentStore } from "./store/AttachmentStore.ts"
import { BrandedAppStore } from "./store/BrandedAppStore.ts"
import { CategoryStore } from "./store/CategoryStore.ts"
import { ChannelStore } from "./store/ChannelStore.ts"
import * as Database from "./store/Database.ts"
import { FormStore } from "./store/FormStore.ts"
import { JobStore } from "./store/JobStore.ts"
import { MembershipStore } from "./store/MembershipStore.ts"
import { ReportStateStore } from "./store/ReportStateStore.ts"
import { SessionStore } from "./store/SessionStore.ts"
import { TeamStore } from "./store/TeamStore.ts"
import { UserStore } from "./store/UserStore.ts"

const stores = Layer.mergeAll(
  UserStore.layer,
  SessionStore.layer,
  BrandedAppStore.layer,
  MembershipStore.layer,
  TeamStore.layer,
  ChannelStore.layer,
  CategoryStore.layer,
  FormStore.layer,
  ReportStateStore.layer,
  JobStore.layer,
  AttachmentStore.layer,
)

const services = Layer.mergeAll(
  Authentication.layer,
  Bootstrap.layer,
  Teams.layer,
  Channels.layer,
  Forms.layer,
  Categories.layer,
  ReportStates.layer,
  Attachments.layer,
  Administration.layer,
  Users.layer,
)

/** The API's services, given its configuration. */
export const appLayer = services.pipe(
  Layer.provideMerge(Access.layer),
  Layer.provideMerge(JobRunner.layer),
  Layer.provideMerge(stores),
  Layer.provideMerge(Database.layer),
  Layer.provideMerge(loggingLayer),
  Layer.provideMerge(AppConfig.layer),
)

/** What route handlers may ask for. */
export type AppServices = Layer.Success<typeof appLayer>
