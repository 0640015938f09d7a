/**
 * The report exports benchmark, run on demand:
 *
 *     npm run bench:exports -- --reports 1000000                (in apps/api)
 *     node bench/report-exports.ts --data-dir /tmp/city --formats csv,gpkg,xlsx
 *
 * It fills a data directory with the data generator's command (`npm run generate -w tooling`, a
 * city's reports over its channels and nothing else), unless `--data-dir` names one the generator
 * filled already; starts the API on it with `startServer`, in this process; signs in as the owner
 * of the generated team, who reads every channel; searches all their reports; and exports the
 * search in each format of `--formats` (CSV and GeoPackage by default), through HTTP on loopback.
 *
 * For each export it prints the rows and bytes of the file, the seconds from the request to the
 * export being done and the CPU seconds the process spent meanwhile (the figure to read on a busy
 * machine), the seconds to download the file, and the process's resident memory sampled
 * every 100 ms: before the export, at its highest while it ran, and after. The target is a million
 * reports in under 30 s per format with memory flat: the highest sample close to the one before,
 * whatever the size of the file.
 *
 * A temporary data directory is deleted afterwards unless `--keep`; a named one never is.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { href } from "@fieldreport/contract/Api"
import { type Format, formats } from "@fieldreport/domain/ReportExport"
import * as GeneratedCity from "./GeneratedCity.ts"

/** Each export of a million reports must be done within this. */
const TARGET_SECONDS = 30

const { values: flags } = parseArgs({
  options: {
    reports: { type: "string", default: "1000000" },
    formats: { type: "string", default: "csv,gpkg" },
    "data-dir": { type: "string" },
    keep: { type: "boolean", default: false },
  },
  strict: true,
  allowPositionals: false,
})

const reports = Number(flags.reports)
if (!Number.isSafeInteger(reports) || reports < 1)
  throw new Error(`--reports must be a whole number, not ${flags.reports}`)
const chosen = (flags.formats ?? "").split(",").map((name) => name.trim())
const unknown = chosen.filter((name) => !(formats as ReadonlyArray<string>).includes(name))
if (unknown.length > 0)
  throw new Error(`--formats: unknown ${unknown.join(", ")}; known: ${formats.join(", ")}`)
const named = flags["data-dir"]
const dataDir = resolve(named ?? mkdtempSync(join(tmpdir(), "fieldreport-export-bench-")))

const log = (line: string) => process.stdout.write(`${line}\n`)
const seconds = (from: number) => ((performance.now() - from) / 1000).toFixed(1)
const mib = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MiB`
const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms))

/** Resident memory sampled every 100 ms while `during` runs: the highest sample. */
const sampled = async <A>(
  during: () => Promise<A>,
): Promise<{ readonly value: A; readonly peak: number }> => {
  let peak = process.memoryUsage.rss()
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage.rss())
  }, 100)
  try {
    return { value: await during(), peak }
  } finally {
    clearInterval(timer)
  }
}

const { setup } = GeneratedCity.fill(
  dataDir,
  { reports, members: 100, followers: 0, areas: 0, shapes: 0, notifications: 0, reads: 0, images: 0 },
  log,
)
const server = await GeneratedCity.serve(dataDir)

/** A JSON call of the API, failing on any status but those expected. */
const call = async (
  method: string,
  path: string,
  token: string | undefined,
  body?: unknown,
): Promise<{ readonly status: number; readonly body: Record<string, unknown> }> => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      ...(token === undefined ? {} : { Authorization: `Token token=${token}` }),
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await response.text()
  if (response.status >= 300 && response.status !== 202)
    throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return { status: response.status, body: JSON.parse(text) as Record<string, unknown> }
}

/** Polls an address every 200 ms until it no longer answers 202. */
const awaitDone = async (path: string, token: string) => {
  for (;;) {
    const answer = await call("GET", path, token)
    if (answer.status !== 202) return answer.body
    await sleep(200)
  }
}

try {
  const signedIn = await call("POST", href("createSession", {}), undefined, {
    session: {
      app_bundle_id: "com.fieldreport.app",
      email: setup.owner.email,
      password: setup.owner.password,
    },
  })
  const token = (signedIn.body.session as { access_token: string }).access_token
  const searching = performance.now()
  const search = await call("GET", `${href("startReportSearch", {})}?order[id]=asc`, token)
  const searchId = Number(search.body.id)
  await awaitDone(href("getReportSearch", { id: searchId }), token)
  log(`Searched in ${seconds(searching)} s`)
  log("")
  log(
    "| format | rows | bytes | export (s) | CPU (s) | download (s) | RSS before | RSS peak | RSS after | target |",
  )
  log("|---|---|---|---|---|---|---|---|---|---|")
  for (const format of chosen as ReadonlyArray<Format>) {
    const before = process.memoryUsage.rss()
    const cpu = process.cpuUsage()
    const began = performance.now()
    const { value: done, peak } = await sampled(async () => {
      const started = await call("POST", href("startReportExport", {}), token, {
        report_export: { report_search_id: searchId, format },
      })
      return awaitDone(href("getReportExport", { id: Number(started.body.id) }), token)
    })
    const exportSeconds = (performance.now() - began) / 1000
    const { user, system } = process.cpuUsage(cpu)
    if (done.state !== "done") throw new Error(`the ${format} export failed: ${JSON.stringify(done)}`)
    const downloading = performance.now()
    const download = await fetch(String(done.download_url))
    let bytes = 0
    for await (const chunk of download.body ?? []) bytes += (chunk as Uint8Array).length
    log(
      `| ${format} | ${done.rows} | ${bytes} | ${exportSeconds.toFixed(1)} | ${((user + system) / 1e6).toFixed(1)} | ${seconds(downloading)} | ${mib(before)} | ${mib(peak)} | ${mib(process.memoryUsage.rss())} | ${exportSeconds < TARGET_SECONDS ? "pass" : "**fail**"} |`,
    )
  }
} finally {
  await server.stop()
  if (named === undefined && !flags.keep) rmSync(dataDir, { recursive: true, force: true })
}
