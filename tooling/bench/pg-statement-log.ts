/**
 * The statements a server process runs on PostgreSQL, as they reach the server: a proxy on
 * loopback between the process and PostgreSQL that passes every byte through unchanged and appends
 * each statement the process runs to a file, one {@link LoggedStatement} per line, as
 * `statement-log.ts` does for SQLite. It reads the frontend messages of the wire protocol (a simple
 * `Query`, or `Parse` and `Bind`), so it sees the statements of any client library (the API's
 * `@effect/sql-pg`, the floor's `pg`) and needs no change to the process it watches: the process is
 * given the proxy's URL instead of the database's.
 *
 * Values are logged as PostgreSQL reads them, whatever format the client sent them in: `null`, or
 * the text of the value (`49`, `true`, `-36.85`, `{1,2}`, a JSON document's text), so that a value
 * bound in binary by one client and as text by the other logs alike.
 *
 * @example
 * ```ts
 * const log = await startStatementLog("postgres://postgres@127.0.0.1:5432/bench", "/tmp/api.jsonl")
 * const api = await startApi(dataDir, { databaseUrl: log.url })
 * ```
 */
import { appendFileSync } from "node:fs"
import { createConnection, createServer, type Socket } from "node:net"
import type { LoggedStatement } from "./statement-log.ts"

/** A statement log in front of a database. */
export interface PgStatementLog {
  /** The database URL with the proxy's host and port: what the watched process connects to. */
  readonly url: string
  readonly close: () => Promise<void>
}

/** A statement named by `Parse`: its SQL and the types of its parameters (0 when unspecified). */
interface Parsed {
  readonly sql: string
  readonly types: ReadonlyArray<number>
}

const BINARY = 1
/** The protocol version of a startup message; the other untyped requests (SSL, GSS, cancel) are not. */
const PROTOCOL_3 = 196608
/** 2000-01-01, where binary timestamps count from, in milliseconds of the Unix epoch. */
const PG_EPOCH = Date.UTC(2000, 0, 1)

/** The text of a binary array of `element` values: `{1,2,3}`. */
const arrayText = (bytes: Buffer, element: number): string => {
  const dimensions = bytes.readInt32BE(0)
  if (dimensions === 0) return "{}"
  if (dimensions !== 1) return `\\x${bytes.toString("hex")}`
  const length = bytes.readInt32BE(12)
  const items: Array<string> = []
  let at = 20
  for (let index = 0; index < length; index++) {
    const size = bytes.readInt32BE(at)
    at += 4
    if (size === -1) items.push("NULL")
    else {
      const item = binaryText(bytes.subarray(at, at + size), element) ?? "NULL"
      items.push(element === 25 || element === 1043 ? JSON.stringify(item) : item)
      at += size
    }
  }
  return `{${items.join(",")}}`
}

/** The element type of the array types the API binds. */
const arrayElements: Record<number, number> = {
  1000: 16,
  1005: 21,
  1007: 23,
  1016: 20,
  1009: 25,
  1015: 1043,
  1021: 700,
  1022: 701,
}

/** The text of a value sent in binary, by its type. */
const binaryText = (bytes: Buffer, type: number): string | null => {
  switch (type) {
    case 16:
      return bytes[0] === 1 ? "true" : "false"
    case 21:
      return String(bytes.readInt16BE(0))
    case 23:
      return String(bytes.readInt32BE(0))
    case 20:
      return String(bytes.readBigInt64BE(0))
    case 700:
      return String(bytes.readFloatBE(0))
    case 701:
      return String(bytes.readDoubleBE(0))
    case 3802:
      // jsonb: a version byte, then the document's text.
      return bytes.subarray(1).toString("utf8")
    case 1114:
    case 1184:
      return new Date(PG_EPOCH + Number(bytes.readBigInt64BE(0) / 1000n)).toISOString()
    case 17:
      return `\\x${bytes.toString("hex")}`
    default: {
      const element = arrayElements[type]
      if (element !== undefined) return arrayText(bytes, element)
      // text, varchar, json, uuid and what is sent as text anyway.
      return bytes.toString("utf8")
    }
  }
}

/** Reads the frontend messages of one connection, logging its statements to `file`. */
const frontendReader = (file: string, connection: number) => {
  let pending: Buffer = Buffer.alloc(0)
  let started = false
  const named = new Map<string, Parsed>()
  const log = (sql: string, params: ReadonlyArray<string | null>) => {
    const logged: LoggedStatement = { sql: sql.replace(/\s+/g, " ").trim(), params, thread: connection }
    appendFileSync(file, `${JSON.stringify(logged)}\n`)
  }
  const cString = (body: Buffer, at: number): readonly [string, number] => {
    const end = body.indexOf(0, at)
    return [body.toString("utf8", at, end), end + 1]
  }
  const onMessage = (type: string, body: Buffer) => {
    if (type === "Q") log(cString(body, 0)[0], [])
    else if (type === "P") {
      const [name, afterName] = cString(body, 0)
      const [sql, afterSql] = cString(body, afterName)
      const count = body.readInt16BE(afterSql)
      const types = Array.from({ length: count }, (_, index) => body.readInt32BE(afterSql + 2 + index * 4))
      named.set(name, { sql, types })
    } else if (type === "B") {
      const [, afterPortal] = cString(body, 0)
      const [name, afterName] = cString(body, afterPortal)
      const formatCount = body.readInt16BE(afterName)
      const formats = Array.from({ length: formatCount }, (_, index) =>
        body.readInt16BE(afterName + 2 + index * 2),
      )
      let at = afterName + 2 + formatCount * 2
      const count = body.readInt16BE(at)
      at += 2
      const statement = named.get(name) ?? { sql: `<unknown statement ${name}>`, types: [] }
      const params: Array<string | null> = []
      for (let index = 0; index < count; index++) {
        const size = body.readInt32BE(at)
        at += 4
        if (size === -1) {
          params.push(null)
          continue
        }
        const bytes = body.subarray(at, at + size)
        at += size
        const format = formatCount === 1 ? formats[0] : formats[index]
        params.push(
          format === BINARY ? binaryText(bytes, statement.types[index] ?? 0) : bytes.toString("utf8"),
        )
      }
      log(statement.sql, params)
    } else if (type === "C" && body[0] === "S".charCodeAt(0)) named.delete(cString(body, 1)[0])
  }
  return (chunk: Buffer) => {
    pending = pending.length === 0 ? chunk : Buffer.concat([pending, chunk])
    for (;;) {
      if (!started) {
        // Untyped: a length, then a code (the protocol version, or an SSL, GSS or cancel request).
        if (pending.length < 8) return
        const length = pending.readInt32BE(0)
        if (pending.length < length) return
        if (pending.readInt32BE(4) === PROTOCOL_3) started = true
        pending = pending.subarray(length)
        continue
      }
      if (pending.length < 5) return
      const length = pending.readInt32BE(1)
      if (pending.length < length + 1) return
      onMessage(String.fromCharCode(pending[0] ?? 0), pending.subarray(5, length + 1))
      pending = pending.subarray(length + 1)
    }
  }
}

/**
 * Starts a statement log in front of the database `databaseUrl` names, appending to `file`.
 *
 * @example
 * ```ts
 * const log = await startStatementLog(url, "/tmp/statements.jsonl")
 * await log.close()
 * ```
 */
export const startStatementLog = async (databaseUrl: string, file: string): Promise<PgStatementLog> => {
  const target = new URL(databaseUrl)
  const sockets = new Set<Socket>()
  let connections = 0
  const server = createServer((client) => {
    const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) })
    const read = frontendReader(file, ++connections)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.once("close", () => sockets.delete(socket))
      socket.on("error", () => {
        client.destroy()
        upstream.destroy()
      })
    }
    client.on("data", (chunk: Buffer) => {
      read(chunk)
      upstream.write(chunk)
    })
    client.on("end", () => upstream.end())
    upstream.pipe(client)
  })
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => resolve())
  })
  const address = server.address()
  if (typeof address !== "object" || address === null) throw new Error("the statement log has no port")
  const url = new URL(databaseUrl)
  url.hostname = "127.0.0.1"
  url.port = String(address.port)
  return {
    url: url.toString(),
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
