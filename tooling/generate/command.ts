/**
 * The data generator's command: fills a new data directory with a city's worth of field reports.
 *
 *     npm run generate -w tooling -- --data-dir /tmp/city --reports 1000000
 *
 * Every count has a flag (`--reports`, `--channels`, `--members`, `--followers`, `--areas`,
 * `--shapes`, `--notifications`, `--reads`, `--images`, `--seed`); the same seed and counts make
 * the same data. `--database-url postgres://…` fills that PostgreSQL database (new and empty, or
 * migrated and empty) instead of the embedded one. Start the API on the directory afterwards with
 * `FIELDREPORT_DATA_DIR` (and that `FIELDREPORT_DATABASE_URL`) and `FIELDREPORT_DEMO=false`; every
 * generated person logs in with the password `generated.json` names.
 */
import { resolve } from "node:path"
import { parseArgs } from "node:util"
import { generateDatabase } from "./GeneratedDatabase.ts"

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    reports: { type: "string", default: "1000000" },
    channels: { type: "string", default: "4" },
    members: { type: "string", default: "20000" },
    followers: { type: "string", default: "500" },
    areas: { type: "string", default: "100000" },
    shapes: { type: "string", default: "400" },
    notifications: { type: "string", default: "1000000" },
    reads: { type: "string", default: "1000000" },
    images: { type: "string", default: "10000" },
    seed: { type: "string", default: "1" },
  },
  strict: true,
  allowPositionals: false,
})

const count = (name: keyof typeof values): number => {
  const value = Number(values[name])
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not ${values[name]}`)
  return value
}

const dataDir = values["data-dir"]
if (dataDir === undefined) throw new Error("--data-dir is required: the new data directory to fill")

const generated = await generateDatabase(
  resolve(dataDir),
  {
    reports: count("reports"),
    channels: Math.max(1, count("channels")),
    members: Math.max(1, count("members")),
    followers: count("followers"),
    areas: count("areas"),
    shapes: count("shapes"),
    notifications: count("notifications"),
    reads: count("reads"),
    images: count("images"),
    seed: count("seed"),
  },
  (line) => process.stdout.write(`${line}\n`),
  values["database-url"],
)
process.stdout.write(
  `Generated in ${generated.seconds.toFixed(1)} s: ${JSON.stringify(generated.filled)}; logins ${generated.setup.owner.email} and member-1… @generated.example.com, password ${generated.setup.owner.password}\n`,
)
