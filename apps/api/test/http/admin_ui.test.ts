/**
 * The admin UI at `/admin` (api-decisions §11): the shell page and the bundle `apps/admin` builds
 * (the API's `test` task builds it first through turbo's `^build`), under a Content-Security-Policy
 * that keeps scripts and API calls same-origin.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer()
})

afterAll(async () => {
  await server.close()
})

describe("GET /admin", () => {
  it("moves /admin to /admin/ so the page's relative script address resolves", async () => {
    const response = await fetch(`${server.url}/admin`, { redirect: "manual" })
    expect(response.status).toBe(301)
    expect(response.headers.get("location")).toBe("/admin/")
  })

  it("serves the shell page with a policy that allows only same-origin scripts and calls", async () => {
    const response = await fetch(`${server.url}/admin/`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(await response.text()).toContain('<script type="module" src="./fieldreport-admin.js">')
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("connect-src 'self'")
  })

  it("serves the bundle that registers the elements", async () => {
    const response = await fetch(`${server.url}/admin/fieldreport-admin.js`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("javascript")
    expect(await response.text()).toContain("fr-admin-app")
  })

  it("answers a problem for a file that is not part of the UI", async () => {
    const answer = await server.request("GET", "/admin/no-such-file.js")
    expect(answer.status).toBe(404)
    expect(answer.headers.get("content-type")).toContain("application/problem+json")
  })
})
