/**
 * A generated city on PostgreSQL: a database of its own on a server, created when missing and
 * filled from the generated SQLite file with the API's own copy (`fieldreport copy-to-postgres`),
 * then `ANALYZE`d so that the planner knows the tables as a live database's would. A database
 * that already holds reports is used as it is, so that a city is copied once.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import pg from "pg"

/** The URL of database `name` on the server `serverUrl` names (any of its databases). */
export const databaseUrlOf = (serverUrl: string, name: string): string => {
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return url.toString()
}

/** The name of the database a URL names. */
const nameOf = (databaseUrl: string): string => decodeURIComponent(new URL(databaseUrl).pathname.slice(1))

/** Runs `work` with one connection to the database `url` names. */
const withClient = async <A>(url: string, work: (client: pg.Client) => Promise<A>): Promise<A> => {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Another database of the same server, to create and drop the one `databaseUrl` names from. */
const maintenanceUrl = (databaseUrl: string) => databaseUrlOf(databaseUrl, "postgres")

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`

/**
 * Creates the database `databaseUrl` names unless it exists; answers whether it created it.
 *
 * @example
 * ```ts
 * await createDatabase("postgres://postgres@127.0.0.1:5432/fieldreport_bench")
 * ```
 */
export const createDatabase = (databaseUrl: string): Promise<boolean> =>
  withClient(maintenanceUrl(databaseUrl), async (client) => {
    const name = nameOf(databaseUrl)
    const found = await client.query("SELECT 1 FROM pg_database WHERE datname = $1", [name])
    if (found.rowCount !== 0) return false
    await client.query(`CREATE DATABASE ${quoted(name)}`)
    return true
  })

/**
 * Drops the database `databaseUrl` names, closing any connection left to it.
 *
 * @example
 * ```ts
 * await dropDatabase(url)
 * ```
 */
export const dropDatabase = (databaseUrl: string): Promise<void> =>
  withClient(maintenanceUrl(databaseUrl), async (client) => {
    await client.query(`DROP DATABASE IF EXISTS ${quoted(nameOf(databaseUrl))} WITH (FORCE)`)
  })

/** The reports the database holds; none when it has no tables yet. */
const reportsIn = (databaseUrl: string): Promise<number> =>
  withClient(databaseUrl, async (client) => {
    const table = await client.query("SELECT to_regclass('reports') IS NOT NULL AS present")
    if (table.rows[0]?.present !== true) return 0
    const counted = await client.query<{ n: string }>("SELECT COUNT(*) AS n FROM reports")
    return Number(counted.rows[0]?.n ?? 0)
  })

/** Runs the API's `copy-to-postgres` command, its output logged. */
const copy = (from: string, to: string, log: (line: string) => void): Promise<void> =>
  new Promise((resolve, reject) => {
    const main = fileURLToPath(import.meta.resolve("@fieldreport/api/cli/main"))
    const child = spawn(process.execPath, [main, "copy-to-postgres", "--from", from, "--to", to], {
      stdio: ["ignore", "pipe", "inherit"],
    })
    let output = ""
    child.stdout.on("data", (chunk: Buffer) => {
      output += chunk.toString("utf8")
    })
    child.once("error", reject)
    child.once("exit", (code) => {
      const last = output.trim().split("\n").at(-1) ?? ""
      if (code === 0) {
        log(`  ${last}`)
        resolve()
      } else reject(new Error(`copy-to-postgres exited with ${code}: ${output}`))
    })
  })

/**
 * Makes the database `databaseUrl` names hold the city of `dataDir`: created if missing, copied
 * into and analysed if it holds no reports, else used as it is.
 *
 * @example
 * ```ts
 * await fillPostgres("/tmp/city", "postgres://postgres@127.0.0.1:5432/fieldreport_bench", console.log)
 * ```
 */
export const fillPostgres = async (
  dataDir: string,
  databaseUrl: string,
  log: (line: string) => void,
): Promise<void> => {
  await createDatabase(databaseUrl)
  const reports = await reportsIn(databaseUrl)
  if (reports > 0) {
    log(`PostgreSQL database ${nameOf(databaseUrl)} holds ${reports.toLocaleString("en")} reports: using it`)
    return
  }
  log(`Copying ${dataDir} into PostgreSQL database ${nameOf(databaseUrl)}`)
  const began = performance.now()
  await copy(join(dataDir, "fieldreport.db"), databaseUrl, log)
  await withClient(databaseUrl, (client) => client.query("ANALYZE"))
  log(`Copied and analysed in ${((performance.now() - began) / 1000).toFixed(1)} s`)
}

/**
 * The jobs due or running now in the database.
 *
 * @example
 * ```ts
 * const pending = await pendingJobsIn(client)
 * ```
 */
export const pendingJobsIn = async (client: pg.Client): Promise<number> => {
  const counted = await client.query<{ n: string }>(
    "SELECT COUNT(*) AS n FROM jobs WHERE status = 'running' OR (status = 'pending' AND run_at <= $1)",
    [new Date().toISOString()],
  )
  return Number(counted.rows[0]?.n ?? 0)
}
