/**
 * A city the data generator (`npm run generate -w tooling`) fills for a benchmark, and the API
 * started on it in the benchmark's own process.
 *
 * A directory holding the generator's manifest (`generated.json`) was filled before and is reused
 * as it is, so a benchmark can be run again on a kept city without waiting for the generator.
 */
import { spawnSync } from "node:child_process"
import { existsSync, readFileSync } from "node:fs"
import { join, resolve } from "node:path"
import { ConfigProvider } from "effect"
import { startServer } from "../src/Server.ts"

/** What the generator's manifest tells of the city it made. */
export interface Manifest {
  readonly setup: {
    readonly channelId: number
    readonly owner: { readonly email: string; readonly password: string }
  }
}

/**
 * Fills `dataDir` with the generator's command and `counts` (its flags: `{ reports: 1000 }` is
 * `--reports 1000`), unless it was filled before, and reads its manifest.
 */
export const fill = (
  dataDir: string,
  counts: Readonly<Record<string, number>>,
  log: (line: string) => void,
): Manifest => {
  const manifest = join(dataDir, "generated.json")
  if (existsSync(manifest)) log(`Reusing ${dataDir}`)
  else {
    log(`Generating ${counts.reports} reports in ${dataDir}`)
    const began = performance.now()
    const run = spawnSync(
      "npm",
      [
        "run",
        "--silent",
        "generate",
        "-w",
        "tooling",
        "--",
        "--data-dir",
        dataDir,
        ...Object.entries(counts).flatMap(([name, count]) => [`--${name}`, String(count)]),
      ],
      { cwd: resolve(import.meta.dirname, "../../.."), stdio: "inherit" },
    )
    if (run.status !== 0) throw new Error(`the generator failed with status ${run.status}`)
    log(`Filled ${dataDir} in ${((performance.now() - began) / 1000).toFixed(1)} s`)
  }
  return JSON.parse(readFileSync(manifest, "utf8")) as Manifest
}

/**
 * Starts the API on the city, quiet and without rate limits, on the embedded database or on
 * `databaseUrl` (a PostgreSQL copy of it).
 */
export const serve = (dataDir: string, databaseUrl?: string) =>
  startServer(
    ConfigProvider.layer(
      ConfigProvider.fromEnv({
        env: {
          FIELDREPORT_HOST: "127.0.0.1",
          FIELDREPORT_PORT: "0",
          FIELDREPORT_DATA_DIR: dataDir,
          FIELDREPORT_DEMO: "false",
          FIELDREPORT_LOG_LEVEL: "silent",
          FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL: "bench-admin@example.com",
          FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: "bench-admin-password-1",
          FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000",
          FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000",
          ...(databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: databaseUrl }),
        },
      }),
    ),
  )
