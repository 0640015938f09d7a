/**
 * What every request leaves behind once answered: one JSON log line (`request`, with the request
 * id, method, path, status and milliseconds to a tenth) and one observation of the
 * `http_request_duration_seconds` histogram, labelled with the method, the matched route pattern
 * (`unmatched` for none) and the status.
 */
import type { AddressInfo } from "node:net"
import express from "express"
import pino from "pino"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { makeApp } from "../../src/http/App.ts"
import { makeMetrics } from "../../src/http/Metrics.ts"

const lines: Array<Record<string, unknown>> = []
let server: ReturnType<express.Express["listen"]>
let url: string

beforeAll(async () => {
  const things = express.Router()
  things.get("/things/:id", (_req, res) => {
    res.json({ id: 7 })
  })
  const router = express.Router()
  router.get("/plain/:id", (_req, res) => {
    res.json({ id: 7 })
  })
  router.use("/inner", things)
  const logger = pino({ level: "info" }, { write: (line: string) => lines.push(JSON.parse(line)) })
  const app = makeApp({
    logger,
    metrics: makeMetrics(),
    corsOrigins: [],
    bodyLimitBytes: 1024,
    rateLimitPerToken: 100,
    rateLimitPerAddress: 100,
    ready: () => Promise.resolve(true),
    draining: () => false,
    routers: [router],
  })
  server = app.listen(0, "127.0.0.1")
  await new Promise((resolve) => server.once("listening", resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** The log line of the request of `id`, once written. */
const lineOf = (id: string) =>
  vi.waitFor(() => {
    const line = lines.find((candidate) => candidate.requestId === id)
    if (line === undefined) throw new Error(`no log line for ${id}`)
    return line
  })

describe("the request log", () => {
  it("writes one line per request with its id, method, path, status and milliseconds", async () => {
    const answer = await fetch(`${url}/plain/7?fields=id`, { headers: { "X-Request-Id": "log-1" } })
    expect(answer.status).toBe(200)
    expect(answer.headers.get("x-request-id")).toBe("log-1")
    const line = await lineOf("log-1")
    expect(line).toEqual({
      level: 30,
      time: expect.any(Number),
      pid: expect.any(Number),
      hostname: expect.any(String),
      requestId: "log-1",
      method: "GET",
      path: "/plain/7",
      status: 200,
      ms: expect.any(Number),
      msg: "request",
    })
    const ms = line.ms as number
    expect(ms).toBeGreaterThanOrEqual(0)
    expect(Math.round(ms * 10) / 10).toBe(ms)
    expect(lines.filter((candidate) => candidate.requestId === "log-1")).toHaveLength(1)
  })

  it("logs answers the app makes itself, with the id it made", async () => {
    const answer = await fetch(`${url}/nowhere`, { method: "DELETE", headers: { "X-Request-Id": "bad id" } })
    expect(answer.status).toBe(404)
    const id = answer.headers.get("x-request-id") ?? ""
    expect(id).toMatch(/^[0-9a-f-]{36}$/)
    expect(await lineOf(id)).toMatchObject({
      method: "DELETE",
      path: "/nowhere",
      status: 404,
      msg: "request",
    })
  })
})

describe("the request duration histogram", () => {
  it("observes each request under its method, route pattern and status", async () => {
    for (const id of ["3", "4"]) expect((await fetch(`${url}/inner/things/${id}`)).status).toBe(200)
    expect((await fetch(`${url}/elsewhere`, { method: "POST" })).status).toBe(404)
    await lineOf((await fetch(`${url}/healthz`)).headers.get("x-request-id") ?? "")
    const text = await (await fetch(`${url}/metrics`)).text()
    const count = (labels: string) =>
      Number(new RegExp(`^http_request_duration_seconds_count\\{${labels}\\} (\\d+)$`, "m").exec(text)?.[1])
    expect(count('method="GET",route="/inner/things/:id",status="200"')).toBeGreaterThanOrEqual(2)
    expect(count('method="POST",route="unmatched",status="404"')).toBe(1)
    expect(count('method="GET",route="/healthz",status="200"')).toBe(1)
  })
})
