/**
 * A typed client of the Fieldreport API over `fetch`, for browsers and Node alike. Every call names
 * an operation of the contract (`@fieldreport/contract`), whose entry types the call's path
 * parameters, query and body and the answer, decoded with the entry's domain Schemas. The client
 * sends the `Token token=` credentials, `X-AppId` / `X-TeamId` and `Range` for pages.
 */
import * as Api from "@fieldreport/contract/Api"
import type { AnswerOf, InputOf, PagedOperationId, QueryValue } from "@fieldreport/contract/Call"
import type { Endpoint, Reply } from "@fieldreport/contract/Endpoint"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect, Schema } from "effect"
import { type ApiError, fromAnswer, TransportError } from "./ApiError.ts"

/** Where and as whom the client calls. */
export interface ClientOptions {
  /** The service's address, such as `https://reports.example.com`. */
  readonly baseUrl: string
  readonly token?: string | undefined
  /** Bundle id of the branded app, sent as `X-AppId`. */
  readonly appId?: string | undefined
  readonly teamId?: number | undefined
  /** A `fetch` to use instead of the global one (tests, proxies). */
  readonly fetch?: typeof fetch | undefined
}

/** One page of a list and the total the server counted (undefined when it did not count). */
export interface Page<A> {
  readonly items: ReadonlyArray<A>
  readonly start: number
  readonly total: number | undefined
}

/**
 * How a call reads its answer: `as` decodes each record with another Schema than the entry's (an
 * answer whose `fields` picked some fields), `range` asks for a page.
 */
export interface ReadOptions<Item extends Schema.Top | undefined> {
  readonly as?: Item
  readonly range?: RangePage.RangePage | undefined
}

/** A call's arguments: the input may be left out when the operation needs none. */
type Arguments<Id extends Api.OperationId, Item extends Schema.Top | undefined> =
  object extends InputOf<Id>
    ? [input?: InputOf<Id>, read?: ReadOptions<Item>]
    : [input: InputOf<Id>, read?: ReadOptions<Item>]

type Sent = {
  readonly path?: Readonly<Record<string, string | number>> | undefined
  readonly query?: Readonly<Record<string, QueryValue>> | undefined
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>> | undefined
}

/** The Schema of a reply's JSON body, its records read with `item`. */
const bodySchema = (reply: Reply, item: Schema.Top): Schema.Top => {
  const listed = reply.list === true ? Schema.Array(item) : item
  return reply.root === undefined ? listed : Schema.Struct({ [reply.root]: listed })
}

/**
 * Makes a client.
 *
 * @example
 * ```ts
 * const client = make({ baseUrl: "http://127.0.0.1:3000" })
 * const session = yield* client.login({ app_bundle_id: "com.fieldreport.app", email, password })
 * const signedIn = make({ baseUrl, token: session.access_token })
 * const task = yield* signedIn.call("getTask", { path: { uuid } })
 * ```
 */
export const make = (options: ClientOptions) => {
  const send = (endpoint: Endpoint, input: Sent, range: RangePage.RangePage | undefined) =>
    Effect.gen(function* () {
      const url = new URL(
        Api.href(endpoint.operationId as Api.OperationId, (input.path ?? {}) as never),
        options.baseUrl,
      )
      for (const [name, value] of Object.entries(input.query ?? {})) {
        if (value === undefined) continue
        for (const one of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(one))
      }
      const headers: Record<string, string> = { Accept: "application/json", ...input.headers }
      if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
      if (options.appId !== undefined) headers["X-AppId"] = options.appId
      if (options.teamId !== undefined) headers["X-TeamId"] = String(options.teamId)
      if (range !== undefined) headers.Range = RangePage.format(range)
      const multipart = input.body instanceof FormData
      // fetch writes the multipart boundary into the Content-Type itself.
      if (input.body !== undefined && !multipart) headers["Content-Type"] = "application/json"
      const method = endpoint.method.toUpperCase()
      const response = yield* Effect.tryPromise({
        try: (signal) =>
          (options.fetch ?? fetch)(url, {
            method,
            headers,
            signal,
            ...(input.body === undefined
              ? {}
              : { body: multipart ? (input.body as FormData) : JSON.stringify(input.body) }),
          }),
        catch: (cause) =>
          new TransportError({ message: `${method} ${url.pathname} failed: ${String(cause)}` }),
      })
      const reply: Reply | undefined = endpoint.replies[response.status]
      if (reply?.media !== undefined && response.ok) {
        const blob = yield* Effect.tryPromise({
          try: () => response.blob(),
          catch: (cause) => new TransportError({ message: `reading the answer failed: ${String(cause)}` }),
        })
        return { status: response.status, headers: response.headers, body: blob as unknown, reply }
      }
      const text = yield* Effect.tryPromise({
        try: () => response.text(),
        catch: (cause) => new TransportError({ message: `reading the answer failed: ${String(cause)}` }),
      })
      const body: unknown =
        text === ""
          ? undefined
          : yield* Effect.try({
              try: () => JSON.parse(text) as unknown,
              catch: () =>
                new TransportError({ message: `${method} ${url.pathname} answered with non-JSON` }),
            })
      if (!response.ok)
        return yield* Effect.fail<ApiError | TransportError>(
          fromAnswer(response.status, body, response.headers.get("retry-after")),
        )
      if (reply === undefined)
        return yield* new TransportError({
          message: `${method} ${url.pathname} answered ${response.status}, which ${endpoint.operationId} does not declare`,
        })
      return { status: response.status, headers: response.headers, body, reply }
    })

  /**
   * Calls an operation and answers its status, headers and decoded body.
   *
   * @example
   * ```ts
   * const answer = yield* client.request("getReportSearchReports", { path: { id } })
   * if (answer.status === 202) … // still running
   * ```
   */
  const request = <Id extends Api.OperationId, Item extends Schema.Top | undefined = undefined>(
    operationId: Id,
    ...[input, read]: Arguments<Id, Item>
  ): Effect.Effect<AnswerOf<Id, Item>, ApiError | TransportError> =>
    Effect.gen(function* () {
      const endpoint: Endpoint = Api.endpoint(operationId)
      const answer = yield* send(endpoint, (input ?? {}) as Sent, read?.range)
      const schema = answer.reply.schema
      if (schema === undefined || answer.reply.media !== undefined)
        return { status: answer.status, headers: answer.headers, body: answer.body }
      const body = yield* Effect.mapError(
        Schema.decodeUnknownEffect(bodySchema(answer.reply, read?.as ?? schema))(answer.body),
        (error) => new TransportError({ message: `unexpected answer to ${operationId}: ${error.message}` }),
      )
      return { status: answer.status, headers: answer.headers, body }
    }) as Effect.Effect<AnswerOf<Id, Item>, ApiError | TransportError>

  /**
   * Calls an operation and answers its decoded body.
   *
   * @example
   * ```ts
   * const form = yield* client.call("getChannelForm", { path: { channel_id: 3 } })
   * ```
   */
  const call = <Id extends Api.OperationId, Item extends Schema.Top | undefined = undefined>(
    operationId: Id,
    ...args: Arguments<Id, Item>
  ): Effect.Effect<AnswerOf<Id, Item>["body"], ApiError | TransportError> =>
    Effect.map(request<Id, Item>(operationId, ...args), (answer) => answer.body as AnswerOf<Id, Item>["body"])

  /**
   * Fetches one page of a paged list with `Range`, and the total from `Content-Range`.
   *
   * @example
   * ```ts
   * const page = yield* client.page("listTasks", { start: 0, end: 59 }, { query: { report_id: 7 } })
   * ```
   */
  const page = <Id extends PagedOperationId, Item extends Schema.Top | undefined = undefined>(
    operationId: Id,
    range: RangePage.RangePage,
    ...[input, read]: Arguments<Id, Item>
  ) =>
    Effect.gen(function* () {
      const answer = yield* request<Id, Item>(
        operationId,
        ...([input, { ...read, range }] as Arguments<Id, Item>),
      )
      const items = answer.body as ReadonlyArray<PageItem<Id, Item>>
      const said = RangePage.parseContentRange(answer.headers.get("content-range"))
      return { items, start: said?.page?.start ?? range.start, total: said?.total } satisfies Page<
        PageItem<Id, Item>
      >
    })

  return {
    request,
    call,
    page,
    /** Logs in (`createSession`) and answers the session with its tokens. */
    login: (credentials: {
      readonly app_bundle_id: string
      readonly email: string
      readonly password: string
    }) => Effect.map(call("createSession", { body: { session: credentials } }), (answer) => answer.session),
  }
}

/** A record of a paged list. */
type PageItem<Id extends Api.OperationId, Item extends Schema.Top | undefined> =
  AnswerOf<Id, Item>["body"] extends ReadonlyArray<infer A> ? A : never

/** A client made by `make`. */
export type FieldreportClient = ReturnType<typeof make>
