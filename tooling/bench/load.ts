/**
 * The load benchmark, run on demand:
 *
 *     npm run bench:load -w tooling -- --data-dir /tmp/city --seconds 12 --connections 10
 *
 * On a generated database (`--data-dir`, generated into first if it holds none; else a temporary
 * one of `--reports` reports, deleted afterwards) it loads three servers with autocannon, scenario
 * by scenario (`LoadScenarios.ts`), all on loopback:
 *
 * - the API, as `npm start` runs it;
 * - for the hot requests, the floor (`floor.ts`): the statements the API runs, on the same file,
 *   answering the same bytes, and nothing else: what a request cannot avoid costing;
 * - a bare Express 5 server answering the API's own bytes from memory (`bare-express.ts`).
 *
 * A short warm-up of each, then `--seconds` of `--connections` connections on each, in `--rounds`
 * alternating rounds (API, floor, bare, API…) so that the machine's other work weighs on all alike.
 * It prints for each scenario the requests per second and the CPU time per call of each server
 * (read from `/proc`: unlike throughput, it does not depend on what else the machine is doing), the
 * ratio of the API's CPU per call to the floor's, the API's p50 and p99 latency, and failures.
 *
 * The calls that leave jobs (search starts, creates) go to a second API process without job
 * workers, so that its CPU per call is the request's alone, and each of their rounds on it and on
 * the floor is `--job-calls` calls rather than `--seconds` (a quarter of that to warm up), which
 * bounds the jobs. The first API process runs the jobs after each round (those of the floor's rounds too,
 * uncounted): their CPU per call and how long they took are printed apart.
 *
 * `--only fetch,fetch-form` runs some scenarios (by key); `--profile-dir` has the API processes and
 * the floor write their CPU profiles (`node --cpu-prof`) into folders of their own there (`api`,
 * `api-without-jobs`, `floor`) when they stop, for `profile-summary.ts` to break down.
 *
 * `--database-url postgres://…/fieldreport_bench` runs the API on PostgreSQL instead: the
 * database (created if missing) is filled from the data directory's city when it holds no reports
 * (`PgCity.ts`), and the floor is `pg-floor.ts` on the same database.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import type { LoadScenario } from "./LoadScenarios.ts"
import { loadScenarios } from "./LoadScenarios.ts"
import { drainJobs, openTarget } from "./LoadTarget.ts"
import { combine, cpuPerCall, failuresOf, type LoadOptions, type Measured, measure } from "./Measure.ts"
import {
  type BareRoute,
  cpuOf,
  memoryOf,
  type ServerProcess,
  startApi,
  startBare,
  startFloor,
  startPgFloor,
} from "./Servers.ts"

/** A hot request should cost the API at most this many times the CPU it costs the floor. */
const FLOOR_GOAL = 2

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    reports: { type: "string", default: "1000000" },
    seed: { type: "string", default: "1" },
    seconds: { type: "string", default: "12" },
    rounds: { type: "string", default: "3" },
    "warm-up": { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    "job-calls": { type: "string", default: "200" },
    only: { type: "string" },
    "profile-dir": { type: "string" },
    "database-url": { type: "string" },
  },
  strict: true,
  allowPositionals: false,
})

const whole = (
  name: "reports" | "seed" | "seconds" | "rounds" | "warm-up" | "connections" | "job-calls",
): number => {
  const value = Number(values[name])
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not ${values[name]}`)
  return value
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
const fixed = (value: number, digits = 1) => value.toFixed(digits)

/** A server under load: where its calls go, and the process whose CPU they cost. */
interface Loaded {
  readonly name: "API" | "floor" | "bare"
  readonly server: ServerProcess
  /** The path prefix of the scenario's calls: the bare server's `/{key}`; nothing for the others. */
  readonly prefix: string
}

/** One call of a scenario, answered as the scenario expects, or the run stops: its bytes. */
const probe = async (url: string, prefix: string, scenario: LoadScenario): Promise<Buffer> => {
  const { path, body } = scenario.next()
  const response = await fetch(`${url}${prefix}${path}`, {
    method: scenario.method,
    headers: scenario.headers,
    ...(body === undefined ? {} : { body }),
  })
  const bytes = Buffer.from(await response.arrayBuffer())
  if (response.status !== scenario.status)
    throw new Error(`${scenario.name} at ${url}: ${response.status} ${bytes.toString("utf8")}`)
  return bytes
}

/** Each server's CPU profiles go into a folder of its own under `--profile-dir`. */
const profileOf = (server: string) => {
  const dir = values["profile-dir"]
  return dir === undefined ? {} : { profileDir: join(dir, server) }
}
const databaseUrl = values["database-url"]
const postgres = databaseUrl === undefined ? {} : { databaseUrl }
const target = await openTarget({
  ...(values["data-dir"] === undefined ? {} : { dataDir: values["data-dir"] }),
  ...profileOf("api"),
  ...postgres,
  reports: whole("reports"),
  seed: whole("seed"),
  log,
})
const workDir = mkdtempSync(join(tmpdir(), "fieldreport-load-bare-"))
const servers: Array<ServerProcess> = []
try {
  const only = values.only?.split(",")
  const scenarios = loadScenarios(target.context).filter((scenario) => only?.includes(scenario.key) ?? true)
  const rounds = Math.max(1, whole("rounds"))
  const load: LoadOptions = { connections: whole("connections"), seconds: whole("seconds") / rounds }
  // autocannon makes at least a call per connection.
  const jobLoad: LoadOptions = { ...load, calls: Math.max(load.connections, whole("job-calls")) }
  const warmUp: LoadOptions = { connections: load.connections, seconds: whole("warm-up") }
  const jobWarmUp: LoadOptions = {
    ...warmUp,
    calls: Math.max(load.connections, Math.ceil(whole("job-calls") / 4)),
  }

  // The bare server answers what the API answers: one call of each scenario gives the bytes.
  const routes: Array<BareRoute> = []
  for (const scenario of scenarios) {
    const bytes = await probe(target.api.url, "", scenario)
    routes.push({
      key: scenario.key,
      method: scenario.method,
      status: scenario.status,
      contentType: "application/json; charset=utf-8",
      body: bytes.toString("base64"),
    })
    log(`${scenario.name}: ${bytes.length} bytes`)
  }
  await drainJobs(target, 300)
  const bare = await startBare(routes, workDir)
  servers.push(bare)
  const floor =
    databaseUrl === undefined
      ? await startFloor(target.dataDir, profileOf("floor"))
      : await startPgFloor(databaseUrl, profileOf("floor"))
  servers.push(floor)
  const jobless = scenarios.some((scenario) => scenario.makesJobs)
    ? await startApi(target.dataDir, { ...profileOf("api-without-jobs"), ...postgres, jobWorkers: 0 })
    : undefined
  if (jobless !== undefined) servers.push(jobless)
  log(`The API and the floor on ${databaseUrl === undefined ? "SQLite" : "PostgreSQL"}`)
  log(
    `Each scenario: ${warmUp.seconds} s of warm-up on each server, then ${rounds} rounds of ${fixed(load.seconds)} s (${jobLoad.calls} calls on the API and the floor for those that leave jobs) of ${load.connections} connections on the API, the floor (hot requests) and bare Express in turn`,
  )
  const rows: Array<string> = []
  const ratios: Array<number> = []
  for (const scenario of scenarios) {
    const api = scenario.makesJobs && jobless !== undefined ? jobless : target.api
    const loaded: ReadonlyArray<Loaded> = [
      { name: "API", server: api, prefix: "" },
      ...(scenario.floor ? [{ name: "floor", server: floor, prefix: "" } as const] : []),
      { name: "bare", server: bare, prefix: `/${scenario.key}` },
    ]
    if (scenario.floor) await probe(floor.url, "", scenario)
    const bursts = new Map(loaded.map((each) => [each.name, [] as Array<Measured>]))
    let [jobSeconds, jobCpu] = [0, 0]
    for (const each of loaded)
      await measure(
        each.server.url,
        each.prefix,
        scenario,
        each.server.pid,
        scenario.makesJobs && each.name !== "bare" ? jobWarmUp : warmUp,
      )
    if (scenario.makesJobs) await drainJobs(target, 600)
    for (let round = 0; round < rounds; round++) {
      for (const each of loaded) {
        const jobCpuBefore = cpuOf(target.api.pid)
        const options = scenario.makesJobs && each.name !== "bare" ? jobLoad : load
        bursts
          .get(each.name)
          ?.push(await measure(each.server.url, each.prefix, scenario, each.server.pid, options))
        if (scenario.makesJobs && each.name !== "bare") {
          const drained = await drainJobs(target, 600)
          if (each.name === "API") {
            jobSeconds += drained
            jobCpu += cpuOf(target.api.pid) - jobCpuBefore
          }
        }
      }
    }
    const measured = (name: Loaded["name"]) => {
      const taken = bursts.get(name) ?? []
      return taken.length === 0 ? undefined : combine(taken)
    }
    const [ours, floored, baseline] = [measured("API"), measured("floor"), measured("bare")]
    if (ours === undefined || baseline === undefined) continue
    const ratio = floored === undefined ? undefined : cpuPerCall(ours) / cpuPerCall(floored)
    if (ratio !== undefined) ratios.push(ratio)
    const rate = (each: Measured | undefined) => (each === undefined ? "" : fixed(each.requestsPerSecond, 0))
    const cpu = (each: Measured | undefined) => (each === undefined ? "" : fixed(cpuPerCall(each), 2))
    const failures = [ours, floored, baseline].flatMap((each) =>
      each === undefined ? [] : [failuresOf(each)],
    )
    const jobs = scenario.makesJobs
      ? [fixed(jobCpu / Math.max(1, ours.requests), 2), `${fixed(jobSeconds)} s`]
      : ["", ""]
    rows.push(
      `| ${scenario.name} | ${rate(ours)} | ${rate(floored)} | ${rate(baseline)} | ${cpu(ours)} | ${cpu(floored)} | ${cpu(baseline)} | ${ratio === undefined ? "" : fixed(ratio, 2)} | ${ours.p50} / ${ours.p99} | ${failures.join(" / ")} | ${jobs.join(" | ")} |`,
    )
    log(
      `  ${scenario.name}: API ${rate(ours)} req/s, ${cpu(ours)} ms CPU per call; ${floored === undefined ? "no floor" : `floor ${rate(floored)} req/s, ${cpu(floored)} ms`}; bare ${rate(baseline)} req/s, ${cpu(baseline)} ms${ratio === undefined ? "" : `; API/floor ${fixed(ratio, 2)}`}; API p50 ${ours.p50} ms, p99 ${ours.p99} ms; failures ${failures.join(" / ")}${scenario.makesJobs ? `; jobs ${jobs[0]} ms CPU per call, done ${jobs[1]} after` : ""}`,
    )
  }
  log("")
  log(
    "| scenario | API req/s | floor req/s | bare req/s | API CPU ms/call | floor CPU ms/call | bare CPU ms/call | API/floor CPU | API p50 / p99 ms | failures (API / floor / bare) | jobs CPU ms/call | jobs done after |",
  )
  log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  for (const row of rows) log(row)
  log("")
  log(
    `Hot requests within ${FLOOR_GOAL}× their floor's CPU: ${ratios.filter((ratio) => ratio <= FLOOR_GOAL).length} of ${ratios.length}`,
  )
  log(
    `Peak resident memory over the run (VmHWM): API ${megabytes(memoryOf(target.api.pid).peak)} MB${jobless === undefined ? "" : `, API without job workers ${megabytes(memoryOf(jobless.pid).peak)} MB`}, floor ${megabytes(memoryOf(floor.pid).peak)} MB, bare Express ${megabytes(memoryOf(bare.pid).peak)} MB`,
  )
} finally {
  for (const server of servers) await server.stop()
  await target.close()
  rmSync(workDir, { recursive: true, force: true })
}
