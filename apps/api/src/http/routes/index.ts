/**
 * Every router of the server: the API's endpoints, each with its handler, then the reference page
 * and the admin UI.
 */
import type { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { endpointRouter } from "../EndpointRouter.ts"
import type { Route } from "../Route.ts"
import { administrationRoutes } from "./AdministrationRoutes.ts"
import { type AdminUiOptions, adminUiRoutes } from "./AdminUiRoutes.ts"
import { alertAreaRoutes } from "./AlertAreaRoutes.ts"
import { analyticsRoutes } from "./AnalyticsRoutes.ts"
import { appAdministratorRoutes } from "./AppAdministratorRoutes.ts"
import { attachmentRoutes } from "./AttachmentRoutes.ts"
import { auditEventRoutes } from "./AuditEventRoutes.ts"
import { brandedAppRoutes } from "./BrandedAppRoutes.ts"
import { categoryRoutes } from "./CategoryRoutes.ts"
import { channelRoutes } from "./ChannelRoutes.ts"
import { channelSelectionRoutes } from "./ChannelSelectionRoutes.ts"
import { commentRoutes } from "./CommentRoutes.ts"
import { deletedResourceRoutes } from "./DeletedResourceRoutes.ts"
import { docsRoutes } from "./DocsRoutes.ts"
import { fileRoutes } from "./FileRoutes.ts"
import { formRoutes } from "./FormRoutes.ts"
import { notificationRoutes } from "./NotificationRoutes.ts"
import { ogcRoutes } from "./OgcRoutes.ts"
import { passwordResetRoutes } from "./PasswordResetRoutes.ts"
import { pinRoutes } from "./PinRoutes.ts"
import { referenceRoutes } from "./ReferenceRoutes.ts"
import { reportExportRoutes } from "./ReportExportRoutes.ts"
import { reportRoutes } from "./ReportRoutes.ts"
import { reportSearchRoutes } from "./ReportSearchRoutes.ts"
import { reportStateRoutes } from "./ReportStateRoutes.ts"
import { sessionRoutes } from "./SessionRoutes.ts"
import { shapeRoutes } from "./ShapeRoutes.ts"
import { signUpRoutes } from "./SignUpRoutes.ts"
import { taskRoutes } from "./TaskRoutes.ts"
import { teamInvitationRoutes } from "./TeamInvitationRoutes.ts"
import { teamRoutes } from "./TeamRoutes.ts"
import { teamUserRoutes } from "./TeamUserRoutes.ts"
import { userRoutes } from "./UserRoutes.ts"

/** The server's routers on a route adapter (and how the admin UI is served). */
export const routers = (route: Route<AppServices>, adminUi?: AdminUiOptions): ReadonlyArray<Router> => [
  endpointRouter({
    ...sessionRoutes(route),
    ...reportSearchRoutes(route),
    ...teamRoutes(route),
    ...teamUserRoutes(route),
    ...teamInvitationRoutes(route),
    ...channelSelectionRoutes(route),
    ...taskRoutes(route),
    ...channelRoutes(route),
    ...formRoutes(route),
    ...categoryRoutes(route),
    ...reportStateRoutes(route),
    ...reportRoutes(route),
    ...reportExportRoutes(route),
    ...commentRoutes(route),
    ...alertAreaRoutes(route),
    ...notificationRoutes(route),
    ...deletedResourceRoutes(route),
    ...analyticsRoutes(route),
    ...attachmentRoutes(route),
    ...fileRoutes(route),
    ...administrationRoutes(route),
    ...appAdministratorRoutes(route),
    ...auditEventRoutes(route),
    ...brandedAppRoutes(route),
    ...userRoutes(route),
    ...passwordResetRoutes(route),
    ...signUpRoutes(route),
    ...shapeRoutes(route),
    ...pinRoutes(),
    ...referenceRoutes(),
  }),
  docsRoutes(),
  ogcRoutes(route),
  adminUiRoutes(adminUi),
]
