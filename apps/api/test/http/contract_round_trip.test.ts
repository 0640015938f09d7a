/**
 * The client, the contract and the server's router agree on every endpoint: a call the typed
 * client makes of an operation reaches, through the router registered from the contract, the
 * handler of that same operation, with the path parameters, query and body the client sent; and the
 * client accepts the status and the shape of body the contract declares for it.
 *
 * The handlers here are probes that echo what they received, so every endpoint is reached without
 * the data each one needs; what the real handlers answer is checked by each resource's suite.
 */
import { createServer, type Server } from "node:http"
import type { AddressInfo } from "node:net"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import * as Api from "@fieldreport/contract/Api"
import type { Endpoint, Reply } from "@fieldreport/contract/Endpoint"
import { Effect, Schema } from "effect"
import express, { type RequestHandler } from "express"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { endpointRouter, type Handlers } from "../../src/http/EndpointRouter.ts"

/** What a probe received, echoed in a header so that replies without a body carry it too. */
const Received = Schema.Struct({
  operationId: Schema.String,
  path: Schema.String,
  params: Schema.Record(Schema.String, Schema.String),
  query: Schema.Record(Schema.String, Schema.Unknown),
  body: Schema.Unknown,
})

/** Stands in for any record the contract declares: the probe answers it. */
const Anything = Schema.Unknown

/** The client's `request` called with operations chosen at run time. */
const untyped = (client: FieldreportClient.FieldreportClient) =>
  client.request as unknown as (
    operationId: string,
    input: unknown,
    read: unknown,
  ) => Effect.Effect<{ readonly status: number; readonly headers: Headers; readonly body: unknown }, unknown>

const endpoints: ReadonlyArray<Endpoint> = Api.groups.flatMap(
  (group): ReadonlyArray<Endpoint> => group.endpoints,
)

/** The success status a probe answers with: the first the endpoint declares. */
const statusOf = (endpoint: Endpoint): number => Number(Object.keys(endpoint.replies)[0])

/** A body of the declared shape, whatever its records. */
const bodyOf = (reply: Reply): unknown => {
  const record = { probe: true }
  const listed = reply.list === true ? [record] : record
  return reply.root === undefined ? listed : { [reply.root]: listed }
}

const probe =
  (endpoint: Endpoint): RequestHandler =>
  (req, res) => {
    const status = statusOf(endpoint)
    const reply = endpoint.replies[status] as Reply
    const received = {
      operationId: endpoint.operationId,
      path: req.originalUrl.split("?")[0],
      params: req.params,
      query: req.query,
      body: req.body ?? null,
    }
    res.status(status).setHeader("X-Received", encodeURIComponent(JSON.stringify(received)))
    if (reply.media !== undefined)
      res.type(reply.media[0] ?? "application/octet-stream").send(Buffer.from("bytes"))
    else if (reply.schema === undefined) res.end()
    else res.json(bodyOf(reply))
  }

/** A value for a path parameter, different for each name so that a swapped pair shows. */
const pathValue = (name: string, index: number): string | number => {
  if (name === "uuid") return "3ffeef7c-0f73-4e82-b39e-5a55cce0daef"
  if (name === "color") return "#00aa00"
  if (name === "file") return "default@2x.png"
  if (name === "style") return "thumb"
  return 41 + index
}

const inputOf = (endpoint: Endpoint) => {
  const names = Array.from(endpoint.path.matchAll(/\{([^}]+)\}/g), (match) => match[1] ?? "")
  const path = Object.fromEntries(names.map((name, index) => [name, pathValue(name, index)]))
  const query = (endpoint.query ?? []).some((parameter) => parameter.name === "fields")
    ? { fields: "id" }
    : {}
  // Of a body taking several forms, the first.
  const declared = endpoint.body?._tag === "oneOf" ? endpoint.body.bodies[0] : endpoint.body
  const body =
    declared === undefined
      ? undefined
      : declared._tag === "upload"
        ? (() => {
            const form = new FormData()
            form.append("file", new Blob(["hello"], { type: "text/plain" }), "note.txt")
            return form
          })()
        : declared.root === undefined
          ? { probe: "body" }
          : { [declared.root]: { probe: "body" } }
  return { path, query, body }
}

describe("the contract's round trip", () => {
  let server: Server
  let client: FieldreportClient.FieldreportClient

  beforeAll(async () => {
    const app = express()
    app.use(express.json())
    const handlers = Object.fromEntries(endpoints.map((endpoint) => [endpoint.operationId, probe(endpoint)]))
    app.use(endpointRouter(handlers as unknown as Handlers))
    server = createServer(app)
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
    client = FieldreportClient.make({ baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}` })
  })

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve))
  })

  it("declares every operation once, at one method and path", () => {
    const ids = endpoints.map((endpoint) => endpoint.operationId)
    const routes = endpoints.map(
      (endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{[^}]+\}/g, "{}")}`,
    )
    expect(new Set(ids).size).toBe(ids.length)
    expect(new Set(routes).size).toBe(routes.length)
  })

  it.each(endpoints.map((endpoint) => [endpoint.operationId, endpoint] as const))(
    "%s: the client's call reaches its handler with what it sent",
    async (operationId, endpoint) => {
      const input = inputOf(endpoint)
      const answer = await Effect.runPromise(untyped(client)(operationId, input, { as: Anything }))
      expect(answer.status).toBe(statusOf(endpoint))
      const received = Schema.decodeUnknownSync(Received)(
        JSON.parse(decodeURIComponent(answer.headers.get("x-received") ?? "")),
      )
      expect(received.operationId).toBe(operationId)
      expect(received.params).toEqual(
        Object.fromEntries(Object.entries(input.path).map(([name, value]) => [name, String(value)])),
      )
      expect(received.query).toEqual(input.query)
      if (input.body !== undefined && !(input.body instanceof FormData))
        expect(received.body).toEqual(input.body)
      expect(received.path).toBe(Api.href(operationId as Api.OperationId, input.path as never))
    },
  )

  it("matches a request to its endpoint as the router does", () => {
    expect(Api.match("GET", "/api/v4/reports/search")?.operationId).toBe("startReportSearch")
    expect(Api.match("GET", "/api/v4/reports/12")?.operationId).toBe("getReport")
    expect(Api.match("PATCH", "/API/V4/Session/")?.operationId).toBe("rotateSession")
    expect(Api.match("GET", "/api/v4/nothing")).toBeUndefined()
  })
})
