/**
 * A typed client of the Fieldreport API over `fetch`, for browsers and Node alike: JSON bodies,
 * the `Token token=` credentials, `X-AppId` / `X-TeamId`, `Range` paging, and answers decoded with
 * the domain's Schemas.
 */
import * as RangePage from "@fieldreport/domain/RangePage"
import type { Session as SessionRecord } from "@fieldreport/domain/Session"
import { Session } from "@fieldreport/domain/Session"
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

export interface RequestOptions {
  /** Sent as JSON, except `FormData`, which is sent as `multipart/form-data` (file uploads). */
  readonly body?: unknown
  /** 0-based inclusive range of records, sent as `Range: objects=START-END`. */
  readonly range?: RangePage.RangePage | undefined
  readonly query?: Readonly<Record<string, string | number | boolean | undefined>> | undefined
}

/**
 * Makes a client.
 *
 * @example
 * ```ts
 * const client = make({ baseUrl: "http://127.0.0.1:3000" })
 * const session = yield* client.login({ app_bundle_id: "com.fieldreport.app", email, password })
 * const signedIn = make({ baseUrl, token: session.access_token })
 * ```
 */
export const make = (options: ClientOptions) => {
  const send = (method: string, path: string, request: RequestOptions = {}) =>
    Effect.gen(function* () {
      const url = new URL(path, options.baseUrl)
      for (const [name, value] of Object.entries(request.query ?? {})) {
        if (value !== undefined) url.searchParams.set(name, String(value))
      }
      const headers: Record<string, string> = { Accept: "application/json" }
      if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
      if (options.appId !== undefined) headers["X-AppId"] = options.appId
      if (options.teamId !== undefined) headers["X-TeamId"] = String(options.teamId)
      if (request.range !== undefined) headers.Range = RangePage.format(request.range)
      const multipart = request.body instanceof FormData
      // fetch writes the multipart boundary into the Content-Type itself.
      if (request.body !== undefined && !multipart) headers["Content-Type"] = "application/json"
      const response = yield* Effect.tryPromise({
        try: (signal) =>
          (options.fetch ?? fetch)(url, {
            method,
            headers,
            signal,
            ...(request.body === undefined
              ? {}
              : { body: multipart ? (request.body as FormData) : JSON.stringify(request.body) }),
          }),
        catch: (cause) =>
          new TransportError({ message: `${method} ${url.pathname} failed: ${String(cause)}` }),
      })
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
      return { status: response.status, headers: response.headers, body }
    })

  const decode = <S extends Schema.Top>(schema: S, value: unknown) =>
    Effect.mapError(
      Schema.decodeUnknownEffect(schema)(value),
      (error) => new TransportError({ message: `unexpected answer: ${error.message}` }),
    )

  /**
   * Calls the API and decodes the JSON answer with a schema.
   *
   * @example
   * ```ts
   * const form = yield* client.call("GET", "/api/v4/channels/3/form", Form)
   * ```
   */
  const call = <S extends Schema.Top>(method: string, path: string, schema: S, request?: RequestOptions) =>
    Effect.flatMap(send(method, path, request), (answer) => decode(schema, answer.body))

  /**
   * Fetches one page of a paginated list with `Range`.
   *
   * @example
   * ```ts
   * const page = yield* client.page("/api/v4/tasks", Task, { start: 0, end: 59 })
   * ```
   */
  const page = <S extends Schema.Top>(
    path: string,
    item: S,
    range: RangePage.RangePage,
    query?: RequestOptions["query"],
  ) =>
    Effect.gen(function* () {
      const answer = yield* send("GET", path, { range, query })
      const items = yield* decode(Schema.Array(item), answer.body)
      const said = RangePage.parseContentRange(answer.headers.get("content-range"))
      return { items, start: said?.page?.start ?? range.start, total: said?.total }
    })

  return {
    call,
    page,
    /** Sends a request whose answer needs no decoding (`204`, say). */
    send,
    /** Logs in (`POST /api/v4/session`) and answers the session with its tokens. */
    login: (credentials: {
      readonly app_bundle_id: string
      readonly email: string
      readonly password: string
    }) =>
      Effect.map(
        call("POST", "/api/v4/session", Schema.Struct({ session: Session }), {
          body: { session: credentials },
        }),
        (answer): SessionRecord => answer.session,
      ),
  }
}

/** A client made by `make`. */
export type FieldreportClient = ReturnType<typeof make>
