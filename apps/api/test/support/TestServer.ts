/**
 * A real API server for integration tests: its own temporary data directory, a random loopback
 * port, the bootstrap administrator, and a small HTTP helper.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { ConfigProvider } from "effect"
import { type RunningServer, type ServerOptions, startServer } from "../../src/Server.ts"
import { integrationEngine, postgresUrlFor } from "./TestDatabase.ts"

export const adminEmail = "admin@example.com"
export const adminPassword = "admin-password-1"
export const bundleId = "com.fieldreport.app"

/** An answer: status, headers and the parsed JSON body (undefined when empty). */
export interface Answer {
  readonly status: number
  readonly headers: Headers
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever the API answered
  readonly body: any
}

export interface RequestOptions {
  readonly body?: unknown
  /** Raw body text, sent as is (for malformed JSON). */
  readonly raw?: string
  readonly token?: string
  readonly headers?: Record<string, string>
}

export interface TestServer extends RunningServer {
  readonly dataDir: string
  readonly request: (method: string, path: string, options?: RequestOptions) => Promise<Answer>
  /** Logs in and answers the access token. */
  readonly login: (email: string, password: string, app?: string) => Promise<string>
  readonly close: () => Promise<void>
}

/**
 * Starts a server with the test configuration and any overrides; `options.clock` sets the time the
 * server reads (see `ManualClock`). With `FIELDREPORT_TEST_ENGINE=postgres` the server runs on a
 * fresh PostgreSQL database (`TestDatabase`), shared by the servers of one data directory and
 * dropped when the test run ends.
 *
 * @example
 * ```ts
 * const server = await startTestServer({ FIELDREPORT_LOGIN_ATTEMPTS: "3" })
 * const token = await server.login(adminEmail, adminPassword)
 * ```
 */
export const startTestServer = async (
  env: Record<string, string> = {},
  dataDir?: string,
  options: ServerOptions = {},
): Promise<TestServer> => {
  const dir = dataDir ?? mkdtempSync(join(tmpdir(), "fieldreport-test-"))
  const databaseUrl = integrationEngine === "postgres" ? await postgresUrlFor(dir) : undefined
  const server = await startServer(
    ConfigProvider.layer(
      ConfigProvider.fromEnv({
        env: {
          FIELDREPORT_HOST: "127.0.0.1",
          FIELDREPORT_PORT: "0",
          FIELDREPORT_DATA_DIR: dir,
          FIELDREPORT_DEMO: "false",
          FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL: adminEmail,
          FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
          FIELDREPORT_LOG_LEVEL: "silent",
          ...(databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: databaseUrl }),
          ...env,
        },
      }),
    ),
    options,
  )
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
    let body: string | undefined
    if (options.raw !== undefined || options.body !== undefined) {
      headers["Content-Type"] ??= "application/json"
      body = options.raw ?? JSON.stringify(options.body)
    }
    const response = await fetch(`${server.url}${path}`, {
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    })
    const text = await response.text()
    return {
      status: response.status,
      headers: response.headers,
      body: text === "" ? undefined : JSON.parse(text),
    }
  }
  const login = async (email: string, password: string, app = bundleId) => {
    const answer = await request("POST", "/api/v4/session", {
      body: { session: { app_bundle_id: app, email, password } },
    })
    if (answer.status !== 201)
      throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`)
    return answer.body.session.access_token as string
  }
  return {
    ...server,
    dataDir: dir,
    request,
    login,
    close: async () => {
      await server.stop()
      if (dataDir === undefined) rmSync(dir, { recursive: true, force: true })
    },
  }
}
