/**
 * The admin UI (docs/api.md, Running the service): the files `apps/admin` builds, served at
 * `/admin`. The build is found through the `@fieldreport/admin` package on first use, so a server
 * started before the UI was built still serves the API; `/admin` then answers a problem saying how
 * to build it.
 *
 * - Each file is sent as the brotli or gzip copy the build wrote beside it when the request's
 *   `Accept-Encoding` allows one (`Vary: Accept-Encoding`), else as it is.
 * - Files under `assets/` have content-hashed names: browsers keep them for a year without asking
 *   again. The page and the stable entry `fieldreport-admin.js` that pages embed are revalidated
 *   at every use (`no-cache`, with an `ETag`), so a new build is picked up at once.
 * - Source maps are served, and pointed to with a `SourceMap` header, only when configured.
 * - The page carries the configured basemap (`tile-url` and `tile-attribution` of `fr-admin-app`),
 *   so it is built and compressed here once per version of the file.
 */
import { createHash } from "node:crypto"
import { readFileSync, statSync } from "node:fs"
import { createRequire } from "node:module"
import { dirname, extname, join, resolve } from "node:path"
import { brotliCompressSync, constants, gzipSync } from "node:zlib"
import { Option } from "effect"
import { type Request, type RequestHandler, type Response, Router } from "express"
import { NotFound } from "../../Errors.ts"
import { preferredEncoding, type StoredEncoding } from "../AcceptEncoding.ts"
import { fromFailure } from "../Problem.ts"
import { sendProblem } from "../Route.ts"

/** What the admin UI is served with. */
export interface AdminUiOptions {
  /** Basemap tile template of the UI's maps (`FIELDREPORT_TILE_URL`). */
  readonly tileUrl: Option.Option<string>
  /** Credit of the basemap's tiles (`FIELDREPORT_TILE_ATTRIBUTION`). */
  readonly tileAttribution: Option.Option<string>
  /** Whether source maps are served (`FIELDREPORT_ADMIN_SOURCEMAPS`). */
  readonly sourcemaps: boolean
  /** The built UI; `dist` of the `@fieldreport/admin` package by default. */
  readonly directory?: string
}

/** No basemap, no source maps. */
const plain: AdminUiOptions = { tileUrl: Option.none(), tileAttribution: Option.none(), sourcemaps: false }

/**
 * The policy of the admin pages: scripts and connections to this server only, and images from
 * anywhere on https as well, because the map's tile layer URL is the deployment's choice (and from
 * the configured tile server's origin, which may be plain http on a private network); `blob:` for
 * previews of photos before they are uploaded.
 */
const contentSecurityPolicy = (tileUrl: Option.Option<string>) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${Option.match(tileUrl, { onNone: () => "", onSome: tileOrigin })}`,
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'self'",
  ].join("; ")

/** ` http://tiles.lan:8080` for a plain-http tile template (https is allowed already). */
const tileOrigin = (template: string): string => {
  const origin = /^http:\/\/[^/{}\s;,']+/.exec(template)?.[0]
  return origin === undefined ? "" : ` ${origin}`
}

const immutable = "public, max-age=31536000, immutable"
const revalidate = "no-cache"

/** A file path below the UI's directory: plain names, none starting with a dot (no `..`). */
const servable = /^(?:\/[\w-][\w.-]*)+$/

const storedEncodings: ReadonlyArray<StoredEncoding> = ["br", "gzip"]
const suffix: Readonly<Record<StoredEncoding, string>> = { br: ".br", gzip: ".gz" }

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;")

/** The page with the basemap's attributes on `fr-admin-app`. */
const withBasemap = (page: string, options: AdminUiOptions): string => {
  const attributes = [
    ...Option.toArray(Option.map(options.tileUrl, (url) => ` tile-url="${escapeAttribute(url)}"`)),
    ...Option.toArray(
      Option.map(options.tileAttribution, (credit) => ` tile-attribution="${escapeAttribute(credit)}"`),
    ),
  ].join("")
  return page.replace(/<fr-admin-app(?=[\s>])/, (tag) => `${tag}${attributes}`)
}

interface Page {
  readonly version: string
  readonly etag: string
  readonly bodies: Readonly<Record<StoredEncoding | "identity", Buffer>>
}

const buildPage = (file: string, version: string, options: AdminUiOptions): Page => {
  const identity = Buffer.from(withBasemap(readFileSync(file, "utf8"), options))
  return {
    version,
    etag: `"${createHash("sha256").update(identity).digest("base64url").slice(0, 22)}`,
    bodies: {
      identity,
      br: brotliCompressSync(identity, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        },
      }),
      gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
    },
  }
}

const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() === true

const encodingOf = (req: Request, available: ReadonlyArray<StoredEncoding>) =>
  preferredEncoding(req.headers["accept-encoding"], available)

const uiFiles = (options: AdminUiOptions): RequestHandler => {
  const policy = contentSecurityPolicy(options.tileUrl)
  let directory: string | undefined
  let page: Page | undefined

  const sendPage = (req: Request, res: Response, file: string) => {
    const stats = statSync(file)
    const version = `${stats.mtimeMs}-${stats.size}`
    if (page?.version !== version) page = buildPage(file, version, options)
    const encoding = encodingOf(req, storedEncodings)
    res.setHeader("Cache-Control", revalidate)
    res.type("html")
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding)
    // One ETag per coding: the copies are different bytes.
    res.setHeader("ETag", `${page.etag}-${encoding}"`)
    res.send(page.bodies[encoding])
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next()
    if (directory === undefined) {
      const candidate = resolve(
        options.directory ??
          join(dirname(createRequire(import.meta.url).resolve("@fieldreport/admin/package.json")), "dist"),
      )
      if (!isFile(join(candidate, "index.html"))) {
        return sendProblem(
          res,
          fromFailure(new NotFound({ resource: "admin UI (build it with `npm run build`)" })),
        )
      }
      directory = candidate
    }
    // The page's relative script address needs the trailing slash.
    if (req.path === "/" && !req.originalUrl.split("?")[0]!.endsWith("/")) {
      const query = req.originalUrl.indexOf("?")
      return res.redirect(301, `/admin/${query === -1 ? "" : req.originalUrl.slice(query)}`)
    }
    const path = req.path === "/" ? "/index.html" : req.path
    const extension = extname(path)
    if (!servable.test(path) || extension === ".br" || extension === ".gz") return next()
    if (extension === ".map" && !options.sourcemaps) return next()
    const file = join(directory, path)
    if (!isFile(file)) return next()

    res.setHeader("Content-Security-Policy", policy)
    res.vary("Accept-Encoding")
    if (path === "/index.html") return sendPage(req, res, file)

    const encoding = encodingOf(
      req,
      storedEncodings.filter((candidate) => isFile(`${file}${suffix[candidate]}`)),
    )
    res.type(extension)
    if (encoding !== "identity") res.setHeader("Content-Encoding", encoding)
    res.setHeader(
      "Cache-Control",
      path.startsWith("/assets/") && extension !== ".map" ? immutable : revalidate,
    )
    if (options.sourcemaps && extension === ".js" && isFile(`${file}.map`)) {
      res.setHeader("SourceMap", `${path.slice(path.lastIndexOf("/") + 1)}.map`)
    }
    res.sendFile(
      encoding === "identity" ? file : `${file}${suffix[encoding]}`,
      { cacheControl: false, acceptRanges: false, dotfiles: "deny" },
      (error?: Error & { readonly status?: number }) => {
        // A file removed by a rebuild since it was looked up: as if it had never been there.
        if (error !== undefined && !res.headersSent) {
          if (error.status === 404) {
            for (const header of ["Content-Encoding", "Cache-Control", "SourceMap"]) res.removeHeader(header)
            return next()
          }
          next(error)
        }
      },
    )
  }
}

/**
 * The admin UI routes (without a basemap or source maps unless the options give them).
 *
 * @example
 * ```ts
 * app.use(adminUiRoutes({ tileUrl: Option.some("https://tile.example.org/{z}/{x}/{y}.png"), tileAttribution: Option.none(), sourcemaps: false }))
 * ```
 */
export const adminUiRoutes = (options: AdminUiOptions = plain): Router => {
  const router = Router()
  router.use("/admin", uiFiles(options))
  return router
}
