/**
 * The admin UI at `/admin`: the shell page and the bundle `apps/admin` builds (the API's `test`
 * task builds it first through turbo's `^build`), under a Content-Security-Policy that keeps
 * scripts and API calls same-origin; each file sent as the build's brotli or gzip copy when the
 * request allows it, hashed files cached for good, the page and the stable entry revalidated,
 * source maps only when configured, and the configured basemap in the page.
 */
import { request as httpRequest, type IncomingHttpHeaders } from "node:http"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

let server: TestServer
let configured: TestServer

const tileUrl = "http://tiles.lan:8080/{z}/{x}/{y}.png"
const tileAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> "contributors"'

beforeAll(async () => {
  ;[server, configured] = await Promise.all([
    startTestServer(),
    startTestServer({
      FIELDREPORT_TILE_URL: tileUrl,
      FIELDREPORT_TILE_ATTRIBUTION: tileAttribution,
      FIELDREPORT_ADMIN_SOURCEMAPS: "true",
    }),
  ])
})

afterAll(async () => {
  await Promise.all([server?.close(), configured?.close()])
})

interface Raw {
  readonly status: number
  readonly headers: IncomingHttpHeaders
  /** The bytes as sent, not decoded (`fetch` would undo the content coding). */
  readonly body: Buffer
}

/** A GET that sends exactly the given headers and keeps the body as sent. */
const get = (base: TestServer, path: string, headers: Record<string, string> = {}): Promise<Raw> =>
  new Promise((resolve, reject) => {
    const url = new URL(base.url)
    httpRequest({ host: url.hostname, port: url.port, path, headers }, (response) => {
      const chunks: Array<Buffer> = []
      response.on("data", (chunk: Buffer) => chunks.push(chunk))
      response.on("end", () =>
        resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
      )
      response.on("error", reject)
    })
      .on("error", reject)
      .end()
  })

const decoded = (answer: Raw): string => {
  const coding = answer.headers["content-encoding"]
  if (coding === "br") return brotliDecompressSync(answer.body).toString("utf8")
  if (coding === "gzip") return gunzipSync(answer.body).toString("utf8")
  return answer.body.toString("utf8")
}

/** The hashed module the stable entry re-exports, such as `/admin/assets/fieldreport-admin-Bx1.js`. */
const entryModule = async (base: TestServer): Promise<string> => {
  const stable = decoded(await get(base, "/admin/fieldreport-admin.js"))
  const target = /from\s*"\.\/(assets\/[\w.-]+\.js)"/.exec(stable)?.[1]
  expect(target, stable).toBeDefined()
  return `/admin/${target}`
}

describe("GET /admin", () => {
  it("moves /admin to /admin/ so the page's relative script address resolves", async () => {
    const response = await fetch(`${server.url}/admin`, { redirect: "manual" })
    expect(response.status).toBe(301)
    expect(response.headers.get("location")).toBe("/admin/")
  })

  it("serves the shell page with a policy that allows only same-origin scripts and calls, revalidated at each use", async () => {
    const response = await fetch(`${server.url}/admin/`)
    expect(response.status).toBe(200)
    expect(response.headers.get("content-type")).toContain("text/html")
    expect(response.headers.get("cache-control")).toBe("no-cache")
    const page = await response.text()
    expect(page).toContain('<script type="module" src="./fieldreport-admin.js">')
    expect(page).toContain("<fr-admin-app>")
    const policy = response.headers.get("content-security-policy") ?? ""
    expect(policy).toContain("script-src 'self'")
    expect(policy).toContain("connect-src 'self'")
    expect(policy).toContain("img-src 'self' data: blob: https:;")
  })

  it("serves the stable entry, revalidated at each use, which loads the hashed module that registers the elements", async () => {
    const stable = await get(server, "/admin/fieldreport-admin.js")
    expect(stable.status).toBe(200)
    expect(stable.headers["content-type"]).toContain("javascript")
    expect(stable.headers["cache-control"]).toBe("no-cache")
    const module = await get(server, await entryModule(server), { "Accept-Encoding": "br" })
    expect(module.status).toBe(200)
    expect(decoded(module)).toContain("fr-admin-app")
  })

  it("answers a problem for a file that is not part of the UI", async () => {
    const answer = await server.request("GET", "/admin/no-such-file.js")
    expect(answer.status).toBe(404)
    expect(answer.headers.get("content-type")).toContain("application/problem+json")
  })

  it("sends nothing from outside the UI's directory, nor the compressed copies by their own names", async () => {
    for (const path of ["/admin/%2e%2e/package.json", "/admin/..%2fpackage.json", "/admin/index.html.br"]) {
      const answer = await get(server, path)
      expect(answer.status, path).toBe(404)
      expect(answer.headers["content-type"], path).toContain("application/problem+json")
    }
  })
})

describe("content codings", () => {
  it("sends the brotli copy to a browser that takes it, the gzip copy to one that takes only gzip, else the file", async () => {
    const path = await entryModule(server)
    const plain = await get(server, path)
    expect(plain.headers["content-encoding"]).toBeUndefined()
    const cases: ReadonlyArray<readonly [string, string | undefined]> = [
      ["gzip, deflate, br, zstd", "br"],
      ["br;q=1.0, gzip;q=0.8, *;q=0.1", "br"],
      ["gzip", "gzip"],
      ["br;q=0, gzip", "gzip"],
      ["*", "br"],
      ["identity", undefined],
      ["deflate", undefined],
    ]
    for (const [accepted, coding] of cases) {
      const answer = await get(server, path, { "Accept-Encoding": accepted })
      expect(answer.status, accepted).toBe(200)
      expect(answer.headers["content-encoding"], accepted).toBe(coding)
      expect(answer.headers["content-type"], accepted).toContain("javascript")
      expect(answer.headers.vary, accepted).toContain("Accept-Encoding")
      expect(Number(answer.headers["content-length"]), accepted).toBe(answer.body.length)
      expect(decoded(answer), accepted).toBe(plain.body.toString("utf8"))
    }
    const br = await get(server, path, { "Accept-Encoding": "br" })
    expect(br.body.length).toBeLessThan(plain.body.length / 3)
  })

  it("compresses the page too, with a validator per coding", async () => {
    const br = await get(server, "/admin/", { "Accept-Encoding": "gzip, br" })
    const gzip = await get(server, "/admin/", { "Accept-Encoding": "gzip" })
    expect(br.headers["content-encoding"]).toBe("br")
    expect(gzip.headers["content-encoding"]).toBe("gzip")
    expect(br.headers.vary).toContain("Accept-Encoding")
    expect(decoded(br)).toBe(decoded(gzip))
    expect(decoded(br)).toContain("<fr-admin-app>")
    expect(br.headers.etag).not.toBe(gzip.headers.etag)
    const again = await get(server, "/admin/", {
      "Accept-Encoding": "gzip, br",
      "If-None-Match": br.headers.etag!,
    })
    expect(again.status).toBe(304)
    expect(again.body.length).toBe(0)
  })
})

describe("caching", () => {
  it("lets browsers keep hashed files for a year without asking", async () => {
    const answer = await get(server, await entryModule(server), { "Accept-Encoding": "br" })
    expect(answer.headers["cache-control"]).toBe("public, max-age=31536000, immutable")
  })

  it("answers 304 to a browser revalidating the stable entry it has", async () => {
    const first = await get(server, "/admin/fieldreport-admin.js", { "Accept-Encoding": "br" })
    expect(first.headers.etag).toBeDefined()
    const again = await get(server, "/admin/fieldreport-admin.js", {
      "Accept-Encoding": "br",
      "If-None-Match": first.headers.etag!,
    })
    expect(again.status).toBe(304)
    expect(again.headers.vary).toContain("Accept-Encoding")
  })
})

describe("source maps", () => {
  it("are not served, nor pointed to, unless FIELDREPORT_ADMIN_SOURCEMAPS=true", async () => {
    const path = await entryModule(server)
    const module = await get(server, path)
    expect(module.headers.sourcemap).toBeUndefined()
    expect(module.body.toString("utf8")).not.toContain("sourceMappingURL")
    const map = await get(server, `${path}.map`)
    expect(map.status).toBe(404)
    expect(map.headers["content-type"]).toContain("application/problem+json")
  })

  it("are served, and pointed to with a SourceMap header, when FIELDREPORT_ADMIN_SOURCEMAPS=true", async () => {
    const path = await entryModule(configured)
    const module = await get(configured, path)
    const name = path.slice(path.lastIndexOf("/") + 1)
    expect(module.headers.sourcemap).toBe(`${name}.map`)
    const map = await get(configured, `${path}.map`)
    expect(map.status).toBe(200)
    expect(JSON.parse(map.body.toString("utf8")).version).toBe(3)
  })
})

describe("the basemap", () => {
  it("is given to the shell by FIELDREPORT_TILE_URL and FIELDREPORT_TILE_ATTRIBUTION, escaped", async () => {
    const page = decoded(await get(configured, "/admin/", { "Accept-Encoding": "br" }))
    const escaped = tileAttribution
      .replace(/&/g, "&amp;")
      .replace(/"/g, "&quot;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
    expect(page).toContain(`<fr-admin-app tile-url="${tileUrl}" tile-attribution="${escaped}">`)
  })

  it("lets the page load the tiles of a plain-http tile server", async () => {
    const answer = await get(configured, "/admin/")
    expect(answer.headers["content-security-policy"]).toContain(
      "img-src 'self' data: blob: https: http://tiles.lan:8080;",
    )
  })

  it("refuses to start with a tile URL that is not an http(s) template", async () => {
    await expect(
      startTestServer({ FIELDREPORT_TILE_URL: "tile.example.org/{z}/{x}/{y}.png" }),
    ).rejects.toThrow(/FIELDREPORT_TILE_URL/)
  })
})
