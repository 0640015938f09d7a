/**
 * The load benchmark's floor: the hot requests of the API answered with the same bytes by running
 * the same SQLite statements on the same database file, and nothing else: `node:http` and
 * `node:sqlite`, no framework, no effect, no middleware (no security headers, CORS, request log,
 * metrics or rate limits). What a request costs here is what it cannot avoid; the API's cost above
 * it is the API's own. `floor-equivalence.test.ts` keeps both answering alike.
 *
 *     node floor.ts <data-dir> <port>
 *
 * It answers `GET /api/v4/users/me`, report fetches (`fields` none or `form_fields`), creates and
 * address updates, a search's map items and reports, and tiles, as the load scenarios ask them;
 * `GET /healthz` says it is up.
 */
import { createServer, type IncomingMessage } from "node:http"
import { join } from "node:path"
import { type Answer, ok, originOf, send } from "./FloorAnswer.ts"
import { authenticate, type Caller, Refusal } from "./FloorCaller.ts"
import { openFloorDatabase } from "./FloorDatabase.ts"
import { fetchReport } from "./FloorReports.ts"
import { createReport, updateReport } from "./FloorReportWrites.ts"
import { reportTiles, searchMapItems, searchReports } from "./FloorSearches.ts"

const [dataDir, port] = process.argv.slice(2)
if (dataDir === undefined || port === undefined) throw new Error("usage: floor.ts <data-dir> <port>")

const db = openFloorDatabase(join(dataDir, "fieldreport.db"))
// Read once, as the API reads it when it starts.
const secret =
  db.get<{ value: string }>("SELECT value FROM settings WHERE name = ?", "attachment_url_secret")?.value ?? ""

/** A request as the routes read it. */
interface FloorRequest {
  readonly caller: () => Caller
  readonly id: number
  readonly url: URL
  readonly req: IncomingMessage
  readonly body: unknown
}

/** The routes, by method and path; `id` is the path's number. */
const routes: ReadonlyArray<readonly [string, RegExp, (request: FloorRequest) => Answer]> = [
  [
    "GET",
    /^\/api\/v4\/users\/me$/,
    ({ caller }) => {
      const { user } = caller()
      if (user.image_attachment_id !== null) throw new Refusal(501, "the floor shows no pictures")
      return ok({
        id: user.id,
        email: user.email,
        first_name: user.first_name,
        last_name: user.last_name,
        admin: user.admin === 1,
        user_image: null,
        app_version: user.app_version,
        bluetooth_enabled: user.bluetooth_enabled === 1,
        location_enabled: user.location_enabled === 1,
        push_notification_enabled: user.push_notification_enabled === 1,
      })
    },
  ],
  [
    "GET",
    /^\/api\/v4\/reports\/tiles$/,
    ({ caller, url }) => ok(reportTiles(db, caller(), url.searchParams)),
  ],
  [
    "GET",
    /^\/api\/v4\/reports\/(\d+)$/,
    ({ caller, id, url, req }) => {
      const fields = url.searchParams.get("fields")
      if (
        [...url.searchParams.keys()].some((name) => name !== "fields") ||
        (fields ?? "form_fields") !== "form_fields"
      )
        throw new Refusal(501, "the floor takes no fields but form_fields")
      return ok(fetchReport(db, caller(), id, { withForm: fields !== null, secret, origin: originOf(req) }))
    },
  ],
  [
    "PATCH",
    /^\/api\/v4\/reports\/(\d+)$/,
    ({ caller, id, body }) => ok(updateReport(db, caller(), id, body)),
  ],
  [
    "POST",
    /^\/api\/v4\/reports$/,
    ({ caller, body }) => {
      const created = createReport(db, caller(), body)
      return { status: 201, body: created.body, headers: { Location: `/api/v4/reports/${created.id}` } }
    },
  ],
  [
    "GET",
    /^\/api\/v4\/report_searches\/(\d+)$/,
    ({ caller, id, req }) => searchMapItems(db, caller(), id, req.headers.range, originOf(req)),
  ],
  [
    "GET",
    /^\/api\/v4\/report_searches\/(\d+)\/reports$/,
    ({ caller, id, req }) => searchReports(db, caller(), id, req.headers.range),
  ],
  ["GET", /^\/healthz$/, () => ok({ status: "ok" })],
]

const answer = (req: IncomingMessage, text: string): Answer => {
  const url = new URL(req.url ?? "/", "http://floor")
  for (const [method, path, route] of routes) {
    const match = path.exec(url.pathname)
    if (match === null || method !== req.method) continue
    return route({
      caller: () => authenticate(db, req.headers),
      id: Number(match[1]),
      url,
      req,
      body: text === "" ? undefined : JSON.parse(text),
    })
  }
  throw new Refusal(404, "no such route")
}

const server = createServer((req, res) => {
  const chunks: Array<Buffer> = []
  req.on("data", (chunk: Buffer) => chunks.push(chunk))
  req.on("end", () => {
    try {
      send(res, answer(req, Buffer.concat(chunks).toString("utf8")))
    } catch (error) {
      const status = error instanceof Refusal ? error.status : 500
      send(res, { status, body: { error: error instanceof Error ? error.message : String(error) } })
    }
  })
})
server.keepAliveTimeout = 5000
server.listen(Number(port), "127.0.0.1")
process.once("SIGTERM", () => {
  server.close(() => {
    db.close()
    process.exit(0)
  })
  server.closeAllConnections()
})
