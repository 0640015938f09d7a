/**
 * The API reference: a structurally valid OpenAPI 3.1 document that lists every route the app
 * registers, served at `/api/v4/openapi.json`, and a `/docs` page that loads only same-origin
 * scripts under the server's Content-Security-Policy.
 */
import { pino } from "pino"
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from "vitest"
import type { AppServices } from "../../src/AppLayer.ts"
import { makeApp } from "../../src/http/App.ts"
import { makeMetrics } from "../../src/http/Metrics.ts"
import type { Problem } from "../../src/http/Problem.ts"
import type { Route } from "../../src/http/Route.ts"
import { routers } from "../../src/http/routes/index.ts"
import * as Document from "../../src/openapi/Document.ts"
import type { ProblemBody } from "../../src/openapi/Schemas.ts"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

type Json = { readonly [key: string]: unknown }

const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const methods = ["get", "put", "post", "delete", "options", "head", "patch", "trace"] as const

/** The value a local reference (`#/components/schemas/Task`) points at, or undefined. */
const resolvePointer = (document: Json, ref: string): unknown => {
  if (!ref.startsWith("#/")) return undefined
  let value: unknown = document
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~")
    if (!isObject(value) && !Array.isArray(value)) return undefined
    value = (value as Json)[key]
  }
  return value
}

/** An object, or the object its `$ref` points at. */
const deref = (document: Json, value: unknown): Json | undefined => {
  if (!isObject(value)) return undefined
  if (typeof value.$ref !== "string") return value
  const target = resolvePointer(document, value.$ref)
  return isObject(target) ? target : undefined
}

/** Every `$ref` anywhere in a value, with where it was found. */
const refsIn = (value: unknown, at = "#"): Array<{ readonly at: string; readonly ref: string }> => {
  if (Array.isArray(value)) return value.flatMap((inner, index) => refsIn(inner, `${at}/${index}`))
  if (!isObject(value)) return []
  return Object.entries(value).flatMap(([key, inner]) =>
    key === "$ref" && typeof inner === "string"
      ? [{ at, ref: inner }]
      : refsIn(inner, `${at}/${key.replaceAll("~", "~0").replaceAll("/", "~1")}`),
  )
}

const templateOf = (path: string): string => path.replace(/\{[^}]+\}/g, "{}")

/**
 * What an OpenAPI 3.1 document gets wrong in structure: unresolved references, undeclared or
 * unused path parameters, operations without responses or with a repeated operationId, and the
 * like. Empty when it is sound.
 */
const structuralProblems = (document: Json): ReadonlyArray<string> => {
  const problems: Array<string> = []
  const fail = (problem: string) => problems.push(problem)
  if (typeof document.openapi !== "string" || !/^3\.1\.\d+$/.test(document.openapi))
    fail("openapi must be 3.1.x")
  const info = document.info
  if (!isObject(info) || typeof info.title !== "string" || typeof info.version !== "string")
    fail("info needs a title and a version")
  for (const { at, ref } of refsIn(document))
    if (resolvePointer(document, ref) === undefined) fail(`${at}: $ref ${ref} does not resolve`)
  const components = isObject(document.components) ? document.components : {}
  for (const section of Object.values(components))
    for (const key of Object.keys(isObject(section) ? section : {}))
      if (!/^[a-zA-Z0-9.\-_]+$/.test(key)) fail(`component key ${key} is not a valid name`)
  const schemes = isObject(components.securitySchemes) ? components.securitySchemes : {}
  const checkSecurity = (at: string, security: unknown) => {
    if (security === undefined) return
    if (!Array.isArray(security)) {
      fail(`${at}: security must be an array`)
      return
    }
    for (const requirement of security)
      for (const name of Object.keys(isObject(requirement) ? requirement : {}))
        if (!(name in schemes)) fail(`${at}: security scheme ${name} is not declared`)
  }
  checkSecurity("#", document.security)
  const tags = new Set(
    (Array.isArray(document.tags) ? document.tags : []).map((tag) => (isObject(tag) ? tag.name : undefined)),
  )
  const operationIds = new Set<string>()
  const templates = new Map<string, string>()
  const paths = isObject(document.paths) ? document.paths : {}
  if (!isObject(document.paths)) fail("paths must be an object")
  for (const [path, item] of Object.entries(paths)) {
    if (!path.startsWith("/")) fail(`${path}: a path starts with /`)
    const same = templates.get(templateOf(path))
    if (same !== undefined) fail(`${path} and ${same} are the same template`)
    templates.set(templateOf(path), path)
    const templated = new Set(Array.from(path.matchAll(/\{([^}]+)\}/g), (match) => match[1]))
    if (!isObject(item)) {
      fail(`${path}: a path item is an object`)
      continue
    }
    for (const method of methods) {
      const operation = item[method]
      if (operation === undefined) continue
      const at = `${method.toUpperCase()} ${path}`
      if (!isObject(operation)) {
        fail(`${at}: an operation is an object`)
        continue
      }
      if (typeof operation.operationId !== "string" || operation.operationId === "")
        fail(`${at}: no operationId`)
      else if (operationIds.has(operation.operationId))
        fail(`${at}: operationId ${operation.operationId} repeated`)
      else operationIds.add(operation.operationId)
      for (const tag of Array.isArray(operation.tags) ? operation.tags : [])
        if (!tags.has(tag)) fail(`${at}: tag ${String(tag)} is not declared`)
      checkSecurity(at, operation.security)
      const declared = new Set<string>()
      const inPath = new Set<string>()
      for (const raw of Array.isArray(operation.parameters) ? operation.parameters : []) {
        const parameter = deref(document, raw)
        if (parameter === undefined) {
          fail(`${at}: a parameter does not resolve`)
          continue
        }
        const { name, in: location } = parameter
        if (typeof name !== "string" || !["query", "header", "path", "cookie"].includes(String(location))) {
          fail(`${at}: a parameter needs a name and a location`)
          continue
        }
        const key = `${String(location)} ${location === "header" ? name.toLowerCase() : name}`
        if (declared.has(key)) fail(`${at}: parameter ${key} declared twice`)
        declared.add(key)
        if (!isObject(parameter.schema) && !isObject(parameter.content)) fail(`${at}: ${key} has no schema`)
        if (location === "header" && ["accept", "content-type", "authorization"].includes(name.toLowerCase()))
          fail(`${at}: header ${name} cannot be a parameter`)
        if (location === "path") {
          inPath.add(name)
          if (parameter.required !== true) fail(`${at}: path parameter ${name} must be required`)
          if (!templated.has(name)) fail(`${at}: path parameter ${name} is not in the path`)
        }
      }
      for (const name of templated) if (!inPath.has(name ?? "")) fail(`${at}: {${name}} is not declared`)
      if (operation.requestBody !== undefined) {
        const body = deref(document, operation.requestBody)
        if (body === undefined || !isObject(body.content) || Object.keys(body.content).length === 0)
          fail(`${at}: a request body needs content`)
      }
      const responses = operation.responses
      if (!isObject(responses) || Object.keys(responses).length === 0) {
        fail(`${at}: no responses`)
        continue
      }
      for (const [status, raw] of Object.entries(responses)) {
        if (!/^(?:[1-5](?:\d\d|XX)|default)$/.test(status)) fail(`${at}: ${status} is not a status`)
        const response = deref(document, raw)
        if (response === undefined || typeof response.description !== "string")
          fail(`${at} ${status}: a response needs a description`)
      }
    }
  }
  return problems
}

/** The minimal view of Express's router layers this test walks. */
interface Layer {
  readonly route?: { readonly path: unknown; readonly methods: Readonly<Record<string, boolean>> }
  readonly handle: unknown
  readonly rawPath?: unknown
}

/** A registered route: its path is a pattern (`/api/v4/teams/:id`) or a regular expression. */
interface Registered {
  readonly method: string
  readonly path: string | RegExp
}

/** Every route of a router stack, mounted routers included. */
const routesOf = (stack: ReadonlyArray<Layer>, prefix = ""): ReadonlyArray<Registered> =>
  stack.flatMap((layer) => {
    const route = layer.route
    if (route !== undefined) {
      const path =
        route.path instanceof RegExp && prefix === "" ? route.path : `${prefix}${String(route.path)}`
      return Object.keys(route.methods).map((method) => ({ method: method.toUpperCase(), path }))
    }
    const inner = (layer.handle as { readonly stack?: ReadonlyArray<Layer> }).stack
    if (inner === undefined) return []
    return routesOf(inner, `${prefix}${layer.rawPath === "/" ? "" : String(layer.rawPath)}`)
  })

/** `METHOD /path/{}/…`, parameters unnamed, as both the app and the document can be written. */
const nameOf = ({ method, path }: Registered): string =>
  `${method} ${typeof path === "string" ? path.replace(/:\w+/g, "{}") : String(path)}`

/** The routes the app registers, with route handlers that are never run. */
const registeredRoutes = (): ReadonlyArray<Registered> => {
  const unused: Route<AppServices> = () => (_req, res) => {
    res.end()
  }
  const app = makeApp({
    logger: pino({ level: "silent" }),
    metrics: makeMetrics(),
    corsOrigins: [],
    bodyLimitBytes: 1024,
    rateLimitPerToken: 1,
    rateLimitPerAddress: 1,
    ready: () => Promise.resolve(true),
    draining: () => false,
    routers: routers(unused),
  })
  return routesOf((app.router as unknown as { readonly stack: ReadonlyArray<Layer> }).stack)
}

/**
 * Whether the document lists a route: the same pattern, or, for a route written as a regular
 * expression, a documented path that the expression matches once its parameters are filled in.
 */
const isDocumented = (document: Document.OpenApiDocument, route: Registered): boolean =>
  Object.entries(document.paths).some(([path, item]) => {
    if (!Object.keys(item).some((method) => method.toUpperCase() === route.method)) return false
    if (typeof route.path === "string") return templateOf(path) === route.path.replace(/:\w+/g, "{}")
    const example = path.replace(/\{([^}]+)\}/g, (_, name: string) =>
      name === "uuid" ? "3ffeef7c-0f73-4e82-b39e-5a55cce0daef" : "1",
    )
    return route.path.test(example)
  })

/** Routes that are not API operations, and why they are not in the document. */
const notInTheDocument: Readonly<Record<string, string>> = {
  "GET /healthz": "operations: process health",
  "GET /readyz": "operations: readiness",
  "GET /metrics": "operations: Prometheus metrics",
  "GET /docs": "the page that shows this document",
  "GET /docs/reference.js": "the script of that page",
  "GET /ogc/features": "the OGC API – Features service, described by its own document at /ogc/features/api",
  "GET /ogc/features/conformance": "the OGC API – Features service",
  "GET /ogc/features/api": "the OGC API – Features service's own document",
  "GET /ogc/features/collections": "the OGC API – Features service",
  "GET /ogc/features/collections/{}": "the OGC API – Features service",
  "GET /ogc/features/collections/{}/items": "the OGC API – Features service",
  "GET /ogc/features/collections/{}/items/{}": "the OGC API – Features service",
}

describe("the OpenAPI document", () => {
  const document = Document.make()

  it("is structurally valid OpenAPI 3.1", () => {
    expect(structuralProblems(document as unknown as Json)).toEqual([])
  })

  it("has a structural check that finds broken documents", () => {
    const broken = {
      openapi: "3.0.3",
      info: { title: "x" },
      paths: {
        "/a/{id}": {
          get: { operationId: "a", parameters: [{ $ref: "#/components/parameters/Missing" }], responses: {} },
        },
        "/b/{x}": {
          get: {
            operationId: "a",
            tags: ["Undeclared"],
            responses: {
              200: { description: "ok", content: { "application/json": { schema: { $ref: "#/nope" } } } },
            },
          },
        },
        "/b/{y}": { get: { operationId: "b", responses: { 200: {} } } },
      },
    }
    expect(structuralProblems(broken)).toEqual([
      "openapi must be 3.1.x",
      "info needs a title and a version",
      "#/paths/~1a~1{id}/get/parameters/0: $ref #/components/parameters/Missing does not resolve",
      "#/paths/~1b~1{x}/get/responses/200/content/application~1json/schema: $ref #/nope does not resolve",
      "GET /a/{id}: a parameter does not resolve",
      "GET /a/{id}: {id} is not declared",
      "GET /a/{id}: no responses",
      "GET /b/{x}: operationId a repeated",
      "GET /b/{x}: tag Undeclared is not declared",
      "GET /b/{x}: {x} is not declared",
      "/b/{y} and /b/{x} are the same template",
      "GET /b/{y}: {y} is not declared",
      "GET /b/{y} 200: a response needs a description",
    ])
  })

  it("lists every route the app registers, so it cannot fall behind the code", () => {
    const routes = registeredRoutes()
    const missing = routes.filter(
      (route) => !(nameOf(route) in notInTheDocument) && !isDocumented(document, route),
    )
    expect(missing.map(nameOf)).toEqual([])
    // An exception for a route that no longer exists would hide the next one added at its path.
    const names = routes.map(nameOf)
    expect(Object.keys(notInTheDocument).filter((name) => !names.includes(name))).toEqual([])
  })

  it("tells documented routes from undocumented ones, patterns and regular expressions alike", () => {
    expect(isDocumented(document, { method: "GET", path: "/api/v4/teams/:id" })).toBe(true)
    expect(isDocumented(document, { method: "PUT", path: "/api/v4/teams/:id" })).toBe(false)
    expect(isDocumented(document, { method: "GET", path: "/api/v4/teams/:id/secrets" })).toBe(false)
    expect(isDocumented(document, { method: "GET", path: /^\/api\/v4\/reports\/(?<id>\d+)\/?$/ })).toBe(true)
    expect(isDocumented(document, { method: "GET", path: /^\/api\/v4\/reports\/(?<id>\d+)\/secrets$/ })).toBe(
      false,
    )
  })

  it("wraps bodies in their envelope and refers to the domain schemas by name", () => {
    const create = document.paths["/api/v4/reports"]?.post
    expect(create?.requestBody).toMatchObject({
      content: {
        "application/json": {
          schema: {
            properties: { report: { $ref: "#/components/schemas/ReportCreate" } },
            required: ["report"],
          },
        },
      },
    })
    expect(create?.responses["201"]).toMatchObject({
      headers: { Location: { $ref: "#/components/headers/Location" } },
      content: { "application/json": { schema: { $ref: "#/components/schemas/Report" } } },
    })
    expect(document.components.schemas.ReportCreate).toMatchObject({
      required: ["account_id"],
      properties: { location: { properties: { latitude: { type: "number", minimum: -90, maximum: 90 } } } },
    })
  })

  it("documents paging, field selection, the headers of the tenancy and the problem responses", () => {
    const list = document.paths["/api/v4/tasks"]?.get
    expect(list?.parameters).toEqual(
      expect.arrayContaining([
        { $ref: "#/components/parameters/Range" },
        { $ref: "#/components/parameters/XAppId" },
        { $ref: "#/components/parameters/XTeamId" },
        expect.objectContaining({ name: "orderby", in: "query" }),
        expect.objectContaining({ name: "fields", in: "query" }),
      ]),
    )
    expect(Object.keys(list?.responses ?? {})).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "429",
      "500",
      "503",
    ])
    expect(list?.responses["200"]?.headers).toHaveProperty("Content-Range")
    expect(document.paths["/api/v4/shapes"]?.get?.parameters).toContainEqual({
      $ref: "#/components/parameters/XAppIdRequired",
    })
    expect(document.components.schemas.Problem).toMatchObject({
      required: ["type", "title", "status", "error"],
      properties: { errors: { type: "object", additionalProperties: { type: "array" } } },
    })
    expect(document.components.securitySchemes).toMatchObject({
      token: { type: "apiKey", in: "header", name: "Authorization" },
      bearer: { type: "http", scheme: "bearer" },
    })
    expect(document.paths["/api/v4/session"]?.post?.security).toEqual([])
  })

  it("describes the problem body the server sends", () => {
    expectTypeOf<typeof ProblemBody.Type>().toEqualTypeOf<Problem["body"]>()
  })

  it("gives the maximum length of the strings a body takes, from the domain schemas", () => {
    expect(document.components.schemas.ReportCreate).toMatchObject({
      properties: {
        address: { type: "string", maxLength: 500 },
        title: { type: "string", maxLength: 300 },
        source_id: { type: "string", maxLength: 128 },
      },
    })
    expect(document.components.schemas.ChannelCreate).toMatchObject({
      properties: { name: { type: "string", maxLength: 200 } },
    })
    expect(document.components.schemas.ReportCommentCreate).toMatchObject({
      properties: { content: { type: "string", maxLength: 20_000 } },
    })
  })

  it("bounds every string of every request body: a maxLength, a closed set of words, a UUID or an upload", () => {
    const unbounded: Array<string> = []
    const seen = new Set<string>()
    const walk = (value: unknown, at: string): void => {
      if (Array.isArray(value)) {
        value.forEach((inner, index) => {
          walk(inner, `${at}/${index}`)
        })
        return
      }
      if (!isObject(value)) return
      if (typeof value.$ref === "string") {
        const name = value.$ref.split("/").pop() ?? ""
        if (seen.has(name)) return
        seen.add(name)
        walk(resolvePointer(document as unknown as Json, value.$ref), name)
        return
      }
      const bounded =
        "maxLength" in value || "enum" in value || value.format === "uuid" || value.format === "binary"
      if (value.type === "string" && !bounded) unbounded.push(at)
      for (const [key, inner] of Object.entries(value)) {
        // Free-form metadata: its size is the body's limit, its depth JsonValue's.
        if (key !== "metadata") walk(inner, `${at}/${key}`)
      }
    }
    for (const [path, item] of Object.entries(document.paths))
      for (const [method, operation] of Object.entries(item))
        walk(operation?.requestBody?.content, `${method.toUpperCase()} ${path}`)
    expect(seen.size).toBeGreaterThan(20)
    expect(unbounded).toEqual([])
  })

  it("shows numbers as JSON numbers, never as the strings NaN or Infinity", () => {
    expect(JSON.stringify(document)).not.toMatch(/"(?:-?Infinity|NaN)"/)
    expect(document.components.schemas.Tile).toMatchObject({
      properties: { latitude: { type: "number", minimum: -90, maximum: 90 } },
    })
  })
})

describe("GET /api/v4/openapi.json and GET /docs", () => {
  let server: TestServer

  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(() => server.close())

  it("serves the document", async () => {
    const answer = await server.request("GET", "/api/v4/openapi.json")
    expect(answer.status).toBe(200)
    expect(answer.headers.get("content-type")).toContain("application/json")
    expect(answer.body).toEqual(JSON.parse(JSON.stringify(Document.make())))
  })

  it("serves a page that loads only same-origin scripts, all of which exist", async () => {
    const response = await fetch(`${server.url}/docs`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    const csp = response.headers.get("content-security-policy") ?? ""
    expect(csp).toMatch(/script-src 'self'(?:;|$)/)
    const html = await response.text()
    const scripts = Array.from(html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g), (match) => ({
      src: /\bsrc="([^"]+)"/.exec(match[1] ?? "")?.[1],
      inline: (match[2] ?? "").trim(),
    }))
    expect(scripts.length).toBeGreaterThan(0)
    for (const script of scripts) {
      expect(script.inline).toBe("")
      expect(script.src).toMatch(/^\/[^/]/)
    }
    const styles = Array.from(html.matchAll(/<link\b[^>]*\bhref="([^"]+)"/g), (match) => match[1] ?? "")
    for (const address of [...scripts.map((script) => script.src ?? ""), ...styles]) {
      expect(address).toMatch(/^\/[^/]/)
      const asset = await fetch(`${server.url}${address}`)
      expect(asset.status, address).toBe(200)
      expect(asset.headers.get("content-type"), address).toMatch(/javascript|css|image\/png/)
      await asset.arrayBuffer()
    }
    const initializer = await (await fetch(`${server.url}/docs/reference.js`)).text()
    expect(initializer).toContain('"/api/v4/openapi.json"')
  })

  it("answers 404 for an asset that does not exist", async () => {
    const answer = await server.request("GET", "/docs/assets/no-such-file.js")
    expect(answer.status).toBe(404)
  })
})
