/**
 * The report map on a big database: how long the first view takes (in the app shell, beside the
 * table, and alone in a page of its own), how many requests and how long each pan costs, the same
 * once zoomed in (what the UI's own files cost is `bench/first-view.ts`). Real Chromium, the real API
 * on a data directory made by the generator, the app shell at `/admin`.
 *
 *     npm run generate -w tooling -- --data-dir /tmp/city
 *     npm run build -w apps/admin
 *     npm run bench:map -w apps/admin -- --data-dir /tmp/city
 *
 * Prints one line per figure, the first view's requests one a line with when each started and how
 * long it took, and the time of every tiles request; nothing is asserted (figures go to
 * docs/benchmarks.md).
 */
import { type ChildProcess, spawn } from "node:child_process"
import { createServer } from "node:net"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"
import { chromium, type Page, type Request } from "playwright-core"

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    email: { type: "string", default: "owner@generated.example.com" },
    password: { type: "string", default: "generated-password-1" },
    pans: { type: "string", default: "8" },
    "street-zoom": { type: "string", default: "16" },
    chromium: { type: "string", default: "/usr/bin/chromium" },
  },
})
const dataDir = values["data-dir"]
if (dataDir === undefined) throw new Error("--data-dir is required: a directory the generator filled")
const pans = Number(values.pans)

const mainFile = fileURLToPath(new URL("../../api/src/main.ts", import.meta.url))

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 0))
    })
  })

const startApi = async (port: number): Promise<ChildProcess> => {
  const api = spawn(process.execPath, [mainFile], {
    env: {
      ...process.env,
      FIELDREPORT_DATA_DIR: dataDir,
      FIELDREPORT_PORT: String(port),
      FIELDREPORT_HOST: "127.0.0.1",
      FIELDREPORT_DEMO: "false",
      FIELDREPORT_LOG_LEVEL: "warn",
      // One browser makes every request of this run; the per-address limit is for the internet.
      FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000",
      FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000",
    },
    stdio: ["ignore", "inherit", "inherit"],
  })
  for (let attempt = 0; attempt < 600; attempt++) {
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (response) => response.ok,
      () => false,
    )
    if (ready) return api
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  api.kill()
  throw new Error("the API did not become ready")
}

/** An API request the page made, with its path and when the page made it (`Date.now()`). */
interface Timed {
  readonly path: string
  readonly request: Request
  readonly at: number
}

/** Milliseconds from a request's start to the end of its answer, or undefined while unanswered. */
const durationOf = (request: Request): number | undefined => {
  const { responseEnd } = request.timing()
  return responseEnd >= 0 ? responseEnd : undefined
}

/** The path of the tiles search. */
const tiles = /\/reports\/tiles$/

/** Every tiles request timed so far, in milliseconds. */
const tileTimes: Array<number> = []

/** Runs `action` and waits for the map's next `fr-map-load`; answers the time and the API requests in between. */
const measure = async (page: Page, action: () => Promise<unknown>) => {
  const requests: Array<Timed> = []
  const onRequest = (request: Request) => {
    const url = new URL(request.url())
    if (url.pathname.startsWith("/api/v4/")) requests.push({ path: url.pathname, request, at: Date.now() })
  }
  page.on("request", onRequest)
  const loaded = page.evaluate(
    () =>
      new Promise<{ mode: string; reportCount: number; at: number }>((resolve) => {
        document.addEventListener(
          "fr-map-load",
          (event) => {
            const { mode, reportCount } = event as Event & { mode: string; reportCount: number }
            resolve({ mode, reportCount, at: performance.now() })
          },
          { once: true, capture: true },
        )
      }),
  )
  // When the action fails, this wait fails too as the browser closes: the action's error is the one to show.
  loaded.catch(() => {})
  const started = await page.evaluate(() => performance.now())
  await action()
  const result = await loaded
  page.off("request", onRequest)
  for (const { path, request } of requests) {
    const ms = durationOf(request)
    if (tiles.test(path) && ms !== undefined) tileTimes.push(ms)
  }
  return { ms: result.at - started, mode: result.mode, reports: result.reportCount, requests }
}

const describe = (requests: ReadonlyArray<Timed>) => {
  const count = (pattern: RegExp) => requests.filter(({ path }) => pattern.test(path)).length
  const tileMs = requests
    .filter(({ path }) => tiles.test(path))
    .map(({ request }) => durationOf(request)?.toFixed(0) ?? "unanswered")
  return `${requests.length} requests (${count(tiles)} tiles${tileMs.length === 0 ? "" : ` of ${tileMs.join(", ")} ms`}, ${count(/\/reports\/search$/)} searches, ${count(/\/report_searches\//)} search pages)`
}

/** Each request of a measure: when it started (from the first) and how long it took. */
const timeline = (requests: ReadonlyArray<Timed>) => {
  const first = requests[0]?.at ?? 0
  return requests
    .map(({ path, request, at }) => {
      const ms = durationOf(request)
      return `  ${request.method()} ${path}: at ${at - first} ms, ${ms === undefined ? "unanswered" : `${ms.toFixed(0)} ms`}`
    })
    .join("\n")
}

const mapCall = (page: Page, script: string) =>
  page.evaluate((body) => {
    const find = (root: Document | ShadowRoot): Element | null => {
      const found = root.querySelector("fr-report-map")
      if (found !== null) return found
      for (const element of root.querySelectorAll("*")) {
        const inner = element.shadowRoot === null ? null : find(element.shadowRoot)
        if (inner !== null) return inner
      }
      return null
    }
    const map = (find(document) as unknown as { map: unknown }).map
    new Function("map", body)(map)
  }, script)

const mapBounds = (page: Page) =>
  page.evaluate(() => {
    const find = (root: Document | ShadowRoot): Element | null => {
      const found = root.querySelector("fr-report-map")
      if (found !== null) return found
      for (const element of root.querySelectorAll("*")) {
        const inner = element.shadowRoot === null ? null : find(element.shadowRoot)
        if (inner !== null) return inner
      }
      return null
    }
    const map = (find(document) as unknown as { map: { getBounds(): { toBBoxString(): string } } }).map
    return map.getBounds().toBBoxString()
  })

/** An access token of the map's owner, from a new session. */
const signIn = async (port: number) => {
  const session = await fetch(`http://127.0.0.1:${port}/api/v4/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      session: { app_bundle_id: "com.fieldreport.app", email: values.email, password: values.password },
    }),
  }).then((response) => response.json() as Promise<{ session: { access_token: string } }>)
  return session.session.access_token
}

/** The cells of a box by report count, fullest first (through the API, as the map's owner). */
const densestCells = async (port: number, bbox: string) => {
  const tiles = await fetch(`http://127.0.0.1:${port}/api/v4/reports/tiles?scale=0.01&bbox=${bbox}`, {
    headers: { Authorization: `Token token=${await signIn(port)}` },
  }).then(
    (response) =>
      response.json() as Promise<
        Array<{ latitude: number; longitude: number; scale: number; report_count: number }>
      >,
  )
  return tiles.sort((a, b) => b.report_count - a.report_count)
}

const port = await freePort()
const api = await startApi(port)
const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
})
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await page.goto(`http://127.0.0.1:${port}/admin/`)
  await page.getByLabel("E-mail").fill(values.email)
  await page.getByLabel("Password").fill(values.password)
  // The reports view is the first view: signing in opens it.
  const first = await measure(page, () => page.getByRole("button", { name: "Sign in" }).click())
  console.log(
    `first view: ${first.ms.toFixed(0)} ms, ${first.mode} of ${first.reports.toLocaleString()} reports, ${describe(first.requests)}`,
  )
  console.log(timeline(first.requests))

  const panAll = async (label: string) => {
    const times: Array<number> = []
    for (let pan = 0; pan < pans; pan++) {
      // Right, down, left, up: every four pans the map is back where it started.
      const step = ["[320, 0]", "[0, 200]", "[-320, 0]", "[0, -200]"][pan % 4]
      const result = await measure(page, () => mapCall(page, `map.panBy(${step}, { animate: false })`))
      times.push(result.ms)
      console.log(
        `${label} pan ${pan + 1}: ${result.ms.toFixed(0)} ms, ${result.mode} of ${result.reports.toLocaleString()} reports, ${describe(result.requests)}`,
      )
    }
    const sorted = [...times].sort((a, b) => a - b)
    console.log(
      `${label} pans: median ${sorted[Math.floor(sorted.length / 2)]?.toFixed(0)} ms, slowest ${sorted.at(-1)?.toFixed(0)} ms`,
    )
  }
  await panAll("city")

  // Street level where reports are densest: the fullest cell of the view, found before timing.
  const zoom = Number(values["street-zoom"])
  const [busiest] = await densestCells(port, await mapBounds(page))
  const centre =
    busiest === undefined
      ? "map.getCenter()"
      : `[${busiest.latitude + busiest.scale / 2}, ${busiest.longitude + busiest.scale / 2}]`
  const zoomed = await measure(page, () =>
    mapCall(page, `map.setView(${centre}, ${zoom}, { animate: false })`),
  )
  console.log(
    `zoom to ${zoom}: ${zoomed.ms.toFixed(0)} ms, ${zoomed.mode} of ${zoomed.reports.toLocaleString()} reports, ${describe(zoomed.requests)}`,
  )
  await panAll("street")

  // The map alone, embedded in a page of its own as any site would: no table searching beside it.
  const embedded = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  await embedded.goto(`http://127.0.0.1:${port}/admin/`)
  const token = await signIn(port)
  const alone = await measure(embedded, () =>
    embedded.evaluate((token) => {
      const map = document.createElement("fr-report-map")
      map.setAttribute("token", token)
      map.style.setProperty("--fr-map-height", "420px")
      document.body.replaceChildren(map)
    }, token),
  )
  console.log(
    `first view of the map alone: ${alone.ms.toFixed(0)} ms, ${alone.mode} of ${alone.reports.toLocaleString()} reports, ${describe(alone.requests)}`,
  )
  console.log(timeline(alone.requests))

  const sortedTiles = [...tileTimes].sort((a, b) => a - b)
  console.log(
    `tiles requests: ${sortedTiles.length}, median ${sortedTiles[Math.floor(sortedTiles.length / 2)]?.toFixed(0)} ms, slowest ${sortedTiles.at(-1)?.toFixed(0)} ms`,
  )
} finally {
  await browser.close()
  api.kill("SIGTERM")
}
