/**
 * A graceful stop: `stop()` refuses new connections but finishes the requests in flight before it
 * closes the database, and closes each connection once its answer is sent. Requests are written
 * on raw connections, so the test decides when each part arrives: the upload's body in pieces, and
 * a `/readyz` begun before the stop and finished after it, which is the one way to ask a server
 * that no longer accepts connections whether it is ready.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { get } from "node:http"
import { connect, type Socket } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { setTimeout as sleep } from "node:timers/promises"
import { expect, it } from "vitest"
import { png } from "../support/ReportFixtures.ts"
import { adminEmail, adminPassword, startTestServer } from "../support/TestServer.ts"

/** One response read off a connection. */
interface RawResponse {
  readonly status: number
  readonly headers: Readonly<Record<string, string>>
  readonly body: string
}

/** A connection the test writes raw bytes to, with what it has received so far. */
interface RawConnection {
  readonly socket: Socket
  /** Resolves once the received text matches `pattern`. */
  readonly until: (pattern: RegExp) => Promise<void>
  /** Resolves with every final (non-1xx) response once the server closes the connection. */
  readonly closed: Promise<ReadonlyArray<RawResponse>>
}

const open = (url: string): Promise<RawConnection> =>
  new Promise((resolve, reject) => {
    const { hostname, port } = new URL(url)
    const socket = connect(Number(port), hostname)
    let text = ""
    const waiting: Array<{ pattern: RegExp; resolve: () => void }> = []
    socket.setEncoding("latin1")
    socket.on("data", (chunk: string) => {
      text += chunk
      for (const wait of waiting.filter((wait) => wait.pattern.test(text))) {
        waiting.splice(waiting.indexOf(wait), 1)
        wait.resolve()
      }
    })
    const closed = new Promise<ReadonlyArray<RawResponse>>((done) => {
      socket.on("close", () => done(parseResponses(text)))
    })
    socket.once("error", reject)
    socket.once("connect", () =>
      resolve({
        socket,
        until: (pattern) =>
          pattern.test(text)
            ? Promise.resolve()
            : new Promise((done) => waiting.push({ pattern, resolve: done })),
        closed,
      }),
    )
  })

/** The responses in a connection's text: status lines, headers and `Content-Length` bodies. */
const parseResponses = (text: string): ReadonlyArray<RawResponse> => {
  const responses: Array<RawResponse> = []
  let rest = text
  while (rest.startsWith("HTTP/1.1 ")) {
    const headEnd = rest.indexOf("\r\n\r\n")
    if (headEnd < 0) break
    const [statusLine = "", ...lines] = rest.slice(0, headEnd).split("\r\n")
    const status = Number(statusLine.split(" ")[1])
    const headers = Object.fromEntries(
      lines.map((line) => {
        const colon = line.indexOf(":")
        return [line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim()]
      }),
    )
    const length = Number(headers["content-length"] ?? 0)
    const body = rest.slice(headEnd + 4, headEnd + 4 + length)
    rest = rest.slice(headEnd + 4 + length)
    if (status >= 200) responses.push({ status, headers, body })
  }
  return responses
}

/** A request on a new connection: its status, or `refused` when the connection is refused. */
const freshRequest = (url: string): Promise<number | "refused"> =>
  new Promise((resolve, reject) => {
    const request = get(`${url}/api/v4/teams`, { agent: false }, (response) => {
      response.resume()
      resolve(response.statusCode ?? 0)
    })
    request.on("error", (error: NodeJS.ErrnoException) =>
      error.code === "ECONNREFUSED" ? resolve("refused") : reject(error),
    )
  })

it("finishes an upload in flight after stop(), refusing new requests meanwhile, and keeps the file", async () => {
  const dir = mkdtempSync(join(tmpdir(), "fieldreport-graceful-"))
  try {
    const bytes = await png()
    const server = await startTestServer({}, dir)
    let record: { readonly original_url: string }
    try {
      const token = await server.login(adminEmail, adminPassword)
      const boundary = "fieldreport-slow-upload"
      const head = Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\n` +
          "Content-Type: image/png\r\n\r\n",
      )
      const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
      const thirds = [0, 1, 2].map((n) =>
        bytes.subarray(Math.floor((n * bytes.length) / 3), Math.floor(((n + 1) * bytes.length) / 3)),
      )

      const host = new URL(server.url).host
      const upload = await open(server.url)
      upload.socket.write(
        `POST /api/v4/file_attachments HTTP/1.1\r\nHost: ${host}\r\n` +
          `Authorization: Token token=${token}\r\n` +
          `Content-Type: multipart/form-data; boundary=${boundary}\r\n` +
          `Content-Length: ${head.length + bytes.length + tail.length}\r\n` +
          "Expect: 100-continue\r\n\r\n",
      )
      // The server says 100 Continue as it hands the request to the app: it is now in flight.
      await upload.until(/^HTTP\/1\.1 100 /)
      upload.socket.write(Buffer.concat([head, thirds[0] ?? Buffer.alloc(0)]))
      // Another connection with a request begun: once its first answer is back, the server has read
      // the start of the second, so the stop does not close this connection as idle.
      const check = await open(server.url)
      check.socket.write(
        `GET /healthz HTTP/1.1\r\nHost: ${host}\r\n\r\nGET /readyz HTTP/1.1\r\nHost: ${host}\r\n`,
      )
      await check.until(/\{"status":"ok"\}/)

      let stopped = false
      const stopping = server.stop().then(() => {
        stopped = true
      })
      expect(["refused", 503]).toContain(await freshRequest(server.url))
      check.socket.write("\r\n")
      const [healthy, ready, ...moreChecks] = await check.closed
      expect(healthy?.status).toBe(200)
      expect(ready?.status).toBe(503)
      expect(JSON.parse(ready?.body ?? "{}")).toMatchObject({ status: 503, title: "Service unavailable" })
      expect(ready?.headers.connection).toBe("close")
      expect(moreChecks).toEqual([])

      await sleep(50)
      upload.socket.write(thirds[1] ?? Buffer.alloc(0))
      await sleep(50)
      expect(stopped).toBe(false)
      upload.socket.write(Buffer.concat([thirds[2] ?? Buffer.alloc(0), tail]))
      const [uploaded, ...moreUploads] = await upload.closed
      await stopping
      expect(uploaded?.status).toBe(201)
      // Answered while draining: the connection is not kept alive for more.
      expect(uploaded?.headers.connection).toBe("close")
      expect(moreUploads).toEqual([])
      record = JSON.parse(uploaded?.body ?? "{}")
      expect(record).toMatchObject({
        filename: "slow.png",
        content_type: "image/png",
        byte_size: bytes.length,
      })
    } finally {
      // Stopping again only waits for the first stop.
      await server.stop()
    }

    // The next process serves the file the stopped one stored.
    const after = await startTestServer({}, dir)
    try {
      const { pathname, search } = new URL(record.original_url)
      const download = await fetch(`${after.url}${pathname}${search}`)
      expect(download.status).toBe(200)
      expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true)
    } finally {
      await after.close()
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
})
