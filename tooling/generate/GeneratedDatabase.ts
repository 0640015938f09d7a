/**
 * A generated database in a data directory: the API's embedded database (or a PostgreSQL database
 * the API would use with that data directory) filled by the generator, and `generated.json` in the
 * directory, which says what was made (the scenario, the ids and logins of {@link Setup}, the counts
 * written) so benchmarks can use it without looking it up.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { seedDatabase } from "@fieldreport/api/seed/Seed"
import { Effect } from "effect"
import { type Filled, fill, type Scenario, type Setup, scaffold } from "./Generate.ts"

/** What `generated.json` holds. */
export interface Generated {
  readonly scenario: Scenario
  readonly setup: Setup
  readonly filled: Filled
  /** Seconds the generation took. */
  readonly seconds: number
}

const manifestOf = (dataDir: string) => join(dataDir, "generated.json")

/**
 * Fills a new data directory through the API's seeder (the API's migrations make the schema), with
 * no HTTP server and no job workers, and writes `generated.json`. With `databaseUrl` the reports go
 * into that PostgreSQL database instead of the embedded one. Refuses a directory that already
 * holds a generated or embedded database.
 *
 * @example
 * ```ts
 * const generated = await generateDatabase("/tmp/city", { ...scenario, reports: 1_000_000 }, console.log)
 * ```
 */
export const generateDatabase = async (
  dataDir: string,
  scenario: Scenario,
  progress: (line: string) => void,
  databaseUrl?: string,
): Promise<Generated> => {
  if (existsSync(join(dataDir, "fieldreport.db")) || existsSync(manifestOf(dataDir)))
    throw new Error(`${dataDir} already holds a database`)
  const began = performance.now()
  const generated = await seedDatabase({ dataDir, databaseUrl }, (seeder) =>
    Effect.gen(function* () {
      const setup = yield* scaffold(seeder, scenario)
      const filled = yield* fill(seeder, setup, scenario, progress)
      return { scenario, setup, filled, seconds: (performance.now() - began) / 1000 }
    }),
  )
  writeFileSync(manifestOf(dataDir), JSON.stringify(generated, null, 2))
  return generated
}

/**
 * What the generator wrote into a data directory, or undefined when it holds no generated database.
 *
 * @example
 * ```ts
 * const generated = readGenerated(dataDir) ?? (await generateDatabase(dataDir, scenario, console.log))
 * ```
 */
export const readGenerated = (dataDir: string): Generated | undefined =>
  existsSync(manifestOf(dataDir))
    ? (JSON.parse(readFileSync(manifestOf(dataDir), "utf8")) as Generated)
    : undefined
