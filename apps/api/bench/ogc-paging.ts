/**
 * The OGC API – Features paging benchmark, run on demand (in apps/api):
 *
 *     npx node bench/ogc-paging.ts --reports 1000000
 *     npx node bench/ogc-paging.ts --data-dir /tmp/city --walk
 *
 * It fills a data directory with the data generator's command (`npm run generate -w tooling`: one
 * channel holding all the reports, and nothing else), unless `--data-dir` names one the generator
 * filled already; starts the API on it with `startServer`, in this process; signs in as the
 * generated owner, who reads the channel; and reads pages of 10,000 features through HTTP on
 * loopback, as a GIS tool does:
 *
 * - the collections, once warm;
 * - the first page, the page after the middle report (a next link's cursor) and the last full page;
 * - a page of a bbox (the city's south-west quarter, then a few streets) and one of a month
 *   (`datetime`);
 * - with `--walk`, the whole channel by next links, checking that every report comes once.
 *
 * Each page is read `--repetitions` times after one read to warm up; it prints the median and the
 * slowest time to the last byte, the time to the first byte, the CPU time of the process (server
 * and reader together: the figure to read on a busy machine), the features and bytes, and the
 * process's resident memory at its highest, against the target of a page in under 1 s.
 *
 * `--database-url` runs the server on that PostgreSQL database instead; fill one from a kept
 * directory with `npm run fieldreport -- copy-to-postgres`, and pass the directory too.
 *
 * A temporary data directory is deleted afterwards unless `--keep`; a named one never is.
 */
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, resolve } from "node:path"
import { parseArgs } from "node:util"
import { href } from "@fieldreport/contract/Api"
import * as OgcCursor from "@fieldreport/domain/OgcCursor"
import * as GeneratedCity from "./GeneratedCity.ts"

/** A page of 10,000 features must be read within this. */
const TARGET_MS = 1000

const { values: flags } = parseArgs({
  options: {
    reports: { type: "string", default: "1000000" },
    repetitions: { type: "string", default: "5" },
    "data-dir": { type: "string" },
    "database-url": { type: "string" },
    walk: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
  strict: true,
  allowPositionals: false,
})

const whole = (name: "reports" | "repetitions") => {
  const value = Number(flags[name])
  if (!Number.isSafeInteger(value) || value < 1)
    throw new Error(`--${name} must be a whole number, not ${flags[name]}`)
  return value
}
const reports = whole("reports")
const repetitions = whole("repetitions")
const named = flags["data-dir"]
const databaseUrl = flags["database-url"]
const dataDir = resolve(named ?? mkdtempSync(join(tmpdir(), "fieldreport-ogc-bench-")))

const log = (line: string) => process.stdout.write(`${line}\n`)
const ms = (value: number) => `${Math.round(value)} ms`
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`

if (!existsSync(join(dataDir, "generated.json")) && databaseUrl !== undefined)
  throw new Error("--database-url needs a --data-dir whose embedded database was filled and copied there")
const { setup } = GeneratedCity.fill(
  dataDir,
  {
    reports,
    channels: 1,
    members: 1000,
    followers: 0,
    areas: 0,
    shapes: 50,
    notifications: 0,
    reads: 0,
    images: 0,
  },
  log,
)
const server = await GeneratedCity.serve(dataDir, databaseUrl)

/** One read of a page: the times to the first and the last byte, the process's CPU time, and what came. */
interface Read {
  readonly firstByte: number
  readonly lastByte: number
  readonly cpu: number
  readonly bytes: number
  // biome-ignore lint/suspicious/noExplicitAny: the benchmark reads whatever the service answered
  readonly body: any
}

let peakRss = process.memoryUsage.rss()
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage.rss())
}, 50)

try {
  const session = await fetch(`${server.url}${href("createSession", {})}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      session: {
        app_bundle_id: "com.fieldreport.app",
        email: setup.owner.email,
        password: setup.owner.password,
      },
    }),
  })
  if (session.status !== 201) throw new Error(`signing in failed: ${session.status} ${await session.text()}`)
  const token = ((await session.json()) as { session: { access_token: string } }).session.access_token
  const headers = { Authorization: `Token token=${token}` }

  const read = async (url: string): Promise<Read> => {
    const began = performance.now()
    const cpuBefore = process.cpuUsage()
    const response = await fetch(url, { headers })
    if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`)
    const reader = response.body?.getReader()
    if (reader === undefined) throw new Error(`${url}: no body`)
    const chunks: Array<Uint8Array> = []
    let firstByte = 0
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      if (chunks.length === 0) firstByte = performance.now() - began
      chunks.push(part.value)
    }
    const lastByte = performance.now() - began
    const used = process.cpuUsage(cpuBefore)
    const text = Buffer.concat(chunks).toString("utf8")
    return {
      firstByte,
      lastByte,
      cpu: (used.user + used.system) / 1000,
      bytes: text.length,
      body: JSON.parse(text),
    }
  }

  const median = (values: ReadonlyArray<number>) => {
    const sorted = [...values].sort((a, b) => a - b)
    return sorted[Math.floor(sorted.length / 2)] ?? 0
  }

  /** Reads a page once to warm up, then `repetitions` times, and prints the figures. */
  const measure = async (label: string, path: string) => {
    const url = `${server.url}/ogc/features${path}`
    await read(url)
    const reads: Array<Read> = []
    for (let i = 0; i < repetitions; i++) reads.push(await read(url))
    const last = reads.map((each) => each.lastByte)
    const slowest = Math.max(...last)
    const sample = reads[0]
    log(
      `${label}: median ${ms(median(last))}, slowest ${ms(slowest)} (first byte ${ms(median(reads.map((each) => each.firstByte)))}, CPU ${ms(median(reads.map((each) => each.cpu)))}); ${sample?.body.numberReturned} features of ${sample?.body.numberMatched}, ${mib(sample?.bytes ?? 0)} — ${slowest < TARGET_MS ? "pass" : "**fail**"}`,
    )
    return sample?.body
  }

  const items = `/collections/reports-${setup.channelId}/items`
  log(
    `OGC paging of channel ${setup.channelId}, pages of 10,000 features, ${repetitions} reads each after one to warm up`,
  )
  const collections = await read(`${server.url}/ogc/features/collections`)
  const again = await read(`${server.url}/ogc/features/collections`)
  const [extent] = (collections.body.collections[0]?.extent.spatial.bbox ?? [[0, 0, 0, 0]]) as Array<
    [number, number, number, number]
  >
  log(`collections: ${ms(collections.lastByte)} cold, ${ms(again.lastByte)} warm`)
  const first = await measure("first page", `${items}?limit=10000`)
  const total: number = first.numberMatched
  const ids: Array<number> = first.features.map((feature: { id: number }) => feature.id)
  const middleId = ids[0] === undefined ? 0 : ids[0] + Math.floor(total / 2)
  await measure("page after the middle report", `${items}?limit=10000&cursor=${OgcCursor.encode(middleId)}`)
  await measure(
    "last full page",
    `${items}?limit=10000&cursor=${OgcCursor.encode((ids[0] ?? 0) + Math.max(0, total - 10_001))}`,
  )
  if (extent !== undefined) {
    const [west, south, east, north] = extent
    const quarter = [west, south, (west + east) / 2, (south + north) / 2].join(",")
    await measure("bbox of the south-west quarter", `${items}?limit=10000&bbox=${quarter}`)
    const streets = [west + 0.2, south + 0.15, west + 0.21, south + 0.16].join(",")
    await measure("bbox of a few streets (0.01°)", `${items}?limit=10000&bbox=${streets}`)
  }
  await measure(
    "a month (datetime)",
    `${items}?limit=10000&datetime=2025-06-01T00:00:00Z/2025-06-30T23:59:59Z`,
  )

  if (flags.walk) {
    const began = performance.now()
    const seen = new Set<number>()
    let pages = 0
    let slowest = 0
    let next: string | undefined = `${server.url}/ogc/features${items}?limit=10000`
    while (next !== undefined) {
      const page = await read(next)
      pages += 1
      slowest = Math.max(slowest, page.lastByte)
      for (const feature of page.body.features as Array<{ id: number }>) {
        if (seen.has(feature.id)) throw new Error(`report ${feature.id} came twice`)
        seen.add(feature.id)
      }
      next = (page.body.links as Array<{ rel: string; href: string }>).find(
        (link) => link.rel === "next",
      )?.href
    }
    if (seen.size !== total) throw new Error(`the walk read ${seen.size} reports of ${total}`)
    log(
      `walk by next links: ${seen.size} reports once each in ${pages} pages, ${((performance.now() - began) / 1000).toFixed(1)} s, slowest page ${ms(slowest)}`,
    )
  }
  log(`resident memory at its highest: ${mib(peakRss)}`)
} finally {
  clearInterval(sampler)
  await server.stop()
  if (named === undefined && !flags.keep) rmSync(dataDir, { recursive: true, force: true })
}
