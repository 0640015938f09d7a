/**
 * Requests Node's HTTP parser refuses before the app sees them (malformed, headers past Node's size
 * limit, sent too slowly) get a problem body like every other error (docs/api.md, Errors), instead
 * of Node's bare status line.
 */
import type { Duplex } from "node:stream"

const refusals: Readonly<
  Record<string, { readonly status: number; readonly title: string; readonly slug: string }>
> = {
  HPE_HEADER_OVERFLOW: { status: 431, title: "Request Header Fields Too Large", slug: "headers-too-large" },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, title: "Request Timeout", slug: "request-timeout" },
}
const malformed = { status: 400, title: "Bad Request", slug: "malformed-request" }

/**
 * Answers a request the parser refused with a problem body, and closes the connection.
 *
 * @example
 * ```ts
 * server.on("clientError", answerClientError)
 * ```
 */
export const answerClientError = (error: Error & { readonly code?: string }, socket: Duplex): void => {
  // A connection the client already dropped has nobody to answer.
  if (error.code === "ECONNRESET" || !socket.writable) {
    socket.destroy()
    return
  }
  const { status, title, slug } = refusals[error.code ?? ""] ?? malformed
  const detail = status === 400 ? "the request is not valid HTTP" : title.toLowerCase()
  const body = JSON.stringify({
    type: `urn:fieldreport:problem:${slug}`,
    title,
    status,
    detail,
    error: detail,
  })
  socket.end(
    `HTTP/1.1 ${status} ${title}\r\nContent-Type: application/problem+json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  )
}
