/**
 * The three servers a load run measures, each in its own process so its memory is its own: the
 * API (`apps/api/src/main.ts`, as `npm start` runs it) on a generated data directory, the floor
 * (`floor.ts`) on the same directory, and the bare Express 5 baseline of `bare-express.ts`. All
 * listen on loopback at a free port.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"

/** A server process. */
export interface ServerProcess {
  /** Such as `http://127.0.0.1:40123`. */
  readonly url: string
  readonly pid: number
  /** Sends SIGTERM and waits for the process to end (the API stops gracefully and writes its CPU profile). */
  readonly stop: () => Promise<void>
}

/** A response the bare server answers with, for any path under `/{key}/`. */
export interface BareRoute {
  readonly key: string
  readonly method: "GET" | "POST" | "PATCH"
  readonly status: number
  readonly contentType: string
  /** The body, base64. */
  readonly body: string
}

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      probe.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject()))
    })
  })

/** Waits until `GET url` answers 200, or fails after `seconds`. */
const waitFor = async (url: string, child: ChildProcess, seconds = 120): Promise<void> => {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server at ${url} exited with ${child.exitCode}`)
    const ok = await fetch(url).then(
      (response) => response.ok,
      () => false,
    )
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`${url} did not answer within ${seconds} s`)
}

const start = async (
  args: ReadonlyArray<string>,
  env: NodeJS.ProcessEnv,
  port: number,
  readyPath: string,
): Promise<ServerProcess> => {
  const child = spawn(process.execPath, args, { env, stdio: ["ignore", "ignore", "inherit"] })
  const url = `http://127.0.0.1:${port}`
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
  try {
    await waitFor(`${url}${readyPath}`, child)
  } catch (error) {
    child.kill("SIGKILL")
    throw error
  }
  return {
    url,
    pid: child.pid ?? 0,
    stop: async () => {
      if (child.exitCode === null) child.kill("SIGTERM")
      await exited
    },
  }
}

/** Options of the API process. */
export interface ApiOptions {
  /** Where `node --cpu-prof` writes the server's CPU profile when it stops; no profile when absent. */
  readonly profileDir?: string
  /** A file the process appends every SQLite statement it runs to (`statement-log.ts`); none when absent. */
  readonly statementLog?: string
  /** Job workers of the process; the API's default when absent. None keeps a statement log to the requests'. */
  readonly jobWorkers?: number
  /** A PostgreSQL database to run on (`FIELDREPORT_DATABASE_URL`); the data directory's SQLite file when absent. */
  readonly databaseUrl?: string
}

/** The arguments that have a server process write its CPU profile into `dir` when it stops. */
const profileOf = (dir: string | undefined) =>
  dir === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${dir}`]

/** The arguments and environment that preload the statement log into a server process. */
const statementLogOf = (file: string | undefined) =>
  file === undefined
    ? { args: [], env: {} }
    : {
        args: ["--import", fileURLToPath(new URL("./statement-log.ts", import.meta.url))],
        env: { FIELDREPORT_STATEMENT_LOG: file },
      }

/**
 * Starts the API on a data directory with its default configuration, except on loopback, without
 * demo data, and with rate limits too high to be reached (their middleware still runs).
 *
 * @example
 * ```ts
 * const api = await startApi("/tmp/city")
 * await api.stop()
 * ```
 */
export const startApi = async (dataDir: string, options: ApiOptions = {}): Promise<ServerProcess> => {
  const port = await freePort()
  const main = fileURLToPath(import.meta.resolve("@fieldreport/api/main"))
  const statementLog = statementLogOf(options.statementLog)
  return start(
    [...profileOf(options.profileDir), ...statementLog.args, main],
    {
      ...process.env,
      ...statementLog.env,
      ...(options.jobWorkers === undefined ? {} : { FIELDREPORT_JOB_WORKERS: String(options.jobWorkers) }),
      ...(options.databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: options.databaseUrl }),
      FIELDREPORT_HOST: "127.0.0.1",
      FIELDREPORT_PORT: String(port),
      FIELDREPORT_DATA_DIR: dataDir,
      FIELDREPORT_DEMO: "false",
      FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000000",
      FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000000",
    },
    port,
    "/readyz",
  )
}

/**
 * Starts the floor server (`floor.ts`) on a data directory the API uses too.
 *
 * @example
 * ```ts
 * const floor = await startFloor("/tmp/city")
 * await floor.stop()
 * ```
 */
export const startFloor = async (
  dataDir: string,
  options: Pick<ApiOptions, "statementLog" | "profileDir"> = {},
): Promise<ServerProcess> => {
  const port = await freePort()
  const script = fileURLToPath(new URL("./floor.ts", import.meta.url))
  const statementLog = statementLogOf(options.statementLog)
  return start(
    [...profileOf(options.profileDir), ...statementLog.args, script, dataDir, String(port)],
    { ...process.env, ...statementLog.env },
    port,
    "/healthz",
  )
}

/**
 * Starts the PostgreSQL floor server (`pg-floor.ts`) on the database the API runs on.
 *
 * @example
 * ```ts
 * const floor = await startPgFloor("postgres://postgres@127.0.0.1:5432/fieldreport_bench")
 * await floor.stop()
 * ```
 */
export const startPgFloor = async (
  databaseUrl: string,
  options: Pick<ApiOptions, "profileDir"> = {},
): Promise<ServerProcess> => {
  const port = await freePort()
  const script = fileURLToPath(new URL("./pg-floor.ts", import.meta.url))
  return start(
    [...profileOf(options.profileDir), script, databaseUrl, String(port)],
    process.env,
    port,
    "/healthz",
  )
}

/**
 * Starts the bare Express 5 server answering the given routes from memory.
 *
 * @example
 * ```ts
 * const bare = await startBare([{ key: "fetch", method: "GET", status: 200, contentType: "application/json", body }], dir)
 * ```
 */
export const startBare = async (
  routes: ReadonlyArray<BareRoute>,
  workDir: string,
): Promise<ServerProcess> => {
  const port = await freePort()
  const routesFile = `${workDir}/bare-routes.json`
  writeFileSync(routesFile, JSON.stringify(routes))
  const script = fileURLToPath(new URL("./bare-express.ts", import.meta.url))
  return start([script, routesFile, String(port)], process.env, port, "/healthz")
}

/**
 * A process's resident memory now (`VmRSS`) and at its peak so far (`VmHWM`), in bytes, from
 * `/proc` (Linux).
 *
 * @example
 * ```ts
 * const { rss, peak } = memoryOf(api.pid)
 * ```
 */
export const memoryOf = (pid: number): { readonly rss: number; readonly peak: number } => {
  const status = readFileSync(`/proc/${pid}/status`, "utf8")
  const kilobytes = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? 0)
  return { rss: kilobytes("VmRSS") * 1024, peak: kilobytes("VmHWM") * 1024 }
}

/** Clock ticks per second of `/proc/<pid>/stat` (`getconf CLK_TCK`, 100 on Linux). */
const CLOCK_TICKS = 100

/**
 * The CPU time a process has used so far, user and system, in milliseconds, from `/proc` (Linux):
 * unlike throughput, it does not depend on how much of the machine other work leaves the process.
 *
 * @example
 * ```ts
 * const before = cpuOf(api.pid)
 * // … load …
 * const perCall = (cpuOf(api.pid) - before) / calls
 * ```
 */
export const cpuOf = (pid: number): number => {
  // The command name (second field) may hold spaces; the fields after it are plain numbers.
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8")
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
}
