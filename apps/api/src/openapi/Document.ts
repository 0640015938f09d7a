/**
 * The API reference: an OpenAPI 3.1 document built from the endpoint tables of the contract
 * (`@fieldreport/contract`) and the domain Schemas they name, so the reference, the routes the
 * server registers and the validation it runs are one source.
 *
 * What every endpoint of a kind shares is derived here rather than repeated in the tables:
 * authentication (`Token token=` or `Bearer`), the `X-AppId` and `X-TeamId` headers, path
 * parameters from the path template, `Range` paging, and the problem responses (RFC 9457) an
 * endpoint can answer with.
 *
 * Schemas become JSON Schema through effect's representation compiler, all in one batch so named
 * schemas (`Schemas.ts`) are written once under `components.schemas` and referenced everywhere.
 * They describe the wire form a client sends and reads: the encoded side of each Schema.
 */

import { groups } from "@fieldreport/contract/Api"
import {
  type Endpoint,
  type ErrorStatus,
  type Group,
  type JsonBody,
  type Method,
  RecordId,
  type Reply,
  type UploadBody,
} from "@fieldreport/contract/Endpoint"
import * as JsonValue from "@fieldreport/domain/JsonValue"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { Array as Arr, JsonSchema, Schema, type SchemaAST, SchemaRepresentation } from "effect"
import { maxBodyDepth, maxFormFieldBytes } from "../http/BodyParsing.ts"
import { components, ProblemBody } from "./Schemas.ts"

/** A JSON object of the document. */
export type JsonObject = { [key: string]: unknown }

/** An operation of the document. */
export interface Operation {
  readonly tags: ReadonlyArray<string>
  readonly operationId: string
  readonly summary: string
  readonly description?: string
  readonly parameters: ReadonlyArray<JsonObject>
  readonly requestBody?: JsonObject
  readonly responses: Readonly<Record<string, JsonObject>>
  readonly security?: ReadonlyArray<JsonObject>
}

/** The OpenAPI 3.1 document of the API. */
export interface OpenApiDocument {
  readonly openapi: "3.1.1"
  readonly info: JsonObject
  readonly servers: ReadonlyArray<JsonObject>
  readonly tags: ReadonlyArray<JsonObject>
  readonly security: ReadonlyArray<JsonObject>
  readonly paths: Readonly<Record<string, Partial<Record<Method, Operation>>>>
  readonly components: {
    readonly schemas: Readonly<Record<string, JsonSchema.JsonSchema>>
    readonly securitySchemes: Readonly<Record<string, JsonObject>>
    readonly parameters: Readonly<Record<string, JsonObject>>
    readonly headers: Readonly<Record<string, JsonObject>>
    readonly responses: Readonly<Record<string, JsonObject>>
  }
}

const description = [
  "The HTTP API of Fieldreport, a self-hosted field reporting service. Every path is under `/api/v4`;",
  "bodies are JSON (UTF-8).",
  "",
  "- **Authentication**: `Authorization: Token token=<access token>` (or `Bearer <access token>`), from",
  "  `POST /api/v4/session` or a personal API token. Missing or bad credentials are `401`.",
  "- **Branded app and team**: `X-AppId` names the branded app by bundle id (default: the session's);",
  "  `X-TeamId` the team (default: the user's preferred team; a team the user is not in is `403`).",
  "- **Pages**: paged lists take `Range: objects=START-END` (0-based, inclusive; 60 records by default,",
  "  at most 100) and answer `Content-Range: <resource> START-END/TOTAL` and `Accept-Ranges`.",
  "- **Fields**: `fields` adds optional fields (`name`) and removes default ones (`-name`); unknown names",
  "  are ignored and listed in `X-Ignored-Fields`.",
  "- **Values**: ids are integers (task ids are client UUIDs); timestamps are ISO 8601, written in UTC",
  "  with milliseconds and `Z`; geometries are WKT. Lists in queries are accepted as `a=1,2`,",
  "  `a[]=1&a[]=2` or `a[0]=1&a[1]=2`; booleans as `true`, `false`, `1`, `0`.",
  "- **Limits**: every string of a body has a `maxLength` (`422` naming the field past it); free-form JSON",
  `  (shape metadata, a form field's \`data\`) nests at most ${JsonValue.maxDepth} levels, a whole body at most ${maxBodyDepth}`,
  "  (`400`); bodies are at most 1 MiB by default (`413`). A query parameter name no route reads as sent",
  "  (`a[][]`, more than three bracketed parts, named parts outside `filter`, `exclude` and `order`) is",
  `  \`400\` naming it, and so are more than ${QueryValue.maxParameters} parameters.`,
  "- **Errors**: RFC 9457 problem details (`application/problem+json`) with `type`, `title`, `status`,",
  "  `detail`, `error` (a short message older clients read) and, for validation, `errors` by field path.",
  "- **Operations** (outside this document): `GET /healthz`, `GET /readyz`, and Prometheus metrics at",
  "  `GET /metrics`, which asks for `Authorization: Bearer <token>` when `FIELDREPORT_METRICS_TOKEN` is set.",
  "  A client's `X-Request-Id` of 1 to 64 letters, digits, `.`, `_` and `-` is echoed; any other is replaced.",
].join("\n")

const ref = (section: string, name: string): JsonObject => ({ $ref: `#/components/${section}/${name}` })

/** The problem responses, by status: their component name, description and headers. */
const problems: Readonly<
  Record<ErrorStatus, { readonly name: string; readonly description: string; readonly headers?: string }>
> = {
  400: { name: "MalformedRequest", description: "Malformed JSON, query parameter or header." },
  401: {
    name: "Unauthorized",
    description: "Missing or bad credentials.",
    headers: "WWW-Authenticate",
  },
  403: { name: "Forbidden", description: "Authenticated, but not allowed." },
  404: {
    name: "NotFound",
    description: "Unknown, or in another tenant (never revealed to exist).",
  },
  409: { name: "Conflict", description: "Conflicts with the current state." },
  413: { name: "PayloadTooLarge", description: "The body or upload is too large." },
  415: { name: "UnsupportedMediaType", description: "Wrong content type." },
  422: { name: "InvalidInput", description: "Well-formed but invalid; `errors` names each field." },
  429: {
    name: "TooManyRequests",
    description: "Rate limited; retry after `Retry-After` seconds.",
    headers: "Retry-After",
  },
  500: {
    name: "InternalError",
    description: "An unexpected error (the body carries only an error id), or a failed background search.",
  },
  503: {
    name: "Unavailable",
    description:
      "Starting or draining, or a store the request needs is down (uploads: the file store); retry after " +
      "`Retry-After` seconds when it is sent.",
    headers: "Retry-After",
  },
}

const headers: Readonly<Record<string, JsonObject>> = {
  Location: {
    description: "The address of the new record; its last path segment is the new id.",
    schema: { type: "string" },
  },
  "Content-Range": {
    description:
      "The page sent: `<resource> START-END/TOTAL`, `*/TOTAL` when empty, `START-END/*` when not counted.",
    schema: { type: "string" },
  },
  "Accept-Ranges": { description: "The resource the list pages.", schema: { type: "string" } },
  "X-Ignored-Fields": {
    description: "Names in `fields` the resource does not know, ignored.",
    schema: { type: "string" },
  },
  "WWW-Authenticate": { description: '`Token realm="api"`.', schema: { type: "string" } },
  "Retry-After": { description: "Seconds to wait before retrying.", schema: { type: "integer" } },
}

const headerParameters: Readonly<Record<string, JsonObject>> = {
  XAppId: {
    name: "X-AppId",
    in: "header",
    required: false,
    description: "The bundle id of the current branded app; the session's app by default.",
    schema: { type: "string", examples: ["com.fieldreport.app"] },
  },
  XAppIdRequired: {
    name: "X-AppId",
    in: "header",
    required: true,
    description: "The bundle id of the current branded app: `400` without it, `404` for an unknown app.",
    schema: { type: "string", examples: ["com.fieldreport.app"] },
  },
  XTeamId: {
    name: "X-TeamId",
    in: "header",
    required: false,
    description:
      "The current team; the user's preferred team by default. A team the user is not in is `403`.",
    schema: { type: "integer", exclusiveMinimum: 0 },
  },
  Range: {
    name: "Range",
    in: "header",
    required: false,
    description: "The page: `objects=START-END`, 0-based and inclusive; 60 records by default, at most 100.",
    schema: { type: "string", pattern: "^objects=\\d+-\\d+$", examples: ["objects=0-59"] },
  },
}

const securitySchemes: Readonly<Record<string, JsonObject>> = {
  token: {
    type: "apiKey",
    in: "header",
    name: "Authorization",
    description: "The whole header value: `Token token=<access token>`, the form existing clients send.",
  },
  bearer: { type: "http", scheme: "bearer", description: "`Authorization: Bearer <access token>`." },
}

const authenticated: ReadonlyArray<JsonObject> = [{ token: [] }, { bearer: [] }]

const Uuid = Schema.String.annotate({ format: "uuid" })

/** The parameter names of a path template, in order: `/a/{x}/b/{y}` → `x`, `y`. */
const pathParameters = (path: string): ReadonlyArray<string> =>
  Array.from(path.matchAll(/\{([^}]+)\}/g), (match) => match[1] ?? "")

const describePathParameter = (name: string, noun: string): string => {
  if (name === "id") return `The ${noun}'s id.`
  if (name === "uuid") return `The ${noun}'s UUID.`
  return `The ${name.replace(/_id$/, "").replaceAll("_", " ")}'s id.`
}

/**
 * Collects the Schemas the document needs and compiles them in one batch: `slot` answers an empty
 * object now and `compile` fills every slot with its JSON Schema, returning the named definitions.
 */
const schemaSlots = () => {
  const named = new Map(
    components.map((component) => [
      component.schema,
      Schema.toEncoded(component.schema).annotate({
        identifier: component.name,
        description: component.description,
      }),
    ]),
  )
  const slots: Array<{ readonly ast: SchemaAST.AST; readonly target: JsonObject }> = []
  return {
    /** The schema shown under its name when it has one. */
    named: (schema: Schema.Top): Schema.Top => named.get(schema) ?? schema,
    slot: (schema: Schema.Top): JsonObject => {
      const target: JsonObject = {}
      slots.push({ ast: schema.ast, target })
      return target
    },
    compile: (): Record<string, JsonSchema.JsonSchema> => {
      const asts = slots.map((slot) => slot.ast)
      if (!Arr.isArrayNonEmpty(asts)) return {}
      const compiled = JsonSchema.toMultiDocumentOpenApi3_1(
        SchemaRepresentation.toJsonSchemaMultiDocument(SchemaRepresentation.toRepresentations(asts)),
      )
      slots.forEach((slot, index) => {
        Object.assign(slot.target, tidy(compiled.schemas[index]))
      })
      return Object.fromEntries(
        Object.entries(compiled.definitions).map(([name, schema]) => [name, tidy(schema)]),
      ) as Record<string, JsonSchema.JsonSchema>
    },
  }
}

const nonFinite = ["NaN", "Infinity", "-Infinity"]

/** `{type: "string", enum: ["NaN", "Infinity", "-Infinity"]}` in any order. */
const isNonFiniteBranch = (branch: unknown): boolean => {
  if (typeof branch !== "object" || branch === null) return false
  const { type, enum: values } = branch as JsonObject
  return (
    type === "string" &&
    Array.isArray(values) &&
    values.length === nonFinite.length &&
    nonFinite.every((value) => values.includes(value))
  )
}

/**
 * Two rewrites of effect's JSON Schema that change nothing a client may send or read, only how
 * the reference reads:
 *
 * - effect writes `Schema.Number` as a number or one of the strings `NaN`, `Infinity`,
 *   `-Infinity` (its JSON codec's way of carrying them); the API never reads or writes those
 *   strings, so the reference shows plain numbers;
 * - `additionalProperties: true` is JSON Schema's default, and Swagger UI would show it as an
 *   `additionalProp1` member in every example.
 */
const tidy = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(tidy)
  if (typeof value !== "object" || value === null) return value
  const object: JsonObject = Object.fromEntries(
    Object.entries(value)
      .filter(([key, inner]) => !(key === "additionalProperties" && inner === true))
      .map(([key, inner]) => [key, tidy(inner)]),
  )
  const anyOf = object.anyOf
  if (!Array.isArray(anyOf) || !anyOf.some(isNonFiniteBranch)) return object
  const branches = anyOf.filter((branch) => !isNonFiniteBranch(branch))
  const { anyOf: _, ...rest } = object
  return branches.length === 1 ? { ...rest, ...(branches[0] as JsonObject) } : { ...rest, anyOf: branches }
}

/** The error statuses of an endpoint: those of its kind, and those it names. */
const errorStatuses = (endpoint: Endpoint): ReadonlyArray<ErrorStatus> => {
  const access = endpoint.access ?? "user"
  const parameters = pathParameters(endpoint.path).length > 0
  const statuses = new Set<ErrorStatus>([429, 500, 503, ...(endpoint.errors ?? [])])
  if (access !== "public" || parameters || endpoint.body !== undefined || (endpoint.query ?? []).length > 0)
    statuses.add(400)
  if (access !== "public") for (const status of [401, 403, 404] as const) statuses.add(status)
  if (parameters) statuses.add(404)
  if (endpoint.body !== undefined) for (const status of [413, 415, 422] as const) statuses.add(status)
  return [...statuses].sort((a, b) => a - b)
}

const operationOf = (
  group: Group,
  endpoint: Endpoint,
  schemas: ReturnType<typeof schemaSlots>,
): Operation => {
  const access = endpoint.access ?? "user"
  const query = endpoint.query ?? []
  const paginated = Object.values(endpoint.replies).some((reply) => reply.paginated === true)
  const selectsFields = query.some((parameter) => parameter.name === "fields")

  const parameters: Array<JsonObject> = [
    ...pathParameters(endpoint.path).map((name) => {
      const declared = endpoint.pathParameters?.[name]
      return {
        name,
        in: "path",
        required: true,
        description: declared?.description ?? describePathParameter(name, group.noun),
        schema: schemas.slot(declared?.schema ?? (name === "uuid" ? Uuid : RecordId)),
      }
    }),
    ...query.map((parameter) => ({
      name: parameter.name,
      in: "query",
      required: parameter.required ?? false,
      description: parameter.description,
      schema: schemas.slot(schemas.named(parameter.schema)),
    })),
    ...(access === "public"
      ? []
      : [
          ref("parameters", endpoint.appHeader === "required" ? "XAppIdRequired" : "XAppId"),
          ref("parameters", "XTeamId"),
        ]),
    ...(paginated ? [ref("parameters", "Range")] : []),
  ]

  /** The media types and schemas of one form of body. */
  const contentOf = (body: JsonBody | UploadBody): ReadonlyArray<readonly [string, JsonObject]> => {
    if (body._tag === "json") {
      const content = {
        schema: schemas.slot(
          body.root === undefined
            ? schemas.named(body.schema)
            : Schema.Struct({ [body.root]: schemas.named(body.schema) }),
        ),
      }
      return [
        ["application/json", content],
        ...(body.form === true ? [["application/x-www-form-urlencoded", content] as const] : []),
      ]
    }
    const fields = Object.entries(body.fields ?? {})
    return [
      [
        "multipart/form-data",
        {
          schema: {
            type: "object",
            required: [...fields.map(([name]) => name), "file"],
            properties: {
              ...Object.fromEntries(
                fields.map(([name, description]) => [
                  name,
                  { type: "string", maxLength: maxFormFieldBytes, description },
                ]),
              ),
              file: { type: "string", format: "binary", contentMediaType: "application/octet-stream" },
            },
          },
        },
      ],
    ]
  }
  const body = endpoint.body
  const requestBody: JsonObject | undefined =
    body === undefined
      ? undefined
      : {
          required: true,
          content: Object.fromEntries((body._tag === "oneOf" ? body.bodies : [body]).flatMap(contentOf)),
        }

  const success = (reply: Reply): JsonObject => {
    const replyHeaders = [
      ...(reply.location === true ? ["Location"] : []),
      ...(reply.paginated === true ? ["Content-Range", "Accept-Ranges"] : []),
      ...(selectsFields && reply.schema !== undefined ? ["X-Ignored-Fields"] : []),
    ]
    const schema = reply.schema
    const record = schema === undefined ? undefined : schemas.named(schema)
    const listed = record === undefined || reply.list !== true ? record : Schema.Array(record)
    const wrapped =
      listed === undefined || reply.root === undefined ? listed : Schema.Struct({ [reply.root]: listed })
    return {
      description: reply.description,
      ...(replyHeaders.length === 0
        ? {}
        : { headers: Object.fromEntries(replyHeaders.map((name) => [name, ref("headers", name)])) }),
      ...(wrapped === undefined
        ? {}
        : { content: { "application/json": { schema: schemas.slot(wrapped) } } }),
      ...(reply.media === undefined
        ? {}
        : {
            content: Object.fromEntries(
              reply.media.map((type) => [type, { schema: { type: "string", contentMediaType: type } }]),
            ),
          }),
    }
  }

  const responses: Record<string, JsonObject> = {}
  for (const [status, reply] of Object.entries(endpoint.replies)) responses[status] = success(reply)
  for (const status of errorStatuses(endpoint)) responses[status] = ref("responses", problems[status].name)

  const notes = [
    ...(access === "admin" ? ["Platform administrators only."] : []),
    ...(endpoint.reach === "account" ? ["API tokens may not call it: sign in with a password."] : []),
    ...(endpoint.description === undefined ? [] : [endpoint.description]),
  ]
  return {
    tags: [group.name],
    operationId: endpoint.operationId,
    summary: endpoint.summary,
    ...(notes.length === 0 ? {} : { description: notes.join(" ") }),
    parameters,
    ...(requestBody === undefined ? {} : { requestBody }),
    responses,
    ...(access === "public" ? { security: [] } : {}),
  }
}

/**
 * Builds the document of the given groups (every group by default). Building compiles every
 * Schema, so the server builds it once, at start.
 *
 * @example
 * ```ts
 * const document = make()
 * document.paths["/api/v4/teams"]?.get?.operationId // "listTeams"
 * ```
 */
export const make = (from: ReadonlyArray<Group> = groups): OpenApiDocument => {
  const schemas = schemaSlots()
  const problem = schemas.slot(schemas.named(ProblemBody))
  const paths: Record<string, Partial<Record<Method, Operation>>> = {}
  for (const group of from) {
    for (const endpoint of group.endpoints) {
      const item = paths[endpoint.path] ?? {}
      paths[endpoint.path] = item
      if (item[endpoint.method] !== undefined)
        throw new Error(`${endpoint.method.toUpperCase()} ${endpoint.path} is listed twice`)
      item[endpoint.method] = operationOf(group, endpoint, schemas)
    }
  }
  const responses = Object.fromEntries(
    Object.values(problems).map((entry) => [
      entry.name,
      {
        description: entry.description,
        ...(entry.headers === undefined
          ? {}
          : { headers: { [entry.headers]: ref("headers", entry.headers) } }),
        content: { "application/problem+json": { schema: problem } },
      },
    ]),
  )
  return {
    openapi: "3.1.1",
    info: {
      title: "Fieldreport API",
      version: "4",
      description,
      license: { name: "MIT", identifier: "MIT" },
    },
    servers: [{ url: "/", description: "This server" }],
    tags: from.map((group) => ({ name: group.name, description: group.description })),
    security: authenticated,
    paths,
    components: {
      schemas: schemas.compile(),
      securitySchemes,
      parameters: headerParameters,
      headers,
      responses,
    },
  }
}
