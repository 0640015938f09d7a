/**
 * The load benchmark's floor on PostgreSQL: the hot requests of the API answered with the same
 * bytes by running the statements the API runs on PostgreSQL (as `pg-statement-log.ts` shows
 * them), on the same database, and nothing else: `node:http` and `pg`, no framework, no effect, no
 * middleware. It is `floor.ts` on the other engine; `pg-floor-equivalence.test.ts` keeps it
 * answering as the API does.
 *
 *     node pg-floor.ts <database-url> <port>
 *
 * It answers `GET /api/v4/users/me`, report fetches (`fields` none or `form_fields`), creates and
 * address updates, a search's map items and reports, and tiles, as the load scenarios ask them;
 * `GET /healthz` says it is up.
 */
import { createServer, type IncomingMessage } from "node:http"
import { type Answer, ok, originOf, send } from "./FloorAnswer.ts"
import { Refusal } from "./FloorCaller.ts"
import { authenticate, type Caller } from "./PgFloorCaller.ts"
import { openPgFloorDatabase } from "./PgFloorDatabase.ts"
import { fetchReport } from "./PgFloorReports.ts"
import { createReport, updateReport } from "./PgFloorReportWrites.ts"
import { reportTiles, searchMapItems, searchReports } from "./PgFloorSearches.ts"

const [databaseUrl, port] = process.argv.slice(2)
if (databaseUrl === undefined || port === undefined)
  throw new Error("usage: pg-floor.ts <database-url> <port>")

const db = openPgFloorDatabase(databaseUrl)
// Read once, as the API reads it when it starts.
const secret =
  (await db.get<{ value: string }>("SELECT value FROM settings WHERE name = $1", "attachment_url_secret"))
    ?.value ?? ""

/** A request as the routes read it. */
interface FloorRequest {
  readonly caller: () => Promise<Caller>
  readonly id: number
  readonly url: URL
  readonly req: IncomingMessage
  readonly body: unknown
}

/** The routes, by method and path; `id` is the path's number. */
const routes: ReadonlyArray<readonly [string, RegExp, (request: FloorRequest) => Promise<Answer>]> = [
  [
    "GET",
    /^\/api\/v4\/users\/me$/,
    async ({ caller }) => {
      const { user } = await caller()
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
    async ({ caller, url }) => ok(await reportTiles(db, await caller(), url.searchParams)),
  ],
  [
    "GET",
    /^\/api\/v4\/reports\/(\d+)$/,
    async ({ caller, id, url, req }) => {
      const fields = url.searchParams.get("fields")
      if (
        [...url.searchParams.keys()].some((name) => name !== "fields") ||
        (fields ?? "form_fields") !== "form_fields"
      )
        throw new Refusal(501, "the floor takes no fields but form_fields")
      return ok(
        await fetchReport(db, await caller(), id, {
          withForm: fields !== null,
          secret,
          origin: originOf(req),
        }),
      )
    },
  ],
  [
    "PATCH",
    /^\/api\/v4\/reports\/(\d+)$/,
    async ({ caller, id, body }) => ok(await updateReport(db, await caller(), id, body)),
  ],
  [
    "POST",
    /^\/api\/v4\/reports$/,
    async ({ caller, body }) => {
      const created = await createReport(db, await caller(), body)
      return { status: 201, body: created.body, headers: { Location: `/api/v4/reports/${created.id}` } }
    },
  ],
  [
    "GET",
    /^\/api\/v4\/report_searches\/(\d+)$/,
    async ({ caller, id, req }) => searchMapItems(db, await caller(), id, req.headers.range, originOf(req)),
  ],
  [
    "GET",
    /^\/api\/v4\/report_searches\/(\d+)\/reports$/,
    async ({ caller, id, req }) => searchReports(db, await caller(), id, req.headers.range),
  ],
  ["GET", /^\/healthz$/, async () => ok({ status: "ok" })],
]

const answer = (req: IncomingMessage, text: string): Promise<Answer> => {
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
    Promise.resolve()
      .then(() => answer(req, Buffer.concat(chunks).toString("utf8")))
      .then(
        (answered) => send(res, answered),
        (error: unknown) => {
          const status = error instanceof Refusal ? error.status : 500
          send(res, { status, body: { error: error instanceof Error ? error.message : String(error) } })
        },
      )
  })
})
server.keepAliveTimeout = 5000
server.listen(Number(port), "127.0.0.1")
process.once("SIGTERM", () => {
  server.close(() => {
    void db.close().then(() => process.exit(0))
  })
  server.closeAllConnections()
})
