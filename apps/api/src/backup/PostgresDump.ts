/**
 * PostgreSQL's own tools for a backup of a PostgreSQL database: `pg_dump` in its custom format,
 * and `pg_restore` into an empty database. They come with the PostgreSQL client (Debian's
 * `postgresql-client`), whose major version must be at least the server's.
 *
 * The password of the database URL is handed to them in `PGPASSWORD`, never on their command
 * line, where any user of the machine could read it.
 */
import { spawn } from "node:child_process"
import { accessSync, constants } from "node:fs"
import { delimiter, join } from "node:path"
import { Effect } from "effect"
import { BackupFailed } from "./BackupFailed.ts"

/** The tools used here. */
export type Tool = "pg_dump" | "pg_restore"

/**
 * Whether `tool` is an executable on the `PATH`.
 *
 * @example
 * ```ts
 * if (!PostgresDump.onPath("pg_dump")) return yield* new BackupFailed({ message: PostgresDump.withoutTool("pg_dump", url) })
 * ```
 */
export const onPath = (tool: Tool): boolean =>
  (process.env.PATH ?? "").split(delimiter).some((directory) => {
    if (directory === "") return false
    try {
      accessSync(join(directory, tool), constants.X_OK)
      return true
    } catch {
      return false
    }
  })

/**
 * What an operator without `tool` can do instead: install it, or run it themselves.
 *
 * @example
 * ```ts
 * withoutTool("pg_dump") // "pg_dump is not on the PATH: install the PostgreSQL client … or run pg_dump --format=custom …"
 * ```
 */
export const withoutTool = (tool: Tool): string =>
  tool === "pg_dump"
    ? 'pg_dump is not on the PATH, so this command cannot back up PostgreSQL: install the PostgreSQL client of the server\'s major version or newer (Debian: apt-get install postgresql-client), or back the database up yourself with pg_dump --format=custom --file=fieldreport.pgdump "$FIELDREPORT_DATABASE_URL" and keep the upload files (or bucket) beside it'
    : "pg_restore is not on the PATH, so this command cannot restore PostgreSQL: install the PostgreSQL client of the server's major version or newer (Debian: apt-get install postgresql-client)"

/** A value of a libpq connection string, quoted. */
const quoted = (value: string): string => `'${value.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`

/**
 * The database of `url` as a libpq connection string without the password, and the environment
 * that hands the password over. The URL is taken apart as the API's client reads it (a `+` in a
 * query parameter is a space, as in `options=-c+search_path%3Dfieldreport`), which libpq, given
 * the URL itself, would not do.
 */
const connectionOf = (url: string): { readonly conninfo: string; readonly env: NodeJS.ProcessEnv } => {
  if (!URL.canParse(url)) return { conninfo: url, env: process.env }
  const parsed = new URL(url)
  const words: Array<readonly [string, string]> = []
  if (parsed.hostname !== "")
    words.push(["host", decodeURIComponent(parsed.hostname).replace(/^\[(.*)\]$/, "$1")])
  if (parsed.port !== "") words.push(["port", parsed.port])
  if (parsed.pathname.length > 1) words.push(["dbname", decodeURIComponent(parsed.pathname.slice(1))])
  if (parsed.username !== "") words.push(["user", decodeURIComponent(parsed.username)])
  for (const [key, value] of parsed.searchParams) words.push([key, value])
  const password = decodeURIComponent(parsed.password)
  return {
    conninfo: words.map(([key, value]) => `${key}=${quoted(value)}`).join(" "),
    env: password === "" ? process.env : { ...process.env, PGPASSWORD: password },
  }
}

/** The end of a tool's standard error kept for the message: the last lines say what went wrong. */
const stderrKept = 4096

/** Runs `tool` with `args` on the database of `url`, failing with the end of its standard error. */
const run = (tool: Tool, url: string, args: ReadonlyArray<string>) =>
  Effect.tryPromise({
    try: (signal) =>
      new Promise<void>((resolve, reject) => {
        const connection = connectionOf(url)
        const child = spawn(tool, [...args, `--dbname=${connection.conninfo}`], {
          env: connection.env,
          stdio: ["ignore", "ignore", "pipe"],
          signal,
        })
        let stderr = ""
        child.stderr.on("data", (chunk: Buffer) => {
          stderr = (stderr + chunk.toString("utf8")).slice(-stderrKept)
        })
        child.once("error", reject)
        child.once("close", (code, killed) =>
          code === 0
            ? resolve()
            : reject(new Error(stderr.trim() || `${tool} ended with ${killed ?? `exit code ${code}`}`)),
        )
      }),
    catch: (cause) =>
      new BackupFailed({
        message: `${tool} failed: ${cause instanceof Error ? cause.message : String(cause)}`,
        cause,
      }),
  })

/**
 * Dumps the database of `url` into `file` (custom format), as of the snapshot `snapshot` that a
 * transaction still open exported (`pg_export_snapshot()`), so the dump and what that
 * transaction reads are of one moment.
 *
 * @example
 * ```ts
 * yield* PostgresDump.dump(url, "/backups/.fieldreport.pgdump.partial", snapshot)
 * ```
 */
export const dump = (url: string, file: string, snapshot: string): Effect.Effect<void, BackupFailed> =>
  run("pg_dump", url, ["--format=custom", `--file=${file}`, `--snapshot=${snapshot}`])

/**
 * Restores the dump `file` into the empty database of `url` in one transaction: a failure leaves
 * the database as it was. Owners and privileges of the dumped database are not restored: the
 * objects belong to the user of `url`, as they do when the API migrates a database itself.
 *
 * @example
 * ```ts
 * yield* PostgresDump.restore("postgres://fieldreport@db/fieldreport", "/data/incoming/fieldreport.pgdump")
 * ```
 */
export const restore = (url: string, file: string): Effect.Effect<void, BackupFailed> =>
  run("pg_restore", url, ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction", file])
