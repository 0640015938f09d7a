/**
 * Where a server's CPU goes under load, from a V8 CPU profile (`node --cpu-prof`, as the load
 * benchmark's `--profile-dir` writes): the time of each sample, by the frame it was taken in, summed
 * into the parts of a request (SQLite's statements, socket writes, the effect runtime, Express, each
 * middleware, our own code, garbage collection…). Only the samples of busy stretches count: the
 * start-up (loading modules, warming indexes) and the pauses between rounds are left out.
 */

/** A `.cpuprofile` file's content: a call tree and the node each sample was taken in. */
export interface CpuProfile {
  readonly nodes: ReadonlyArray<{
    readonly id: number
    readonly callFrame: { readonly functionName: string; readonly url: string }
    readonly children?: ReadonlyArray<number>
  }>
  readonly samples: ReadonlyArray<number>
  /** Microseconds since the previous sample. */
  readonly timeDeltas: ReadonlyArray<number>
}

/** A part of the work and its share of the busy CPU time. */
export interface Part {
  readonly part: string
  /** Between 0 and 1. */
  readonly share: number
}

/** What the profile's busy stretches held. */
export interface Breakdown {
  /** Milliseconds of samples counted (busy or not within the kept stretches). */
  readonly keptMs: number
  readonly parts: ReadonlyArray<Part>
}

/** Stretches of this many microseconds are kept or left out whole. */
const STRETCH = 100_000
/** A stretch counts when at least this share of it was busy. */
const BUSY = 0.3

const rules: ReadonlyArray<readonly [part: string, matches: (url: string, name: string) => boolean]> = [
  ["garbage collection", (url, name) => url === "" && name === "(garbage collector)"],
  [
    "socket and pipe writes",
    (url, name) => url === "" && /^write(v|Buffer|Utf8String|Latin1String|String)?$/.test(name),
  ],
  [
    "SQLite statements (node:sqlite)",
    (url) => /\/store\/sql\/sqlite\/|\/bench\/FloorDatabase\.ts|node:sqlite/.test(url),
  ],
  [
    "PostgreSQL client (@effect/sql-pg, pg)",
    (url) => /node_modules\/(@effect\/sql-pg|pg|pg-protocol|pg-pool|pg-types|postgres-\w+)\//.test(url),
  ],
  ["effect runtime", (url) => url.includes("node_modules/effect/")],
  ["rate limit", (url) => /RateLimit\.ts|express-rate-limit/.test(url)],
  ["request log (pino)", (url) => /RequestLog\.ts|node_modules\/(pino|sonic-boom)\//.test(url)],
  ["metrics (prom-client)", (url) => /Metrics\.ts|node_modules\/prom-client\//.test(url)],
  [
    "security headers and CORS",
    (url) => /SecurityHeaders\.ts|Cors\.ts|node_modules\/(helmet|cors)\//.test(url),
  ],
  [
    "Express and its helpers",
    (url) =>
      /node_modules\/(express|router|path-to-regexp|send|content-type|mime-types|mime-db|etag|fresh|forwarded|proxy-addr|on-finished|finalhandler|qs|body-parser|type-is|media-typer|accepts|negotiator|vary|statuses|depd|encodeurl|escape-html|parseurl)\//.test(
        url,
      ),
  ],
  ["our SQL layer (stores, statements)", (url) => /apps\/api\/src\/store\//.test(url)],
  ["our HTTP layer (routes, replies, fields)", (url) => /apps\/api\/src\/http\//.test(url)],
  ["our services and domain", (url) => /apps\/api\/src\/|packages\/(domain|contract)\//.test(url)],
  ["floor server code", (url) => url.includes("/tooling/bench/")],
  ["Node (HTTP, streams, timers)", (url) => url.startsWith("node:")],
]

const partOf = (url: string, name: string): string =>
  rules.find(([, matches]) => matches(url, name))?.[0] ?? (url === "" ? `native: ${name}` : "other libraries")

/**
 * The busy CPU time of a profile by part, largest first.
 *
 * @example
 * ```ts
 * const { parts } = breakdownOf(JSON.parse(readFileSync("CPU.…​.cpuprofile", "utf8")))
 * parts[0] // { part: "SQLite statements (node:sqlite)", share: 0.31 }
 * ```
 */
export const breakdownOf = (profile: CpuProfile): Breakdown => {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]))
  const parentOf = new Map<number, number>()
  for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
  const frameOf = (id: number) => byId.get(id)?.callFrame ?? { url: "", functionName: "" }
  const ancestors = function* (id: number) {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) yield frameOf(at)
  }
  // A native frame other than a write or the collector is charged to the JavaScript that called it;
  // a write, to the request log when the log wrote it.
  const partOfNode = (id: number): string => {
    for (const { url, functionName } of ancestors(id)) {
      const part = partOf(url, functionName)
      if (part === "socket and pipe writes") {
        const logged = [...ancestors(id)].some((frame) => /node_modules\/(pino|sonic-boom)\//.test(frame.url))
        return logged ? "request log (pino)" : part
      }
      if (url !== "" || !part.startsWith("native: ")) return part
    }
    return "other libraries"
  }
  const samples = profile.samples.map((id, i) => {
    const name = byId.get(id)?.callFrame.functionName ?? ""
    return { id, micros: profile.timeDeltas[i] ?? 0, idle: name === "(idle)" || name === "(program)" }
  })
  // Stretches of time, each busy or not; the start-up is the first run of busy stretches.
  const stretches: Array<{ busy: number; all: number; samples: typeof samples }> = []
  let clock = 0
  for (const sample of samples) {
    clock += sample.micros
    const index = Math.floor(clock / STRETCH)
    while (stretches.length <= index) stretches.push({ busy: 0, all: 0, samples: [] })
    const stretch = stretches[index] as (typeof stretches)[number]
    stretch.all += sample.micros
    if (!sample.idle) stretch.busy += sample.micros
    stretch.samples.push(sample)
  }
  const isBusy = (stretch: (typeof stretches)[number]) =>
    stretch.all > 0 && stretch.busy / stretch.all >= BUSY
  const startUpEnds = stretches.findIndex((stretch) => !isBusy(stretch))
  const kept = stretches.slice(startUpEnds === -1 ? stretches.length : startUpEnds).filter(isBusy)
  const time = new Map<string, number>()
  let busyMicros = 0
  for (const sample of kept.flatMap((stretch) => stretch.samples)) {
    if (sample.idle) continue
    const part = partOfNode(sample.id)
    time.set(part, (time.get(part) ?? 0) + sample.micros)
    busyMicros += sample.micros
  }
  return {
    keptMs: kept.reduce((sum, stretch) => sum + stretch.all, 0) / 1000,
    parts: [...time]
      .map(([part, micros]) => ({ part, share: busyMicros === 0 ? 0 : micros / busyMicros }))
      .sort((a, b) => b.share - a.share),
  }
}
