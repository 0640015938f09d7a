/**
 * The API under load on a generated database, ready for the scenarios: a data directory (reused
 * or generated), the API process on it, the owner's token, the range of report ids, and a finished
 * report search. Shared by the load benchmark and the soak.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { href } from "@fieldreport/contract/Api"
import pg from "pg"
import { login, type Scenario } from "../generate/Generate.ts"
import { type Generated, generateDatabase, readGenerated } from "../generate/GeneratedDatabase.ts"
import { type LoadContext, searchQuery } from "./LoadScenarios.ts"
import { fillPostgres, pendingJobsIn } from "./PgCity.ts"
import { type ServerProcess, startApi } from "./Servers.ts"

/** The data the load runs generate when not given a generated directory: a city's worth, without history. */
export const loadScenario = (reports: number, seed: number): Scenario => ({
  reports,
  channels: 4,
  members: 20_000,
  followers: 500,
  areas: 100_000,
  shapes: 400,
  notifications: 0,
  reads: 0,
  images: 10_000,
  seed,
})

/** A running API on a generated database. */
export interface LoadTarget {
  /** The data directory, absolute. */
  readonly dataDir: string
  readonly api: ServerProcess
  readonly context: LoadContext
  /** Jobs due or running now, read from the database beside the API. */
  readonly pendingJobs: () => Promise<number>
  /** Stops the API, and deletes the data directory if it was a temporary one. */
  readonly close: () => Promise<void>
}

/** How the target is made. */
export interface TargetOptions {
  /** A data directory to use (generated into first if it holds no generated database); else a temporary one. */
  readonly dataDir?: string
  readonly reports: number
  readonly seed: number
  /** Where the API writes its CPU profile (`node --cpu-prof`) when it stops. */
  readonly profileDir?: string
  /**
   * A PostgreSQL database the API runs on, filled from the data directory when it holds no
   * reports (`PgCity.ts`); the data directory's SQLite file when absent.
   */
  readonly databaseUrl?: string
  readonly log: (line: string) => void
}

const database = (dataDir: string) => new DatabaseSync(join(dataDir, "fieldreport.db"), { readOnly: true })

/**
 * Generates (or reuses) the data, starts the API on it, logs in and runs one report search to the end.
 *
 * @example
 * ```ts
 * const target = await openTarget({ reports: 1_000_000, seed: 1, log: console.log })
 * ```
 */
export const openTarget = async (options: TargetOptions): Promise<LoadTarget> => {
  const dataDir =
    options.dataDir === undefined
      ? mkdtempSync(join(tmpdir(), "fieldreport-load-"))
      : resolve(options.dataDir)
  const generated: Generated =
    readGenerated(dataDir) ??
    (await (async () => {
      options.log(`Generating ${options.reports.toLocaleString("en")} reports into ${dataDir}`)
      const made = await generateDatabase(dataDir, loadScenario(options.reports, options.seed), options.log)
      options.log(`Generated in ${made.seconds.toFixed(1)} s`)
      return made
    })())
  const reader = database(dataDir)
  const [ids] = reader.prepare("SELECT MIN(id) AS min, MAX(id) AS max FROM reports").all() as Array<{
    min: number
    max: number
  }>
  const { databaseUrl } = options
  if (databaseUrl !== undefined) await fillPostgres(dataDir, databaseUrl, options.log)
  const postgres = databaseUrl === undefined ? undefined : new pg.Client({ connectionString: databaseUrl })
  await postgres?.connect()
  const pendingJobs = async () =>
    postgres !== undefined
      ? pendingJobsIn(postgres)
      : Number(
          reader
            .prepare(
              "SELECT COUNT(*) AS n FROM jobs WHERE status = 'running' OR (status = 'pending' AND run_at <= ?)",
            )
            .get(new Date().toISOString())?.n ?? 0,
        )
  const api = await startApi(dataDir, {
    ...(options.profileDir === undefined ? {} : { profileDir: options.profileDir }),
    ...(databaseUrl === undefined ? {} : { databaseUrl }),
  })
  const close = async () => {
    await api.stop()
    reader.close()
    await postgres?.end()
    if (options.dataDir === undefined) rmSync(dataDir, { recursive: true, force: true })
  }
  try {
    const token = await login(api.url, generated.setup.owner.email, generated.setup.owner.password)
    const headers = { Authorization: `Token token=${token}` }
    const started = await fetch(`${api.url}${href("startReportSearch", {})}?${searchQuery(generated)}`, {
      headers,
    })
    if (started.status !== 200) throw new Error(`search start: ${started.status} ${await started.text()}`)
    const { id: searchId } = (await started.json()) as { id: number }
    for (;;) {
      const polled = await fetch(`${api.url}${href("getReportSearch", { id: searchId })}`, { headers })
      await polled.arrayBuffer()
      if (polled.status === 200) break
      if (polled.status !== 202) throw new Error(`search poll: ${polled.status}`)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
    return {
      dataDir,
      api,
      context: {
        generated,
        token,
        reportIds: { min: ids?.min ?? 1, max: ids?.max ?? 1 },
        searchId,
        seed: options.seed,
      },
      pendingJobs,
      close,
    }
  } catch (error) {
    await close()
    throw error
  }
}

/**
 * Waits until the API has no job due or running, up to `seconds`; answers how long it waited, in seconds.
 *
 * @example
 * ```ts
 * const drained = await drainJobs(target, 300)
 * ```
 */
export const drainJobs = async (target: LoadTarget, seconds: number): Promise<number> => {
  const began = performance.now()
  while ((await target.pendingJobs()) > 0 && performance.now() - began < seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  return (performance.now() - began) / 1000
}
