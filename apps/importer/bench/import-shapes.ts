/**
 * The importer benchmark, run on demand:
 *
 *     npm run bench -w apps/importer -- --shapes 100000
 *     FIELDREPORT_BENCH_SHAPES=10000 npm run bench          (at the root, through turbo)
 *
 * It writes a GeoJSON FeatureCollection of `--shapes` polygons of 20 to 200 vertices (star-shaped
 * around a centre, so never self-intersecting) spread over New Zealand, starts the API as its own
 * process on an embedded database in a temporary data directory, and runs `fieldreport-import` on
 * the file as a user would. It prints the file's size, the import's wall time and rate against the
 * target, and the importer's resident memory sampled through the run (flat memory means the file
 * is streamed, not loaded). Everything is deleted afterwards unless `--keep`.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { once } from "node:events"
import { createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import { seeded } from "@fieldreport/domain/SeededRandom"
import { Effect } from "effect"

/** The whole import must take less than this. */
const TARGET_SECONDS = 60

const { values } = parseArgs({
  options: {
    // At the root, `npm run bench` goes through turbo, which passes FIELDREPORT_* variables only.
    shapes: { type: "string", default: process.env.FIELDREPORT_BENCH_SHAPES ?? "100000" },
    concurrency: { type: "string", default: "4" },
    "batch-size": { type: "string", default: "100" },
    seed: { type: "string", default: "7" },
    keep: { type: "boolean", default: false },
  },
})
const shapes = Number(values.shapes)
const port = 39_000 + Math.floor(Math.random() * 1000)
const server = `http://127.0.0.1:${port}`
const bundleId = "com.fieldreport.app"
const admin = { email: "bench@example.com", password: "bench-password-1" }
const root = fileURLToPath(new URL("../../..", import.meta.url))

/** Seeded, so every run imports the same file. */
const random = seeded(Number(values.seed))

/** A polygon of 20 to 200 vertices around a random centre: angles in order, radii at random. */
const polygon = (): Array<Array<[number, number]>> => {
  const vertices = 20 + Math.floor(random() * 181)
  const [longitude, latitude] = [166.5 + random() * 12, -46.5 + random() * 12]
  const size = 0.001 + random() * 0.02
  const ring: Array<[number, number]> = []
  for (let i = 0; i < vertices; i += 1) {
    const angle = (2 * Math.PI * i) / vertices
    const radius = size * (0.5 + random() / 2)
    ring.push([
      Number((longitude + radius * Math.cos(angle)).toFixed(6)),
      Number((latitude + radius * Math.sin(angle)).toFixed(6)),
    ])
  }
  ring.push(ring[0] as [number, number])
  return [ring]
}

const writeFile = async (path: string) => {
  const out = createWriteStream(path)
  out.write('{"type":"FeatureCollection","features":[\n')
  for (let i = 0; i < shapes; i += 1) {
    const feature = {
      type: "Feature",
      properties: { name: `Block ${i + 1}`, district: `District ${i % 67}` },
      geometry: { type: "Polygon", coordinates: polygon() },
    }
    if (!out.write(`${i === 0 ? "" : ",\n"}${JSON.stringify(feature)}`)) await once(out, "drain")
  }
  out.end("\n]}\n")
  await once(out, "finish")
}

const waitForReady = async () => {
  for (;;) {
    const ready = await fetch(`${server}/readyz`).then(
      (answer) => answer.ok,
      () => false,
    )
    if (ready) return
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** CPU time (user and system) a process has used so far, in seconds, from /proc. */
const cpuSeconds = (child: ChildProcess): number | undefined => {
  try {
    // Fields after the command name (which is in parentheses): utime and stime are the 12th and 13th.
    const fields = readFileSync(`/proc/${child.pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? []
    return (Number(fields[11]) + Number(fields[12])) / 100
  } catch {
    return undefined
  }
}

/** Resident memory of a process in MB, from /proc. */
const residentMb = (child: ChildProcess): number | undefined => {
  try {
    const status = readFileSync(`/proc/${child.pid}/status`, "utf8")
    const kb = /VmRSS:\s+(\d+)/.exec(status)?.[1]
    return kb === undefined ? undefined : Number(kb) / 1024
  } catch {
    return undefined
  }
}

const directory = mkdtempSync(join(tmpdir(), "fieldreport-import-bench-"))
const file = join(directory, "blocks.geojson")
const node = process.execPath
let api: ChildProcess | undefined
try {
  const writing = performance.now()
  await writeFile(file)
  console.log(
    `file: ${shapes.toLocaleString("en")} polygons, ${(statSync(file).size / 1e6).toFixed(0)} MB, written in ${((performance.now() - writing) / 1000).toFixed(1)} s`,
  )

  api = spawn(node, [join(root, "apps/api/src/main.ts")], {
    env: {
      ...process.env,
      FIELDREPORT_HOST: "127.0.0.1",
      FIELDREPORT_PORT: String(port),
      FIELDREPORT_DATA_DIR: join(directory, "data"),
      FIELDREPORT_DEMO: "false",
      FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL: admin.email,
      FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: admin.password,
      FIELDREPORT_LOG_LEVEL: "warn",
      // The benchmark measures the import, not the limiter that protects a shared service.
      FIELDREPORT_RATE_LIMIT_PER_TOKEN: "100000000",
      FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "100000000",
    },
    stdio: ["ignore", "ignore", "inherit"],
  })
  await waitForReady()
  const session = await Effect.runPromise(
    FieldreportClient.make({ baseUrl: server }).login({ app_bundle_id: bundleId, ...admin }),
  )

  const started = performance.now()
  const importer = spawn(
    node,
    [
      join(root, "apps/importer/src/main.ts"),
      ...["--server", server, "--app", bundleId, "--concurrency", values.concurrency],
      ...["--batch-size", values["batch-size"]],
      ...["--report", join(directory, "report.csv"), file],
    ],
    {
      env: { ...process.env, FIELDREPORT_TOKEN: session.access_token, INIT_CWD: directory },
      stdio: ["ignore", "pipe", "inherit"],
    },
  )
  let summary = ""
  importer.stdout?.on("data", (chunk) => {
    summary += String(chunk)
  })
  const samples: Array<{ seconds: number; importer: number; api: number }> = []
  const apiCpuBefore = api ? (cpuSeconds(api) ?? 0) : 0
  let importerCpu = 0
  const sampler = setInterval(() => {
    const [importerMb, apiMb] = [residentMb(importer), api ? residentMb(api) : undefined]
    importerCpu = cpuSeconds(importer) ?? importerCpu
    if (importerMb !== undefined && apiMb !== undefined) {
      samples.push({ seconds: (performance.now() - started) / 1000, importer: importerMb, api: apiMb })
    }
  }, 500)
  const [code] = (await once(importer, "close")) as [number | null]
  clearInterval(sampler)
  const seconds = (performance.now() - started) / 1000

  console.log(`importer: ${summary.trim()} (exit code ${code})`)
  console.log(
    `import: ${seconds.toFixed(1)} s, ${Math.round(shapes / seconds).toLocaleString("en")} shapes/s (target < ${TARGET_SECONDS} s: ${seconds < TARGET_SECONDS ? "met" : "missed"})`,
  )
  const quarter = (q: number) => samples[Math.min(samples.length - 1, Math.floor((samples.length * q) / 4))]
  console.log(
    `importer memory (RSS) at 25/50/75/100% of the run: ${[1, 2, 3, 4].map((q) => `${quarter(q)?.importer.toFixed(0)} MB`).join(" / ")}; max ${Math.max(...samples.map((s) => s.importer)).toFixed(0)} MB`,
  )
  console.log(`API memory (RSS), max: ${Math.max(...samples.map((s) => s.api)).toFixed(0)} MB`)
  // On a machine shared with other work, wall time says little; CPU time per shape says what
  // each side costs (the importer's is read every half second, so it is a slight underestimate).
  const apiCpu = (api ? (cpuSeconds(api) ?? 0) : 0) - apiCpuBefore
  console.log(
    `CPU time: importer ${importerCpu.toFixed(1)} s (${((importerCpu * 1000) / shapes).toFixed(2)} ms/shape), API ${apiCpu.toFixed(1)} s (${((apiCpu * 1000) / shapes).toFixed(2)} ms/shape)`,
  )
} finally {
  api?.kill("SIGTERM")
  if (api) await once(api, "close")
  if (values.keep) console.log(`kept ${directory}`)
  else rmSync(directory, { recursive: true, force: true })
}
