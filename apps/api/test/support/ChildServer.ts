/**
 * The API as a separate process (`node src/main.ts` on the pinned Node), for tests that need what
 * one process cannot show: several processes on one database, a process killed outright, a
 * command run as a user runs it.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { join } from "node:path"
import { type Answer, adminEmail, adminPassword, bundleId, type RequestOptions } from "./TestServer.ts"

/** The Node the repository pins (the machine's own may be older). */
export const nodeBinary = join(import.meta.dirname, "../../../../node_modules/node/bin/node")

/** The API workspace, where `src/main.ts` and the commands are. */
export const apiDirectory = join(import.meta.dirname, "../..")

/** How long a process may take to start listening. */
const startTimeoutMillis = 60_000

export interface ChildServer {
  readonly url: string
  readonly pid: number
  readonly request: (method: string, path: string, options?: RequestOptions) => Promise<Answer>
  /** Logs in and answers the access token. */
  readonly login: (email: string, password: string) => Promise<string>
  /** What the process wrote so far, both streams (for failure messages). */
  readonly output: () => string
  /** Stops it with SIGTERM (gracefully) and waits for it to exit. */
  readonly stop: () => Promise<void>
  /** Kills it with SIGKILL, as a crash would, and waits for it to exit. */
  readonly kill: () => Promise<void>
}

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once("exit", () => resolve()))

/** The environment of a child: the machine's `PATH`, the test configuration, and `env`. */
const environment = (env: Record<string, string>): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH,
  FIELDREPORT_HOST: "127.0.0.1",
  FIELDREPORT_PORT: "0",
  FIELDREPORT_DEMO: "false",
  FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL: adminEmail,
  FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: adminPassword,
  // The request log is noise here; "listening" (info) is how the test learns the address.
  FIELDREPORT_LOG_LEVEL: "info",
  ...env,
})

/**
 * Starts the API in a child process with the test configuration and `env` (a data directory at
 * least), and answers once it listens.
 *
 * @example
 * ```ts
 * const server = await startChildServer({ FIELDREPORT_DATA_DIR: dir, FIELDREPORT_DATABASE_URL: url })
 * try { await server.login(adminEmail, adminPassword) } finally { await server.stop() }
 * ```
 */
export const startChildServer = async (env: Record<string, string>): Promise<ChildServer> => {
  const child = spawn(nodeBinary, ["src/main.ts"], {
    cwd: apiDirectory,
    env: environment(env),
    stdio: ["ignore", "pipe", "pipe"],
  })
  let output = ""
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL")
      reject(new Error(`the API did not start within ${startTimeoutMillis} ms:\n${output}`))
    }, startTimeoutMillis)
    const read = (chunk: Buffer) => {
      output += chunk.toString("utf8")
      const listening = /"url":"(http:\/\/[^"]+)","msg":"listening"/.exec(output)
      if (listening?.[1] !== undefined) {
        clearTimeout(timer)
        resolve(listening[1])
      }
    }
    child.stdout?.on("data", read)
    child.stderr?.on("data", read)
    child.once("exit", (code, signal) => {
      clearTimeout(timer)
      reject(new Error(`the API exited (${code ?? signal}) before listening:\n${output}`))
    })
  })
  const request = async (method: string, path: string, options: RequestOptions = {}): Promise<Answer> => {
    const headers: Record<string, string> = { ...options.headers }
    if (options.token !== undefined) headers.Authorization = `Token token=${options.token}`
    const body = options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body))
    if (body !== undefined) headers["Content-Type"] ??= "application/json"
    const response = await fetch(`${url}${path}`, {
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
  return {
    url,
    pid: child.pid ?? 0,
    request,
    login: async (email, password) => {
      const answer = await request("POST", "/api/v4/session", {
        body: { session: { app_bundle_id: bundleId, email, password } },
      })
      if (answer.status !== 201)
        throw new Error(`login failed: ${answer.status} ${JSON.stringify(answer.body)}`)
      return answer.body.session.access_token as string
    },
    output: () => output,
    stop: async () => {
      child.kill("SIGTERM")
      await exited(child)
    },
    kill: async () => {
      child.kill("SIGKILL")
      await exited(child)
    },
  }
}

/** How a command ended. */
export interface CommandResult {
  readonly code: number | null
  readonly stdout: string
  readonly stderr: string
}

/**
 * Runs a script of the API workspace (`src/…`) with arguments on the pinned Node, and answers
 * how it ended.
 *
 * @example
 * ```ts
 * const result = await runScript("src/transfer/copy-to-postgres.ts", ["--from", file, "--to", url])
 * ```
 */
export const runScript = (script: string, args: ReadonlyArray<string>): Promise<CommandResult> =>
  new Promise((resolve, reject) => {
    const child = spawn(nodeBinary, [script, ...args], {
      cwd: apiDirectory,
      env: { PATH: process.env.PATH },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8")
    })
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8")
    })
    child.once("error", reject)
    child.once("exit", (code) => resolve({ code, stdout, stderr }))
  })
