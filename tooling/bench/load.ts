/**
 * The load benchmark, run on demand:
 *
 *     npm run bench:load -w tooling -- --data-dir /tmp/city --seconds 10 --connections 10
 *
 * On a generated database (`--data-dir`, generated into first if it holds none; else a temporary
 * one of `--reports` reports, deleted afterwards) it starts the API as `npm start` runs it and a
 * bare Express 5 server answering the API's own bytes from memory (`bare-express.ts`), and loads
 * each with autocannon, scenario by scenario (`LoadScenarios.ts`): a short warm-up of each, then
 * `--seconds` of `--connections` connections on each, in `--rounds` alternating rounds (API, bare,
 * API, bare…) so that the machine's other work weighs on both alike. It prints for each: requests
 * per second of both and their ratio, p50 and p99 latency, the CPU time each server spent per call
 * and their ratio (which, unlike throughput, does not depend on what else the machine is doing),
 * failures, and the API's peak resident memory; after the calls that leave jobs, how long the jobs
 * took to finish.
 *
 * `--only fetch,fetch-form` runs some scenarios (by key); `--profile-dir` has the API write a
 * CPU profile (`node --cpu-prof`) there when it stops.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { parseArgs } from "node:util"
import { loadScenarios } from "./LoadScenarios.ts"
import { drainJobs, openTarget } from "./LoadTarget.ts"
import { combine, cpuPerCall, failuresOf, type Measured, measure } from "./Measure.ts"
import { type BareRoute, cpuOf, memoryOf, startBare } from "./Servers.ts"

/** A report fetch must reach this share of the bare server's throughput. */
const FETCH_TARGET_RATIO = 0.7

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    reports: { type: "string", default: "1000000" },
    seed: { type: "string", default: "1" },
    seconds: { type: "string", default: "12" },
    rounds: { type: "string", default: "3" },
    "warm-up": { type: "string", default: "2" },
    connections: { type: "string", default: "10" },
    only: { type: "string" },
    "profile-dir": { type: "string" },
  },
  strict: true,
  allowPositionals: false,
})

const whole = (name: "reports" | "seed" | "seconds" | "rounds" | "warm-up" | "connections"): number => {
  const value = Number(values[name])
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not ${values[name]}`)
  return value
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const megabytes = (bytes: number) => (bytes / 1024 / 1024).toFixed(0)
const fixed = (value: number, digits = 1) => value.toFixed(digits)

const target = await openTarget({
  ...(values["data-dir"] === undefined ? {} : { dataDir: values["data-dir"] }),
  ...(values["profile-dir"] === undefined ? {} : { profileDir: values["profile-dir"] }),
  reports: whole("reports"),
  seed: whole("seed"),
  log,
})
const workDir = mkdtempSync(join(tmpdir(), "fieldreport-load-bare-"))
try {
  const only = values.only?.split(",")
  const scenarios = loadScenarios(target.context).filter((scenario) => only?.includes(scenario.key) ?? true)
  const rounds = Math.max(1, whole("rounds"))
  const load = { connections: whole("connections"), seconds: whole("seconds") / rounds }
  const warmUp = { connections: load.connections, seconds: whole("warm-up") }

  // The bare server answers what the API answers: one call of each scenario gives the bytes.
  const routes: Array<BareRoute> = []
  for (const scenario of scenarios) {
    const { path, body } = scenario.next()
    const response = await fetch(`${target.api.url}${path}`, {
      method: scenario.method,
      headers: scenario.headers,
      ...(body === undefined ? {} : { body }),
    })
    const bytes = Buffer.from(await response.arrayBuffer())
    if (response.status !== scenario.status)
      throw new Error(`${scenario.name}: ${response.status} ${bytes.toString("utf8")}`)
    routes.push({
      key: scenario.key,
      method: scenario.method,
      status: response.status,
      contentType: response.headers.get("content-type") ?? "application/json",
      body: bytes.toString("base64"),
    })
    log(`${scenario.name}: ${bytes.length} bytes`)
  }
  await drainJobs(target, 300)
  const bare = await startBare(routes, workDir)
  try {
    log(
      `Each scenario: ${warmUp.seconds} s of warm-up on each, then ${rounds} rounds of ${load.seconds.toFixed(1)} s of ${load.connections} connections on the API, then on bare Express`,
    )
    const rows: Array<string> = []
    for (const scenario of scenarios) {
      await measure(target.api.url, "", scenario, target.api.pid, warmUp)
      await measure(bare.url, `/${scenario.key}`, scenario, bare.pid, warmUp)
      if (scenario.makesJobs) await drainJobs(target, 300)
      let drained = 0
      let ourCpu = 0
      const [ourRounds, bareRounds]: [Array<Measured>, Array<Measured>] = [[], []]
      for (let round = 0; round < rounds; round++) {
        const cpuBefore = cpuOf(target.api.pid)
        ourRounds.push(await measure(target.api.url, "", scenario, target.api.pid, load))
        // The jobs the round left are the API's work too: timed, counted, and done before the bare round.
        if (scenario.makesJobs) drained += await drainJobs(target, 600)
        ourCpu += cpuOf(target.api.pid) - cpuBefore
        bareRounds.push(await measure(bare.url, `/${scenario.key}`, scenario, bare.pid, load))
      }
      const [ours, baseline] = [{ ...combine(ourRounds), cpu: ourCpu }, combine(bareRounds)]
      const ratio = ours.requestsPerSecond / baseline.requestsPerSecond
      const cpuRatio = cpuPerCall(baseline) / cpuPerCall(ours)
      const verdict =
        scenario.key === "fetch"
          ? ratio >= FETCH_TARGET_RATIO
            ? ` (target ${FETCH_TARGET_RATIO}: pass)`
            : ` (target ${FETCH_TARGET_RATIO}: **fail**)`
          : ""
      const cells = (measured: Measured) =>
        `${fixed(measured.requestsPerSecond, 0)} | ${fixed(measured.p50)} | ${fixed(measured.p99)}`
      rows.push(
        `| ${scenario.name} | ${cells(ours)} | ${cells(baseline)} | ${fixed(ratio, 2)}${verdict} | ${fixed(cpuPerCall(ours), 2)} | ${fixed(cpuPerCall(baseline), 2)} | ${fixed(cpuRatio, 2)} | ${failuresOf(ours)} | ${megabytes(ours.peakRss)} | ${scenario.makesJobs ? `${fixed(drained)} s` : ""} |`,
      )
      log(
        `  ${scenario.name}: ${fixed(ours.requestsPerSecond, 0)} req/s (bare ${fixed(baseline.requestsPerSecond, 0)}), ratio ${fixed(ratio, 2)} (CPU per call ${fixed(cpuPerCall(ours), 2)} ms, bare ${fixed(cpuPerCall(baseline), 2)} ms), p50 ${ours.p50} ms, p99 ${ours.p99} ms, failures: ${failuresOf(ours)}, RSS ≤ ${megabytes(ours.peakRss)} MB${scenario.makesJobs ? `, jobs done ${fixed(drained)} s later` : ""}`,
      )
    }
    log("")
    log(
      "| scenario | API req/s | API p50 ms | API p99 ms | bare req/s | bare p50 ms | bare p99 ms | ratio | API CPU ms/call | bare CPU ms/call | CPU ratio | failures | API RSS peak MB | jobs done after |",
    )
    log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for (const row of rows) log(row)
    log("")
    log(
      `API peak resident memory over the run (VmHWM): ${megabytes(memoryOf(target.api.pid).peak)} MB; bare Express: ${megabytes(memoryOf(bare.pid).peak)} MB`,
    )
  } finally {
    await bare.stop()
  }
} finally {
  await target.close()
  rmSync(workDir, { recursive: true, force: true })
}
