/**
 * The load benchmark's baseline: a bare Express 5 app that answers every route of a routes file
 * (`BareRoute`s, written by `Servers.startBare`) with its bytes from memory, and nothing else: no
 * body parsing, no authentication, no database, no logging.
 *
 *     node bare-express.ts <routes.json> <port>
 */
import { readFileSync } from "node:fs"
import express from "express"
import type { BareRoute } from "./Servers.ts"

const [routesFile, port] = process.argv.slice(2)
if (routesFile === undefined || port === undefined)
  throw new Error("usage: bare-express.ts <routes.json> <port>")

const app = express()
app.get("/healthz", (_req, res) => {
  res.send("ok")
})
for (const route of JSON.parse(readFileSync(routesFile, "utf8")) as ReadonlyArray<BareRoute>) {
  const body = Buffer.from(route.body, "base64")
  const answer = (_req: express.Request, res: express.Response) => {
    res.status(route.status).type(route.contentType).send(body)
  }
  if (route.method === "GET") app.get(`/${route.key}/*rest`, answer)
  else if (route.method === "POST") app.post(`/${route.key}/*rest`, answer)
  else app.patch(`/${route.key}/*rest`, answer)
}
const server = app.listen(Number(port), "127.0.0.1")
process.once("SIGTERM", () => {
  server.close(() => process.exit(0))
  server.closeAllConnections()
})
