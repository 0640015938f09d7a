/**
 * Every router of the API, in the order they are mounted.
 */
import type { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import type { Route } from "../Route.ts"
import { adminRoutes } from "./AdminRoutes.ts"
import { attachmentRoutes } from "./AttachmentRoutes.ts"
import { brandedAppRoutes } from "./BrandedAppRoutes.ts"
import { categoryRoutes } from "./CategoryRoutes.ts"
import { channelRoutes } from "./ChannelRoutes.ts"
import { docsRoutes } from "./DocsRoutes.ts"
import { fileRoutes } from "./FileRoutes.ts"
import { formRoutes } from "./FormRoutes.ts"
import { pinRoutes } from "./PinRoutes.ts"
import { reportStateRoutes } from "./ReportStateRoutes.ts"
import { sessionRoutes } from "./SessionRoutes.ts"
import { teamRoutes } from "./TeamRoutes.ts"
import { userRoutes } from "./UserRoutes.ts"

/** The API's routers on a route adapter. */
export const routers = (route: Route<AppServices>): ReadonlyArray<Router> => [
  sessionRoutes(route),
  teamRoutes(route),
  channelRoutes(route),
  formRoutes(route),
  categoryRoutes(route),
  reportStateRoutes(route),
  attachmentRoutes(route),
  fileRoutes(route),
  adminRoutes(route),
  brandedAppRoutes(route),
  userRoutes(route),
  pinRoutes(),
  docsRoutes(),
]
