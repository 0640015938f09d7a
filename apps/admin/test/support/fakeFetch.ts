/**
 * A `fetch` for component tests: answers from a table of `"METHOD /path"` routes and records every
 * request, so a test can check what an element sent without a server (the end-to-end tests use the
 * real one).
 */

/** A recorded request. */
export interface SentRequest {
  readonly method: string
  readonly url: URL
  readonly headers: Headers
  readonly body: unknown
}

/** An answer: a JSON body, a status (200 by default) and extra headers. */
export interface FakeAnswer {
  readonly status?: number
  readonly body?: unknown
  readonly headers?: Record<string, string>
}

export type FakeRoutes = Record<string, FakeAnswer | ((request: SentRequest) => FakeAnswer)>

/**
 * Makes the fetch and the list it records into.
 *
 * @example
 * ```ts
 * const api = fakeFetch({ "GET /api/v4/teams": { body: [team] } })
 * vi.stubGlobal("fetch", api.fetch)
 * expect(api.sent[0]?.headers.get("X-AppId")).toBe("com.fieldreport.app")
 * ```
 */
export const fakeFetch = (routes: FakeRoutes) => {
  const sent: Array<SentRequest> = []
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input))
    const method = init.method ?? "GET"
    const text = typeof init.body === "string" ? init.body : undefined
    const request: SentRequest = {
      method,
      url,
      headers: new Headers(init.headers),
      body: text === undefined ? init.body : JSON.parse(text),
    }
    sent.push(request)
    const route = routes[`${method} ${url.pathname}`]
    if (route === undefined) {
      return new Response(
        JSON.stringify({ title: "Not Found", detail: `no route ${method} ${url.pathname}` }),
        {
          status: 404,
        },
      )
    }
    const answer = typeof route === "function" ? route(request) : route
    return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
      status: answer.status ?? 200,
      headers: { "Content-Type": "application/json", ...answer.headers },
    })
  }
  return { fetch: fetch as typeof globalThis.fetch, sent }
}

/**
 * Waits until a condition holds (an element finished loading), checking after each task.
 *
 * @example
 * ```ts
 * await until(() => element.shadowRoot?.querySelector("table") !== null)
 * ```
 */
export const until = async (condition: () => boolean, what = "the condition"): Promise<void> => {
  for (let attempt = 0; attempt < 200; attempt++) {
    if (condition()) return
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  throw new Error(`gave up waiting for ${what}`)
}
