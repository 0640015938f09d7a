/**
 * What the app shell's first view costs the network: the admin UI's files a browser fetches from
 * opening `/admin` to the reports view after signing in (as sent, and as they are once decoded),
 * then the same for a second visit, when the hashed files come from the browser's cache. Real
 * Chromium, the API with its demo data on a temporary directory.
 *
 *     npm run build -w apps/admin
 *     npm run bench:first-view -w apps/admin
 *
 * Prints one line per file and the totals; nothing is asserted (figures go to docs/benchmarks.md).
 */
import { parseArgs } from "node:util"
import { chromium, type Page } from "playwright-core"
import { adminEmail, adminPassword, startTestServer } from "../../api/test/support/TestServer.ts"

const { values } = parseArgs({
  options: { chromium: { type: "string", default: "/usr/bin/chromium" } },
})

interface Fetched {
  readonly path: string
  /** The status, or `cache` for a file the browser took from its cache without asking. */
  readonly status: string
  readonly encoding: string
  /** Bytes received for it, headers included (what the network carried). */
  readonly sent: number
  /** Bytes of the body once decoded. */
  readonly decoded: number
}

/** The admin UI's files the page loads while `step` runs, from the browser's network events. */
const fetchedDuring = async (page: Page, step: () => Promise<void>): Promise<ReadonlyArray<Fetched>> => {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send("Network.enable")
  const files = new Map<
    string,
    { path: string; status: string; encoding: string; sent: number; decoded: number }
  >()
  const cached = new Set<string>()
  cdp.on("Network.responseReceived", ({ requestId, response }) => {
    const path = new URL(response.url).pathname
    if (!path.startsWith("/admin/")) return
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    )
    files.set(requestId, {
      path,
      status: response.fromDiskCache === true ? "cache" : String(response.status),
      encoding: headers["content-encoding"] ?? "identity",
      sent: 0,
      decoded: 0,
    })
  })
  cdp.on("Network.requestServedFromCache", ({ requestId }) => cached.add(requestId))
  cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
    const file = files.get(requestId)
    if (file !== undefined) file.decoded += dataLength
  })
  cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
    const file = files.get(requestId)
    if (file === undefined) return
    if (cached.has(requestId)) file.status = "cache"
    file.sent = file.status === "cache" ? 0 : encodedDataLength
  })
  await step()
  // The last network events of the step arrive just after it.
  await new Promise((resolve) => setTimeout(resolve, 500))
  await cdp.detach()
  return [...files.values()]
}

const report = (label: string, files: ReadonlyArray<Fetched>) => {
  console.log(`${label}:`)
  for (const file of files) {
    console.log(
      `  ${file.status} ${file.path} ${file.encoding}: ${file.sent.toLocaleString()} B received, ${file.decoded.toLocaleString()} B decoded`,
    )
  }
  const sent = files.reduce((sum, file) => sum + file.sent, 0)
  const decoded = files.reduce((sum, file) => sum + file.decoded, 0)
  console.log(
    `  total: ${files.length} files, ${sent.toLocaleString()} B received (headers included), ${decoded.toLocaleString()} B decoded`,
  )
}

const server = await startTestServer({ FIELDREPORT_DEMO: "true" })
const browser = await chromium.launch({
  executablePath: values.chromium,
  args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--no-first-run"],
})
try {
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } })
  const reportsView = async () => {
    await page.goto(`${server.url}/admin/`)
    if (await page.getByLabel("E-mail").isVisible()) {
      await page.getByLabel("E-mail").fill(adminEmail)
      await page.getByLabel("Password").fill(adminPassword)
      await page.getByRole("button", { name: "Sign in" }).click()
    }
    await page.locator("fr-report-table tbody tr").first().waitFor()
  }
  report("first visit", await fetchedDuring(page, reportsView))
  report("second visit", await fetchedDuring(page, reportsView))
} finally {
  await browser.close()
  await server.close()
}
