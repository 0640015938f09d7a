/**
 * The admin UI (api-decisions §11): the files `apps/admin` builds (`fieldreport-admin.js` and the
 * shell page `index.html`), served at `/admin`. The bundle is found through the
 * `@fieldreport/admin` package on first use, so a server started before the UI was built still
 * serves the API; `/admin` then answers a problem saying how to build it.
 */
import { existsSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, join } from "node:path"
import express, { type RequestHandler, Router } from "express"
import { NotFound } from "../../Errors.ts"
import { fromFailure } from "../Problem.ts"
import { sendProblem } from "../Route.ts"

/**
 * The policy of the admin pages: scripts and connections to this server only, and images from
 * anywhere on https as well, because the map's tile layer URL is the deployment's choice; `blob:`
 * for previews of photos before they are uploaded.
 */
const contentSecurityPolicy = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "frame-ancestors 'self'",
].join("; ")

const adminFiles = (): RequestHandler => {
  let serve: RequestHandler | undefined
  return (req, res, next) => {
    if (serve === undefined) {
      const directory = join(
        dirname(createRequire(import.meta.url).resolve("@fieldreport/admin/package.json")),
        "dist",
      )
      if (!existsSync(join(directory, "index.html"))) {
        return sendProblem(
          res,
          fromFailure(new NotFound({ resource: "admin UI (build it with `npm run build`)" })),
        )
      }
      serve = express.static(directory, { index: "index.html" })
    }
    res.setHeader("Content-Security-Policy", contentSecurityPolicy)
    serve(req, res, next)
  }
}

/**
 * The admin UI routes.
 *
 * @example
 * ```ts
 * app.use(adminUiRoutes())
 * ```
 */
export const adminUiRoutes = (): Router => {
  const router = Router()
  router.use("/admin", adminFiles())
  return router
}
