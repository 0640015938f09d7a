/**
 * The end-to-end tests' side door to the API started by `globalSetup.ts`: its address, the
 * bootstrap administrator's login, and a small JSON request helper to arrange data a test needs
 * (another user, a second report) without clicking through the UI for it.
 */
import { inject } from "vitest"

export const adminEmail = "admin@example.com"
export const adminPassword = "admin-password-1"
export const bundleId = "com.fieldreport.app"

/** The API's address, such as `http://127.0.0.1:41234`. */
export const apiUrl = (): string => inject("apiUrl")

/** The origin of the page that embeds elements in the embedding tests (see `globalSetup.ts`). */
export const embedOrigin = (): string => inject("embedOrigin")

/** An answer: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered
  readonly body: any
}

/**
 * Calls the API with JSON.
 *
 * @example
 * ```ts
 * const channels = await request("GET", "/api/v4/channels", { token })
 * ```
 */
export const request = async (
  method: string,
  path: string,
  options: {
    readonly body?: unknown
    readonly token?: string
    readonly headers?: Record<string, string>
  } = {},
): Promise<Answer> => {
  const headers: Record<string, string> = { ...options.headers }
  if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
  if (options.body !== undefined) headers["Content-Type"] = "application/json"
  const response = await fetch(`${apiUrl()}${path}`, {
    method,
    headers,
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  return {
    status: response.status,
    headers: response.headers,
    body: text === "" ? undefined : JSON.parse(text),
  }
}

/**
 * Logs in and answers the access token.
 *
 * @example
 * ```ts
 * const token = await login(adminEmail, adminPassword)
 * ```
 */
export const login = async (email: string, password: string): Promise<string> => {
  const answer = await request("POST", "/api/v4/session", {
    body: { session: { app_bundle_id: bundleId, email, password } },
  })
  if (answer.status !== 201) throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`)
  return answer.body.session.access_token as string
}
