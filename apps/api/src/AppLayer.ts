/**
 * Every service of the API, wired once: stores on the migrated database, services on the stores.
 */
import { Layer } from "effect"
import { FileStore } from "./attachments/FileStore.ts"
import { MailThrottle } from "./auth/MailThrottle.ts"
import { AppConfig } from "./Config.ts"
import { JobRunner } from "./jobs/JobRunner.ts"
import * as NotificationFanOut from "./jobs/NotificationFanOut.ts"
import { loggingLayer } from "./Logging.ts"
import { Access } from "./services/Access.ts"
import { Administration } from "./services/Administration.ts"
import { AlertAreas } from "./services/AlertAreas.ts"
import { Analytics } from "./services/Analytics.ts"
import { AppAdministrators } from "./services/AppAdministrators.ts"
import { Attachments } from "./services/Attachments.ts"
import { AuditEvents } from "./services/AuditEvents.ts"
import { AuditLog } from "./services/AuditLog.ts"
import { Authentication } from "./services/Authentication.ts"
import { Bootstrap } from "./services/Bootstrap.ts"
import { Categories } from "./services/Categories.ts"
import { ChannelSelections } from "./services/ChannelSelections.ts"
import { Channels } from "./services/Channels.ts"
import { Comments } from "./services/Comments.ts"
import { DeletedResources } from "./services/DeletedResources.ts"
import { Demo } from "./services/Demo.ts"
import { Forms } from "./services/Forms.ts"
import { Invitations } from "./services/Invitations.ts"
import { Mailer } from "./services/Mailer.ts"
import { Notifications } from "./services/Notifications.ts"
import { OgcFeatures } from "./services/OgcFeatures.ts"
import { PasswordResets } from "./services/PasswordResets.ts"
import { ReportChanges } from "./services/ReportChanges.ts"
import { ReportExports } from "./services/ReportExports.ts"
import { ReportSearches } from "./services/ReportSearches.ts"
import { ReportStates } from "./services/ReportStates.ts"
import { Reports } from "./services/Reports.ts"
import { ReportView } from "./services/ReportView.ts"
import { Shapes } from "./services/Shapes.ts"
import { SignUps } from "./services/SignUps.ts"
import { Tasks } from "./services/Tasks.ts"
import { TeamInvitations } from "./services/TeamInvitations.ts"
import { Teams } from "./services/Teams.ts"
import { TeamUsers } from "./services/TeamUsers.ts"
import { Tiles } from "./services/Tiles.ts"
import { Users } from "./services/Users.ts"
import { AlertAreaIndex } from "./store/AlertAreaIndex.ts"
import { AlertAreaStore } from "./store/AlertAreaStore.ts"
import { AnalyticsStore } from "./store/AnalyticsStore.ts"
import { AttachmentStore } from "./store/AttachmentStore.ts"
import { AuditStore } from "./store/AuditStore.ts"
import { BrandedAppStore } from "./store/BrandedAppStore.ts"
import { CategoryStore } from "./store/CategoryStore.ts"
import { ChannelSelectionStore } from "./store/ChannelSelectionStore.ts"
import { ChannelStore } from "./store/ChannelStore.ts"
import { CommentStore } from "./store/CommentStore.ts"
import { DeletedResourceStore } from "./store/DeletedResourceStore.ts"
import { EmailedTokenStore } from "./store/EmailedTokenStore.ts"
import { FormStore } from "./store/FormStore.ts"
import { JobStore } from "./store/JobStore.ts"
import { MailRequestStore } from "./store/MailRequestStore.ts"
import { MembershipStore } from "./store/MembershipStore.ts"
import { NotificationStore } from "./store/NotificationStore.ts"
import { OgcFeatureStore } from "./store/OgcFeatureStore.ts"
import { ReportChangeStore } from "./store/ReportChangeStore.ts"
import { ReportExportStore } from "./store/ReportExportStore.ts"
import { ReportSearchStore } from "./store/ReportSearchStore.ts"
import { ReportStateStore } from "./store/ReportStateStore.ts"
import { ReportStore } from "./store/ReportStore.ts"
import { SessionStore } from "./store/SessionStore.ts"
import { ShapeStore } from "./store/ShapeStore.ts"
import * as Database from "./store/sql/Database.ts"
import { TaskStore } from "./store/TaskStore.ts"
import { TeamInvitationStore } from "./store/TeamInvitationStore.ts"
import { TeamStore } from "./store/TeamStore.ts"
import { TeamUserStore } from "./store/TeamUserStore.ts"
import { UploadAuthorizationStore } from "./store/UploadAuthorizationStore.ts"
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
  UploadAuthorizationStore.layer,
  AlertAreaStore.layer,
  AlertAreaIndex.layer,
  NotificationStore.layer,
  ReportSearchStore.layer,
  ReportExportStore.layer,
  ReportStore.layer,
  ReportChangeStore.layer,
  CommentStore.layer,
  TaskStore.layer,
  DeletedResourceStore.layer,
  AnalyticsStore.layer,
  TeamUserStore.layer,
  ChannelSelectionStore.layer,
  ShapeStore.layer,
  OgcFeatureStore.layer,
  AuditStore.layer,
  EmailedTokenStore.layer,
  MailRequestStore.layer,
  TeamInvitationStore.layer,
  FileStore.layer,
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
  AppAdministrators.layer,
  AuditEvents.layer,
  DeletedResources.layer,
  Users.layer,
  AlertAreas.layer,
  Notifications.layer,
  NotificationFanOut.layer,
  Tasks.layer,
  TeamUsers.layer.pipe(Layer.provideMerge(Invitations.layer)),
  ChannelSelections.layer,
  Shapes.layer,
  PasswordResets.layer,
  SignUps.layer,
)

/**
 * Reports, their comments and the OGC features, on the services above (attachments, shapes, jobs,
 * access).
 */
const reportServices = Layer.mergeAll(
  Reports.layer,
  ReportChanges.layer,
  ReportView.layer,
  Comments.layer,
  Analytics.layer,
  OgcFeatures.layer,
)

/**
 * Report searches, the tiles search and exports of searches, on the report services (results
 * render as reports).
 */
const searchServices = Layer.mergeAll(Tiles.layer, Demo.layer, ReportExports.layer).pipe(
  Layer.provideMerge(ReportSearches.layer),
)

/** The API's services, given its configuration. */
export const appLayer = searchServices.pipe(
  Layer.provideMerge(reportServices),
  Layer.provideMerge(TeamInvitations.layer),
  Layer.provideMerge(services),
  Layer.provideMerge(Access.layer),
  Layer.provideMerge(AuditLog.layer),
  Layer.provideMerge(Mailer.layer),
  Layer.provideMerge(MailThrottle.layer),
  Layer.provideMerge(JobRunner.layer),
  Layer.provideMerge(stores),
  Layer.provideMerge(Database.layer),
  Layer.provideMerge(loggingLayer),
  Layer.provideMerge(AppConfig.layer),
)

/** What route handlers may ask for. */
export type AppServices = Layer.Success<typeof appLayer>
