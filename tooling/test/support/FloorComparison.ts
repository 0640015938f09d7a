/**
 * What the floor equivalence tests share, on either engine: a small generated city, the calls the
 * load benchmark makes, and the comparison of two servers' answers and statements with what
 * legitimately differs between two calls set aside by name:
 *
 * - in answers, a created report's id and creation time (the floor files its own report) and the
 *   expiry and signature of signed file addresses (they move with the clock's minute);
 * - in statements, timestamps of now, random uuids and the created report's id among the values,
 *   `last_active_at`, which whichever server comes first in a minute writes, and SQLite's
 *   checkpoints, which the background runs whenever it likes.
 */
import { readFileSync, truncateSync } from "node:fs"
import { request } from "node:http"
import type { LoadScenario } from "../../bench/LoadScenarios.ts"
import type { ServerProcess } from "../../bench/Servers.ts"
import type { LoggedStatement } from "../../bench/statement-log.ts"
import type { Scenario } from "../../generate/Generate.ts"

/** The city both tests generate. */
export const small: Scenario = {
  // Enough for the search the list and the poll page through to find more than a page of 25.
  reports: 4000,
  channels: 2,
  members: 20,
  followers: 3,
  areas: 30,
  shapes: 9,
  notifications: 0,
  reads: 0,
  images: 40,
  seed: 5,
}

/** Both servers are asked for the same host, so the addresses in their answers agree. */
export const host = "fieldreport.test"

export interface Answer {
  readonly status: number
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string
}

export interface Call {
  readonly method: string
  readonly path: string
  readonly headers: Readonly<Record<string, string>>
  readonly body?: string
}

/** A server and the file its statements are logged to. */
export interface Logged {
  readonly server: ServerProcess
  readonly file: string
}

/** What a server answered to a call and ran for it, with what legitimately differs set aside. */
export interface Heard {
  readonly status: number
  readonly headers: Readonly<Record<string, string | undefined>>
  readonly body: string
  readonly statements: ReadonlyArray<{ readonly sql: string; readonly params: ReadonlyArray<unknown> }>
}

const ask = (server: ServerProcess, call: Call): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const url = new URL(server.url)
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method: call.method,
        path: call.path,
        headers: { ...call.headers, Host: host },
      },
      (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: {
              "content-type": res.headers["content-type"],
              "content-range": res.headers["content-range"],
              location: res.headers.location,
            },
            body: Buffer.concat(chunks).toString("utf8"),
          }),
        )
      },
    )
    req.on("error", reject)
    req.end(call.body)
  })

/** Statements no request asked for: the background's checkpoints, and `last_active_at`. */
const setAside = (statement: LoggedStatement) =>
  statement.sql === "PRAGMA wal_checkpoint(PASSIVE)" ||
  statement.sql.startsWith("UPDATE users SET last_active_at")

const isoNow = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The statements a call ran, their values of the moment set aside, and the created report's id
 * named (a number on SQLite, its text as PostgreSQL reads it).
 */
const statementsOf = (file: string, createdId: number | undefined) => {
  const started = Date.now() - 60_000
  const created = (value: unknown) =>
    createdId !== undefined &&
    (value === createdId || value === String(createdId) || value === JSON.stringify({ report_id: createdId }))
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((line) => line !== "")
    .map((line) => JSON.parse(line) as LoggedStatement)
    .filter((statement) => !setAside(statement))
    .map(({ sql, params }) => ({
      sql,
      params: params.map((value) => {
        if (typeof value === "string" && isoNow.test(value) && Date.parse(value) >= started) return "<now>"
        if (typeof value === "string" && uuid.test(value)) return "<uuid>"
        if (created(value)) return "<created>"
        return value
      }),
    }))
}

/** An answer's body with what legitimately differs set aside. */
const comparable = (answer: Answer): string => {
  const created =
    answer.status === 201 ? (JSON.parse(answer.body) as { id: number; iso_created_at: string }) : undefined
  const body = answer.body.replace(/expires=\d+&signature=[\w-]+/g, "expires=<expiry>&signature=<signature>")
  return created === undefined
    ? body
    : body.replace(`"id":${created.id},`, `"id":"<created>",`).replace(created.iso_created_at, "<now>")
}

/**
 * Asks both servers the same, the API first, and answers what each answered and ran. `putBack`
 * is called before the floor is asked: an update is asked of the floor on the report as the API
 * found it, so both record the same change in the report's history.
 */
export const askBoth = async (
  api: Logged,
  floor: Logged,
  call: Call,
  putBack: () => Promise<void>,
): Promise<{ readonly fromApi: Heard; readonly fromFloor: Heard }> => {
  const heard: Array<Heard> = []
  for (const { server, file } of [api, floor]) {
    if (server === floor.server) await putBack()
    truncateSync(file)
    const answer = await ask(server, call)
    const createdId = answer.status === 201 ? (JSON.parse(answer.body) as { id: number }).id : undefined
    heard.push({
      status: answer.status,
      headers: {
        ...answer.headers,
        location: answer.headers.location?.replace(String(createdId), "<created>"),
      },
      body: comparable(answer),
      statements: statementsOf(file, createdId),
    })
  }
  const [fromApi, fromFloor] = heard as [Heard, Heard]
  return { fromApi, fromFloor }
}

/** The id of the report an update names, if the call is one. */
export const updatedReportId = (call: Call): number | undefined => {
  const id = call.method === "PATCH" ? /\/reports\/(\d+)/.exec(call.path)?.[1] : undefined
  return id === undefined ? undefined : Number(id)
}

/** Calls of a scenario, afresh each time, as the load benchmark makes them. */
export const callsOf = (scenario: LoadScenario, count: number): ReadonlyArray<Call> =>
  Array.from({ length: count }, () => ({
    method: scenario.method,
    headers: scenario.headers,
    ...scenario.next(),
  }))
