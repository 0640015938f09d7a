/**
 * A generated database in a data directory: the API's embedded database filled by the generator,
 * and `generated.json` next to it, which says what was made (the scenario, the ids and logins of
 * {@link Setup}, the counts written) so benchmarks can use it without looking it up.
 */
import { existsSync, readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { appLayer } from "@fieldreport/api/AppLayer"
import { Bootstrap } from "@fieldreport/api/services/Bootstrap"
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
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
 * Fills a new data directory through the API's services and SQL client (its migrations make the
 * schema), with no HTTP server and no job workers, and writes `generated.json`. Refuses a directory
 * that already holds a database.
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
): Promise<Generated> => {
  if (existsSync(join(dataDir, "fieldreport.db"))) throw new Error(`${dataDir} already holds a database`)
  const began = performance.now()
  const runtime = ManagedRuntime.make(
    appLayer.pipe(
      Layer.provide(
        ConfigProvider.layer(
          ConfigProvider.fromEnv({
            env: {
              FIELDREPORT_DATA_DIR: dataDir,
              FIELDREPORT_DEMO: "false",
              FIELDREPORT_JOB_WORKERS: "0",
              FIELDREPORT_LOG_LEVEL: "silent",
            },
          }),
        ),
      ),
    ),
  )
  try {
    const generated = await runtime.runPromise(
      Effect.gen(function* () {
        yield* (yield* Bootstrap).run
        const setup = yield* scaffold(scenario)
        const filled = yield* fill(setup, scenario, progress)
        return { scenario, setup, filled, seconds: (performance.now() - began) / 1000 }
      }),
    )
    writeFileSync(manifestOf(dataDir), JSON.stringify(generated, null, 2))
    return generated
  } finally {
    await runtime.dispose()
  }
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
