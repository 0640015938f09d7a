/**
 * The soak, run on demand, never in CI:
 *
 *     npm run bench:soak -w tooling -- --data-dir /tmp/city --minutes 10
 *
 * Loads the API (on a generated database, as the load benchmark does) with a mix of the load
 * scenarios for `--minutes`, in slices of `--slice` seconds: each connection fetches reports
 * (half of its calls, one in ten with `form_fields`), lists a page, polls a search, asks for tiles
 * and an analytics count, and files a report (one call in ten). It prints each slice's throughput,
 * p50 and p99 latency and the API's resident memory, then whether memory and latency stayed flat:
 * the first slice is the warm-up; the rest are cut in thirds, and the last third is compared with
 * the first. Memory is flat if the highest resident memory of the last third is at most
 * {@link MEMORY_GROWTH} above that of the first: the heap grows and shrinks in a saw-tooth over
 * minutes, so a leak shows as rising peaks, not as a higher value at some moment. Latency is flat
 * if the median p99 of the last third's slices is at most {@link LATENCY_GROWTH} above the first's.
 */
import { parseArgs } from "node:util"
import { type LoadScenario, loadScenarios } from "./LoadScenarios.ts"
import { drainJobs, openTarget } from "./LoadTarget.ts"
import { failuresOf, measureMix } from "./Measure.ts"
import { memoryOf } from "./Servers.ts"

/** Memory is flat if the last third's highest resident memory is at most this much above the first third's. */
const MEMORY_GROWTH = 0.1
/** Latency is flat if the last third's median p99 is at most this much above the first third's. */
const LATENCY_GROWTH = 0.5

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    reports: { type: "string", default: "1000000" },
    seed: { type: "string", default: "1" },
    minutes: { type: "string", default: "10" },
    slice: { type: "string", default: "30" },
    connections: { type: "string", default: "10" },
  },
  strict: true,
  allowPositionals: false,
})

const positive = (name: "reports" | "seed" | "minutes" | "slice" | "connections"): number => {
  const value = Number(values[name])
  if (!Number.isFinite(value) || value <= 0)
    throw new Error(`--${name} must be a positive number, not ${values[name]}`)
  return value
}

const log = (line: string) => process.stdout.write(`${line}\n`)
const megabytes = (bytes: number) => bytes / 1024 / 1024

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const target = await openTarget({
  ...(values["data-dir"] === undefined ? {} : { dataDir: values["data-dir"] }),
  reports: positive("reports"),
  seed: positive("seed"),
  log,
})
try {
  const byKey = new Map(loadScenarios(target.context).map((scenario) => [scenario.key, scenario]))
  const scenario = (key: string): LoadScenario => {
    const found = byKey.get(key)
    if (found === undefined) throw new Error(`no scenario ${key}`)
    return found
  }
  const mix = [
    "fetch",
    "fetch",
    "fetch",
    "fetch-form",
    "list",
    "poll",
    "tiles",
    "analytics",
    "fetch",
    "create",
  ].map((key) => ({ prefix: "", scenario: scenario(key) }))
  const slice = { connections: positive("connections"), seconds: positive("slice") }
  const slices = Math.max(4, Math.round((positive("minutes") * 60) / slice.seconds))
  log(
    `Soak: ${slices} slices of ${slice.seconds} s, ${slice.connections} connections, mix ${mix.map((call) => call.scenario.key).join(" ")}`,
  )
  log("")
  log("| slice | minute | req/s | p50 ms | p99 ms | failures | RSS at end MB | RSS peak MB | jobs waiting |")
  log("|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
  const began = performance.now()
  const series: Array<{ readonly p99: number; readonly peakRss: number }> = []
  for (let index = 0; index < slices; index++) {
    const measured = await measureMix(target.api.url, mix, target.api.pid, slice)
    const rss = memoryOf(target.api.pid).rss
    series.push({ p99: measured.p99, peakRss: measured.peakRss })
    log(
      `| ${index + 1} | ${((performance.now() - began) / 60_000).toFixed(1)} | ${measured.requestsPerSecond.toFixed(0)} | ${measured.p50} | ${measured.p99} | ${failuresOf(measured)} | ${megabytes(rss).toFixed(0)} | ${megabytes(measured.peakRss).toFixed(0)} | ${await target.pendingJobs()} |`,
    )
  }
  const measuredSlices = series.slice(1)
  const third = Math.max(1, Math.floor(measuredSlices.length / 3))
  const [first, last] = [measuredSlices.slice(0, third), measuredSlices.slice(-third)]
  const highest = (points: ReadonlyArray<(typeof series)[number]>) =>
    Math.max(...points.map((point) => point.peakRss))
  const memoryGrowth = highest(last) / highest(first) - 1
  const latencyGrowth = median(last.map((point) => point.p99)) / median(first.map((point) => point.p99)) - 1
  log("")
  log(
    `Memory: highest RSS ${megabytes(highest(first)).toFixed(0)} MB in the first third, ${megabytes(highest(last)).toFixed(0)} MB in the last (${(memoryGrowth * 100).toFixed(1)}%): ${memoryGrowth <= MEMORY_GROWTH ? "flat" : "**growing**"}`,
  )
  log(
    `Latency: median p99 ${median(first.map((point) => point.p99))} ms in the first third, ${median(last.map((point) => point.p99))} ms in the last (${(latencyGrowth * 100).toFixed(1)}%): ${latencyGrowth <= LATENCY_GROWTH ? "flat" : "**growing**"}`,
  )
  log(`Peak resident memory of the API (VmHWM): ${megabytes(memoryOf(target.api.pid).peak).toFixed(0)} MB`)
  const drained = await drainJobs(target, 600)
  log(`The jobs left behind were done ${drained.toFixed(1)} s after the load stopped`)
} finally {
  await target.close()
}
