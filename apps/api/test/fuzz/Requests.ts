/**
 * Requests for the fuzz test, derived from the operations of the OpenAPI document, so a route
 * added to the document is fuzzed without touching the test: path parameters (ids that exist,
 * ids of others, and text that is no id), the query parameters the operation declares (with
 * `fields`, `orderby`, list and nested forms), headers (credentials, `X-AppId`, `X-TeamId`,
 * `Range`, content types) and bodies (JSON from the operation's schema, mutated JSON, text that is
 * no JSON, and multipart uploads, well-formed or not).
 */
import fc from "fast-check"
import type { OpenApiDocument } from "../../src/openapi/Document.ts"
import { anyJson, type JsonSchema, oddString, schemaValue } from "./SchemaValues.ts"

/** A request to send as is. */
export interface FuzzRequest {
  readonly method: string
  /** Path and query, already encoded. */
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string | Uint8Array
}

/** An operation of the document, its parameters resolved. */
export interface Operation {
  readonly method: string
  /** The path template, such as `/api/v4/reports/{report_id}`. */
  readonly path: string
  readonly parameters: ReadonlyArray<JsonSchema>
  /** The schema of a JSON body, or `upload` for a multipart one. */
  readonly body: JsonSchema | "upload" | undefined
}

/** What exists in the fuzzed server: credentials and ids a request may name. */
export interface Fixtures {
  /** Tokens of users in different roles (a platform administrator, a team owner, an outsider). */
  readonly tokens: ReadonlyArray<string>
  readonly bundleIds: ReadonlyArray<string>
  readonly teamIds: ReadonlyArray<number>
  /** Ids that exist, by the path segment before the parameter (`reports`, `teams`, `tasks`…). */
  readonly ids: Readonly<Record<string, ReadonlyArray<string>>>
  /** Field names a `fields` parameter may name, known to some resource. */
  readonly fieldNames: ReadonlyArray<string>
}

/**
 * The operations of the document.
 *
 * @example
 * ```ts
 * const operations = operationsOf(Document.make())
 * ```
 */
export const operationsOf = (document: OpenApiDocument): ReadonlyArray<Operation> => {
  const resolve = resolverOf(document)
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => {
      const content = (operation?.requestBody?.content ?? {}) as Record<string, { schema?: JsonSchema }>
      const json = content["application/json"]?.schema
      return {
        method: method.toUpperCase(),
        path,
        parameters: (operation?.parameters ?? []).map((parameter) =>
          typeof parameter.$ref === "string" ? resolve(parameter.$ref) : parameter,
        ),
        body: "multipart/form-data" in content ? "upload" : json,
      } satisfies Operation
    }),
  )
}

/**
 * Resolves a local `$ref` (`#/components/schemas/Task`) of the document.
 *
 * @example
 * ```ts
 * resolverOf(document)("#/components/schemas/Task").type // "object"
 * ```
 */
export const resolverOf =
  (document: OpenApiDocument) =>
  (ref: string): JsonSchema => {
    let value: unknown = document
    for (const key of ref.replace(/^#\//, "").split("/")) value = (value as Record<string, unknown>)?.[key]
    return (value ?? {}) as JsonSchema
  }

/** Percent-encodes text, lone surrogates replaced (they have no UTF-8 form to encode). */
const encode = (text: string): string =>
  encodeURIComponent(
    text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD"),
  )

/** Header values: printable ASCII, which is all HTTP lets a client send. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 40,
})

const oddSegment = fc.constantFrom(
  "0",
  "-1",
  "1.5",
  "1e3",
  "abc",
  "99999999999999999999",
  "9007199254740993",
  "%2e%2e",
  "%00",
  "1%20OR%201%3D1",
  "%E2%82%AC",
  "%ZZ",
  "null",
  "undefined",
  "x".repeat(300),
)

/** A path parameter: an id that exists where it names one, else any id, or text that is no id. */
const segmentFor = (template: string, name: string, fixtures: Fixtures): fc.Arbitrary<string> => {
  const before = template.split(`/{${name}}`)[0]?.split("/").pop() ?? ""
  const known = fixtures.ids[before] ?? []
  const everyId = Object.values(fixtures.ids).flat()
  return fc.oneof(
    ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 6 }] : []),
    { arbitrary: fc.constantFrom(...everyId), weight: 2 },
    { arbitrary: fc.nat({ max: 50 }).map(String), weight: 1 },
    { arbitrary: fc.uuid(), weight: 1 },
    { arbitrary: oddSegment, weight: 2 },
  )
}

/** A list in one of the forms clients send: `a=1,2`, `a[]=1&a[]=2` or `a[0]=1&a[1]=2`. */
const listParameter = (name: string, values: ReadonlyArray<string>): fc.Arbitrary<string> => {
  const bare = name.replace(/\[\]$/, "")
  return fc.constantFrom(
    `${name}=${values.map(encode).join(",")}`,
    values.map((value) => `${bare}[]=${encode(value)}`).join("&"),
    values.map((value, index) => `${bare}[${index}]=${encode(value)}`).join("&"),
  )
}

const fieldsParameter = (fixtures: Fixtures): fc.Arbitrary<string> =>
  fc
    .array(
      fc.oneof(
        fc.constantFrom(...fixtures.fieldNames),
        fc.constantFrom(...fixtures.fieldNames).map((name) => `-${name}`),
        oddString,
      ),
      { maxLength: 8 },
    )
    .chain((names) => fc.oneof(listParameter("fields", names), fc.constant(`fields=${"id,".repeat(100)}`)))

const orderbyParameter = (fixtures: Fixtures): fc.Arbitrary<string> =>
  fc
    .array(
      fc
        .tuple(
          fc.oneof(fc.constantFrom(...fixtures.fieldNames), oddString),
          fc.constantFrom("", " asc", " desc", " up", "-"),
        )
        .map(([name, direction]) => (direction === "-" ? `-${name}` : `${name}${direction}`)),
      { maxLength: 4 },
    )
    .chain((clauses) => listParameter("orderby", clauses))

/** A query parameter the operation declares, from its schema or not. */
const queryParameter = (parameter: JsonSchema, fixtures: Fixtures, resolve: (ref: string) => JsonSchema) => {
  const name = String(parameter.name)
  if (name === "fields") return fieldsParameter(fixtures)
  if (name === "orderby") return orderbyParameter(fixtures)
  const schema = (parameter.schema ?? {}) as JsonSchema
  const known = name.includes("channel")
    ? (fixtures.ids.channels ?? [])
    : name.includes("team")
      ? fixtures.teamIds.map(String)
      : []
  return fc
    .oneof(
      { arbitrary: schemaValue(schema, resolve, 0, name), weight: 5 },
      ...(known.length > 0 ? [{ arbitrary: fc.constantFrom(...known), weight: 4 }] : []),
      { arbitrary: oddString, weight: 2 },
      {
        arbitrary: fc.array(fc.oneof(fc.nat({ max: 40 }).map(String), oddString), { maxLength: 4 }),
        weight: 1,
      },
    )
    .chain((value): fc.Arbitrary<string> => {
      if (Array.isArray(value))
        return listParameter(
          name,
          value.map((item) => (typeof item === "string" ? item : JSON.stringify(item))),
        )
      const text = typeof value === "string" ? value : JSON.stringify(value)
      return fc.constant(
        `${encode(name).replaceAll("%5B", "[").replaceAll("%5D", "]")}=${encode(text ?? "")}`,
      )
    })
}

/** Query text no operation declares: deep nesting, prototype keys, malformed escapes. */
const strayQuery = fc.constantFrom(
  "__proto__[admin]=1",
  "constructor[prototype][admin]=1",
  "a[b][c][d][e][f][g][h]=1",
  `a=${"%".repeat(3)}`,
  "fields[][]=id",
  "orderby[x]=id",
  "filter=1",
  "filter[channels][][]=1",
  "user_ids[][]=1",
  "filter[a][b][c][d]=1",
  "page[size]=10",
  "a[b=1",
  "page=2&per_page=100000",
  "a[999999]=1",
  "&&&=&",
  `x=${"y".repeat(10000)}`,
)

const rangeHeader = fc.oneof(
  fc.tuple(fc.nat({ max: 200 }), fc.nat({ max: 200 })).map(([start, end]) => `objects=${start}-${end}`),
  fc.constantFrom(
    "objects=0-99999999999999999999",
    "objects=-1-5",
    "objects=5-",
    "objects=",
    "bytes=0-10",
    "objects=0-10, 20-30",
    "objects=1e3-2e3",
    "",
  ),
  headerText,
)

const contentTypes = fc.constantFrom(
  "application/json",
  "application/json; charset=utf-8",
  "application/json; charset=latin1",
  "text/plain",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "application/problem+json",
  "application/json; charset=utf-16",
)

/** JSON text that is no valid body: truncated, nested too deep, not JSON at all. */
const brokenJson = fc.oneof(
  fc.constantFrom(
    "{",
    "[",
    '{"a":',
    "{'a': 1}",
    "nul",
    "\u0000",
    "1e999",
    '"\\ud800"',
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
  ),
  headerText,
)

/**
 * The operation's envelope around a value nested around the limits of free-form JSON (32 levels)
 * and of a body (64), or far past them, under a key where free-form JSON goes or where none does.
 * Written as text: `JSON.stringify` itself fails on thousands of levels.
 */
const deepBody = (schema: JsonSchema): fc.Arbitrary<string> => {
  const properties = schema.properties
  const root = typeof properties === "object" && properties !== null ? Object.keys(properties)[0] : undefined
  return fc
    .tuple(fc.constantFrom(31, 32, 33, 62, 63, 64, 65, 5_000), fc.constantFrom("metadata", "data", "x"))
    .map(([levels, key]) => {
      const inner = `{"${key}":${'{"a":'.repeat(levels)}1${"}".repeat(levels)}}`
      return root === undefined ? `[${inner}]` : `{"${root}":${inner}}`
    })
}

/** A body for a JSON operation: from its schema, mutated, nested deep, any JSON, or no JSON. */
const jsonBody = (schema: JsonSchema, resolve: (ref: string) => JsonSchema): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: schemaValue(schema, resolve).map((value) => JSON.stringify(value) ?? "null"), weight: 8 },
    {
      // The envelope's content without its envelope, or under another name.
      arbitrary: schemaValue(schema, resolve).map(
        (value) =>
          JSON.stringify(
            typeof value === "object" && value !== null ? (Object.values(value)[0] ?? {}) : { x: value },
          ) ?? "{}",
      ),
      weight: 1,
    },
    { arbitrary: deepBody(schema), weight: 1 },
    { arbitrary: anyJson.map((value) => JSON.stringify(value)), weight: 1 },
    { arbitrary: brokenJson, weight: 1 },
  )

/** The bytes a file part may carry: an image's signature, a PDF's, text, or nothing. */
const fileContent = fc.oneof(
  fc
    .uint8Array({ maxLength: 200 })
    .map((rest) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...rest])),
  fc.uint8Array({ maxLength: 200 }).map((rest) => new Uint8Array([0xff, 0xd8, 0xff, ...rest])),
  fc.string({ maxLength: 100 }).map((text) => new TextEncoder().encode(`%PDF-1.4\n${text}`)),
  fc.string({ maxLength: 100 }).map((text) => new TextEncoder().encode(text)),
  fc.uint8Array({ maxLength: 300 }),
)

/** A multipart upload, well-formed or not, and the content type that announces it. */
const upload: fc.Arbitrary<{ readonly contentType: string; readonly body: Uint8Array }> = fc
  .record({
    boundary: fc.constantFrom("fuzzboundary", "a", "x".repeat(70)),
    announced: fc.constantFrom("same", "other", "none"),
    partName: fc.constantFrom("file", "file", "file", "other", ""),
    filename: fc.oneof(
      fc.constantFrom("photo.png", "../../x.png", "", 'a"b.png', "x".repeat(300)),
      headerText,
    ),
    content: fileContent,
    parts: fc.integer({ min: 0, max: 2 }),
    ending: fc.constantFrom("end", "end", "truncated", "none"),
  })
  .map(({ boundary, announced, partName, filename, content, parts, ending }) => {
    const encoder = new TextEncoder()
    const part = (name: string) => [
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: image/png\r\n\r\n`,
      ),
      content,
      encoder.encode("\r\n"),
    ]
    const chunks = [...Array.from({ length: parts }, () => part(partName)).flat()]
    if (ending === "end") chunks.push(encoder.encode(`--${boundary}--\r\n`))
    if (ending === "truncated") chunks.push(encoder.encode(`--${boundary.slice(0, 1)}`))
    const body = new Uint8Array(chunks.reduce((total, chunk) => total + chunk.length, 0))
    let at = 0
    for (const chunk of chunks) {
      body.set(chunk, at)
      at += chunk.length
    }
    const contentType =
      announced === "same"
        ? `multipart/form-data; boundary=${boundary}`
        : announced === "other"
          ? "multipart/form-data; boundary=elsewhere"
          : "multipart/form-data"
    return { contentType, body }
  })

/**
 * The requests to fuzz one operation with.
 *
 * @example
 * ```ts
 * fc.sample(requestsFor(operation, fixtures, resolverOf(document)), 1)
 * ```
 */
export const requestsFor = (
  operation: Operation,
  fixtures: Fixtures,
  resolve: (ref: string) => JsonSchema,
): fc.Arbitrary<FuzzRequest> => {
  const pathNames = [...operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? "")
  const path = fc
    .tuple(...pathNames.map((name) => segmentFor(operation.path, name, fixtures)))
    .map((segments) =>
      pathNames.reduce(
        (path, name, index) => path.replace(`{${name}}`, segments[index] ?? ""),
        operation.path,
      ),
    )
  const queries = operation.parameters
    .filter((parameter) => parameter.in === "query")
    .map((parameter) => fc.option(queryParameter(parameter, fixtures, resolve), { freq: 2, nil: undefined }))
  const query = fc
    .tuple(fc.tuple(...queries), fc.option(strayQuery, { freq: 8, nil: undefined }))
    .map(([declared, stray]) => [...declared, stray].filter((part) => part !== undefined).join("&"))
  const paged = operation.parameters.some((parameter) => parameter.name === "Range")
  const headers = fc.record(
    {
      Authorization: fc.oneof(
        { arbitrary: fc.constantFrom(...fixtures.tokens).map((token) => `Token token=${token}`), weight: 12 },
        { arbitrary: fc.constantFrom(...fixtures.tokens).map((token) => `Bearer ${token}`), weight: 2 },
        {
          arbitrary: fc.oneof(
            fc.constantFrom(
              "Token token=",
              "Token",
              "Bearer",
              "Basic YWRtaW46YWRtaW4=",
              "Token token=fr_at_0000",
              'Token token="x"',
            ),
            headerText,
          ),
          weight: 2,
        },
      ),
      "X-AppId": fc.oneof(fc.constantFrom(...fixtures.bundleIds), headerText),
      "X-TeamId": fc.oneof(
        fc.constantFrom(...fixtures.teamIds.map(String)),
        fc.constantFrom("0", "-1", "1.5", "abc", "99999999999999999999"),
        headerText,
      ),
      Range: rangeHeader,
      "X-Request-Id": headerText,
      Accept: fc.constantFrom("application/json", "*/*", "text/html", "application/xml"),
    },
    { requiredKeys: [] },
  )
  const body: fc.Arbitrary<{ readonly contentType?: string; readonly body?: string | Uint8Array }> =
    operation.body === "upload"
      ? fc.oneof(
          { arbitrary: upload, weight: 9 },
          {
            arbitrary: jsonBody({}, resolve).map((text) => ({ contentType: "application/json", body: text })),
            weight: 1,
          },
        )
      : operation.body === undefined
        ? fc.oneof(
            { arbitrary: fc.constant({}), weight: 9 },
            {
              arbitrary: jsonBody({}, resolve).map((text) => ({
                contentType: "application/json",
                body: text,
              })),
              weight: 1,
            },
          )
        : fc
            .tuple(
              jsonBody(operation.body, resolve),
              fc.oneof(
                { arbitrary: fc.constant("application/json"), weight: 8 },
                { arbitrary: contentTypes, weight: 2 },
              ),
            )
            .map(([text, contentType]) => ({ contentType, body: text }))
  return fc
    .record({
      path,
      query,
      headers,
      body,
      // Paged operations mostly get a Range; others sometimes, which they ignore.
      withRange: fc.boolean().map((flip) => flip || paged),
    })
    .map(({ path, query, headers, body, withRange }) => {
      const { Range, ...rest } = headers
      return {
        method: operation.method,
        path: query === "" ? path : `${path}?${query}`,
        headers: {
          ...rest,
          ...(withRange && Range !== undefined ? { Range } : {}),
          ...(body.contentType === undefined ? {} : { "Content-Type": body.contentType }),
        },
        ...(body.body === undefined ? {} : { body: body.body }),
      }
    })
}
