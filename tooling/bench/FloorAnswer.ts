/**
 * What the floor servers' routes answer and how it is written: a status, a JSON body, and headers
 * besides the type, sent in one write with its length.
 */
import type { IncomingMessage, ServerResponse } from "node:http"

/** What a route answers: a status, a JSON body, and headers besides the type. */
export interface Answer {
  readonly status: number
  readonly body: unknown
  readonly headers?: Readonly<Record<string, string>>
}

export const ok = (body: unknown): Answer => ({ status: 200, body })

/** The origin the request came to, for the addresses an answer holds. */
export const originOf = (req: IncomingMessage) => `http://${req.headers.host ?? "localhost"}`

export const send = (res: ServerResponse, { status, body, headers = {} }: Answer) => {
  const bytes = Buffer.from(JSON.stringify(body))
  res.writeHead(status, {
    ...headers,
    "Content-Type": "application/json; charset=utf-8",
    "Content-Length": bytes.length,
  })
  res.end(bytes)
}
