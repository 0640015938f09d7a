/**
 * `/api/v4/branded_app`: the current branded app (docs/api.md, The current user and app).
 */
import { CurrentBrandedApp } from "@fieldreport/domain/BrandedApp"
import { group, one } from "../Endpoint.ts"

/** The endpoints of the current branded app. */
export const brandedApps = group({
  name: "Current branded app",
  noun: "branded app",
  description: "The branded app named by `X-AppId`, or the session's.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/branded_app",
      operationId: "getCurrentBrandedApp",
      summary: "Read the current branded app",
      description:
        "`is_administrator` says whether the caller administers the app: a platform administrator, or " +
        "one of the app's administrators.",
      replies: { 200: one(CurrentBrandedApp, "The branded app of `X-AppId`, or of the session.") },
    },
  ],
})
