/**
 * "Another site" for the embedding tests: a plain HTTP server on the loopback address (so the
 * browser treats it like the API's address, not as a public site reaching into a local network)
 * on a port of its own (so it is another origin). `GET /page?html=<base64url>` answers the page a
 * test wrote, which keeps each page's markup in the test that uses it.
 */
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"

/** A running site: its origin and how to stop it. */
export interface EmbedSite {
  readonly origin: string
  readonly close: () => Promise<void>
}

/**
 * Starts the site.
 *
 * @example
 * ```ts
 * const site = await startEmbedSite()
 * await page.goto(`${site.origin}/page?html=${Buffer.from(html).toString("base64url")}`)
 * ```
 */
export const startEmbedSite = async (): Promise<EmbedSite> => {
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://site")
    const html = url.searchParams.get("html")
    if (url.pathname !== "/page" || html === null) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(Buffer.from(html, "base64url"))
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  }
}

/**
 * The address of a page with the given markup on the site.
 *
 * @example
 * ```ts
 * await page.goto(pageUrl(embedOrigin(), "<!doctype html><h1>Partner</h1>"))
 * ```
 */
export const pageUrl = (origin: string, html: string): string =>
  `${origin}/page?html=${Buffer.from(html).toString("base64url")}`
