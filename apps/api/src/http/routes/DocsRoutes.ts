/**
 * The page at `/docs` that shows the API reference (`ReferenceRoutes`) with Swagger UI. The page's scripts and styles come from the `swagger-ui-dist`
 * package and from this server only (no CDN), so it works offline and under the default
 * Content-Security-Policy (`script-src 'self'`; the page has no inline script).
 */
import { createRequire } from "node:module"
import { dirname } from "node:path"
import { fileURLToPath } from "node:url"
import express, { type RequestHandler, Router } from "express"

const pageFile = (name: string): string =>
  fileURLToPath(new URL(`../../openapi/page/${name}`, import.meta.url))

/**
 * Swagger UI's files. The package is found on first use, so a server whose `swagger-ui-dist` is
 * missing still starts and serves the API and its document; only the page's assets fail (`500`,
 * the cause in the log).
 */
const swaggerUiAssets = (): RequestHandler => {
  let serve: RequestHandler | undefined
  return (req, res, next) => {
    serve ??= express.static(
      dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json")),
      { index: false },
    )
    serve(req, res, next)
  }
}

/**
 * The routes of the reference page.
 *
 * @example
 * ```ts
 * app.use(docsRoutes())
 * ```
 */
export const docsRoutes = (): Router => {
  const router = Router()
  router.get("/docs", (_req, res) => {
    res.sendFile(pageFile("index.html"))
  })
  router.get("/docs/reference.js", (_req, res) => {
    res.sendFile(pageFile("reference.js"))
  })
  router.use("/docs/assets", swaggerUiAssets())
  return router
}
