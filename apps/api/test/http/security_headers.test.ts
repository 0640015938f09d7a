/**
 * The security headers worked out once at start-up are those helmet sets on every answer itself.
 */
import type { AddressInfo } from "node:net"
import express, { type RequestHandler } from "express"
import helmet from "helmet"
import { describe, expect, it } from "vitest"
import { securityHeaders } from "../../src/http/SecurityHeaders.ts"

const options = { contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }

/** The headers of an answer of an app with one middleware, without the ones every answer has. */
const headersWith = async (middleware: RequestHandler): Promise<Record<string, string>> => {
  const app = express()
  app.disable("x-powered-by")
  app.use(middleware)
  app.get("/", (_req, res) => {
    res.json({ ok: true })
  })
  const server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  try {
    const { port } = server.address() as AddressInfo
    const response = await fetch(`http://127.0.0.1:${port}/`)
    const headers = Object.fromEntries(response.headers)
    for (const common of ["date", "etag", "connection", "keep-alive", "content-length"])
      delete headers[common]
    return headers
  } finally {
    server.close()
  }
}

describe("security headers", () => {
  it("are helmet's, header for header", async () => {
    const expected = await headersWith(helmet(options))
    expect(Object.keys(expected).length).toBeGreaterThan(10)
    expect(await headersWith(securityHeaders(options))).toEqual(expected)
  })
})
