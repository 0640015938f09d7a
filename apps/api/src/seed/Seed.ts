/**
 * The API's public entry for seeding tools, such as the data generator (`tooling/generate`): a
 * database opened with the API's services, and the seeder that writes into it (`Seeder.ts`, the
 * one the demo's first start writes with too). A tool imports this module and the domain's, and
 * writes nothing of its own.
 */
import { ConfigProvider, Effect, Layer, ManagedRuntime } from "effect"
import { type AppServices, appLayer } from "../AppLayer.ts"
import { Bootstrap } from "../services/Bootstrap.ts"
import { make, type Seeder } from "./Seeder.ts"

export type {
  AlertAreaSeed,
  ChannelPlan,
  NotificationSeed,
  Person,
  PersonDetails,
  PhotoSeed,
  ReadSeed,
  ReportSeed,
  SeededCategory,
  SeededChannel,
  Seeder,
  SelectionSeed,
} from "./Seeder.ts"

/** The database to seed: the embedded one in the data directory, or PostgreSQL's when a URL is given. */
export interface SeedTarget {
  /** Where the embedded database and the uploaded files are. */
  readonly dataDir: string
  /** `postgres://…` of a database to seed instead of the embedded one. */
  readonly databaseUrl?: string | undefined
}

/**
 * Opens the target's database as the API's start does (migrated, with its default branded app),
 * without an HTTP server, job workers or logs, runs `seed` with a seeder on it, and closes it.
 * `seed` may ask for the API's services too, to look at what it wrote.
 *
 * @example
 * ```ts
 * const owner = await seedDatabase({ dataDir: "/tmp/city" }, (seeder) =>
 *   Effect.flatMap(seeder.hashPassword("a long password"), (hash) =>
 *     seeder.person({ email: "olive@example.com", first_name: "Olive", last_name: "Owner" }, hash, Date.now()),
 *   ),
 * )
 * ```
 */
export const seedDatabase = async <A, E>(
  target: SeedTarget,
  seed: (seeder: Seeder) => Effect.Effect<A, E, AppServices>,
): Promise<A> => {
  const env: Record<string, string> = {
    FIELDREPORT_DATA_DIR: target.dataDir,
    FIELDREPORT_DEMO: "false",
    FIELDREPORT_JOB_WORKERS: "0",
    FIELDREPORT_LOG_LEVEL: "silent",
    ...(target.databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: target.databaseUrl }),
  }
  const runtime = ManagedRuntime.make(
    appLayer.pipe(Layer.provide(ConfigProvider.layer(ConfigProvider.fromEnv({ env })))),
  )
  try {
    return await runtime.runPromise(
      Effect.gen(function* () {
        yield* (yield* Bootstrap).run
        return yield* seed(yield* make)
      }),
    )
  } finally {
    await runtime.dispose()
  }
}
