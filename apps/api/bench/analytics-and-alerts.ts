/**
 * The analytics and alerts benchmark, run on demand:
 *
 *     npm run bench -- --reports 1000000 --areas 100000      (in apps/api)
 *     FIELDREPORT_BENCH_REPORTS=10000 npm run bench          (at the root, through turbo)
 *
 * It fills an embedded database in a temporary data directory (`tooling/generate`: one channel, two
 * years of reports over a city, alert areas of its members), starts the API on it with
 * `startServer`, and prints:
 *
 * - each of the nine analytics endpoints over the whole two years, through HTTP on loopback:
 *   median and slowest of a few calls, after one call to warm up;
 * - a report filed through `POST /api/v4/reports`, timed until answered (by a client on a thread of
 *   its own, so the server's thread cannot hold the answer back from it) and until its
 *   `report.created` job (the notification fan-out) is done, with the notifications it made;
 * - the fan-out's CPU time per report, on a server without job workers where the job runs in the
 *   calling thread, against a floor measured in the same run: the same notifications inserted the
 *   plainest way, a prepared statement run per row (`node:sqlite`, or `pg` on PostgreSQL); on
 *   PostgreSQL, both with the CPU time its processes on this machine spent meanwhile;
 * - the fan-out's alert matching alone (`AlertAreaIndex`: the areas in memory, their boxes' R-tree,
 *   then the domain's exact test) at random points of the city: mean and 99th percentile per report;
 *
 * each against its target. The temporary data directory is deleted afterwards unless `--keep`;
 * `--data-dir` names one to use instead (never deleted), and a directory a run filled is
 * benchmarked again without filling it.
 *
 * `--database-url` (or `FIELDREPORT_BENCH_DATABASE_URL`) runs the server on that PostgreSQL
 * database instead. The generator fills only the embedded database, so fill one with `--keep`,
 * copy it with `npm run copy-to-postgres`, and pass its data directory (for `bench.json`) too:
 *
 *     npm run bench -- --data-dir /tmp/kept --database-url postgres://…/bench
 *
 * Every count comes from a flag or else a `FIELDREPORT_BENCH_*` variable (turbo passes
 * `FIELDREPORT_*` through); the flags win.
 */
import { once } from "node:events"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { parseArgs } from "node:util"
import { Worker } from "node:worker_threads"
import { seeded } from "@fieldreport/domain/SeededRandom"
import {
  cityPosition,
  fill,
  login,
  period,
  type Scenario,
  type Setup,
  scaffold,
  timeZone,
} from "@fieldreport/tooling/generate"
import { ConfigProvider, Effect } from "effect"
import { SqlClient } from "effect/sql"
import pg from "pg"
import { JobRunner } from "../src/jobs/JobRunner.ts"
import { type RunningServer, startServer } from "../src/Server.ts"
import * as Seeder from "../src/seed/Seeder.ts"
import { AlertAreaIndex } from "../src/store/AlertAreaIndex.ts"

/** Analytics calls must answer within this, over the whole two years. */
const ANALYTICS_TARGET_MS = 100
/** Matching one report against the alert areas must take less than this. */
const MATCHING_TARGET_MS = 1
/** A report's notification fan-out (some 800 notifications) must take less CPU time than this. */
const FAN_OUT_TARGET_MS = 20

const options = {
  reports: { type: "string", default: "1000000" },
  areas: { type: "string", default: "100000" },
  members: { type: "string", default: "20000" },
  followers: { type: "string", default: "500" },
  notifications: { type: "string", default: "1000000" },
  reads: { type: "string", default: "1000000" },
  images: { type: "string", default: "10000" },
  seed: { type: "string", default: "4" },
  repetitions: { type: "string", default: "5" },
  points: { type: "string", default: "1000" },
  creates: { type: "string", default: "5" },
  "data-dir": { type: "string" },
  "database-url": { type: "string" },
  keep: { type: "boolean", default: false },
} as const

type CountName = Exclude<keyof typeof options, "data-dir" | "keep">

const { values: flags } = parseArgs({ options, strict: true, allowPositionals: false })

/** A count from its flag, else from `FIELDREPORT_BENCH_<NAME>`, else the default. */
const count = (name: CountName): number => {
  const given = process.argv.some((argument) => argument === `--${name}` || argument.startsWith(`--${name}=`))
  const fromEnvironment = process.env[`FIELDREPORT_BENCH_${name.toUpperCase()}`]
  const text = given ? flags[name] : (fromEnvironment ?? flags[name])
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0)
    throw new Error(`--${name} must be a whole number, not ${text}`)
  return value
}

const scenario: Scenario = {
  reports: count("reports"),
  areas: count("areas"),
  members: Math.max(1, count("members")),
  followers: count("followers"),
  notifications: count("notifications"),
  reads: count("reads"),
  images: count("images"),
  seed: count("seed"),
}
const repetitions = Math.max(1, count("repetitions"))
const points = Math.max(1, count("points"))
const creates = Math.max(1, count("creates"))
const keep = flags.keep || process.env.FIELDREPORT_BENCH_KEEP === "true"
const named = flags["data-dir"] ?? process.env.FIELDREPORT_BENCH_DATA_DIR
const databaseUrl = flags["database-url"] ?? process.env.FIELDREPORT_BENCH_DATABASE_URL
const dataDir = named ?? mkdtempSync(join(tmpdir(), "fieldreport-bench-"))
/** What a filled directory holds besides the database: the setup and the scenario it was filled with. */
const manifestFile = join(dataDir, "bench.json")

const administrator = { email: "bench-admin@example.com", password: "bench-admin-password-1" }

const serve = (extra: Record<string, string> = {}): Promise<RunningServer> =>
  startServer(
    ConfigProvider.layer(
      ConfigProvider.fromEnv({
        env: {
          FIELDREPORT_HOST: "127.0.0.1",
          FIELDREPORT_PORT: "0",
          FIELDREPORT_DATA_DIR: dataDir,
          FIELDREPORT_DEMO: "false",
          FIELDREPORT_LOG_LEVEL: "silent",
          FIELDREPORT_BOOTSTRAP_ADMIN_EMAIL: administrator.email,
          FIELDREPORT_BOOTSTRAP_ADMIN_PASSWORD: administrator.password,
          FIELDREPORT_RATE_LIMIT_PER_TOKEN: "1000000",
          FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "1000000",
          ...(databaseUrl === undefined ? {} : { FIELDREPORT_DATABASE_URL: databaseUrl }),
          ...extra,
        },
      }),
    ),
  )

const log = (line: string) => process.stdout.write(`${line}\n`)
const since = (start: number) => performance.now() - start
const ms = (value: number) => (value < 10 ? value.toFixed(2) : value.toFixed(1))
const verdict = (value: number, target: number) => (value < target ? "pass" : "**fail**")

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1
    ? (sorted[middle] ?? 0)
    : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2
}

const mean = (values: ReadonlyArray<number>): number =>
  values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length)

const percentile = (values: ReadonlyArray<number>, fraction: number): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0
}

/** Fills the data directory, unless a kept run already did. */
const prepare = async (): Promise<Setup> => {
  if (existsSync(manifestFile)) {
    const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as { setup: Setup; scenario: Scenario }
    log(`Reusing ${dataDir}, filled with ${JSON.stringify(manifest.scenario)}`)
    return manifest.setup
  }
  if (databaseUrl !== undefined)
    throw new Error("--database-url needs a --data-dir whose embedded database was filled and copied there")
  mkdirSync(dataDir, { recursive: true })
  log(`Filling ${dataDir} with ${JSON.stringify(scenario)}`)
  const began = performance.now()
  const server = await serve()
  try {
    const seeder = await server.runtime.runPromise(Seeder.make)
    const setup = await server.runtime.runPromise(scaffold(seeder, scenario))
    const filled = await server.runtime.runPromise(fill(seeder, setup, scenario, log))
    log(`Filled in ${(since(began) / 1000).toFixed(1)} s: ${JSON.stringify(filled)}`)
    writeFileSync(manifestFile, JSON.stringify({ setup, scenario }, null, 2))
    return setup
  } finally {
    await server.stop()
  }
}

const analyticsEndpoints = [
  "reports_images",
  "reports_over_time",
  "reports_per_field_selection",
  "reports_per_state",
  "reports_per_user",
  "reports_per_day_hour",
  "reports_per_week_day",
  "reports_read",
  "user_awareness",
] as const

/** The parameters an endpoint takes besides the range: every count of those that select them. */
const extraParameters = (
  endpoint: (typeof analyticsEndpoints)[number],
  setup: Setup,
): Record<string, string> => {
  switch (endpoint) {
    case "reports_per_field_selection":
      return { field_id: String(setup.severity.id) }
    case "reports_read":
      return { fields: "total_reads,unique_reads,report_readers,reports_seen" }
    case "user_awareness":
      return { fields: "total_alerts,alert_source_reports,unique_alerts,alerts_opened" }
    default:
      return {}
  }
}

/** Endpoints whose `report_count`s add up to every report of the range: a check that they count right. */
const countingEveryReport: ReadonlyArray<string> = [
  "reports_over_time",
  "reports_per_field_selection",
  "reports_per_state",
  "reports_per_day_hour",
  "reports_per_week_day",
]

/** Times each analytics endpoint over the two years; answers the table rows, judged on the slowest call. */
const benchAnalytics = async (server: RunningServer, token: string, setup: Setup): Promise<Array<string>> => {
  const url = server.url
  const range = new URLSearchParams({
    channel_id: String(setup.channelId),
    start_date: period.start,
    end_date: period.end,
    time_zone: timeZone,
  })
  const inRange = await server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [row] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM reports
        WHERE channel_id = ${setup.channelId} AND created_at >= ${period.start} AND created_at < ${period.end}`
      return row?.n ?? 0
    }).pipe(Effect.orDie),
  )
  const rows: Array<string> = []
  for (const endpoint of analyticsEndpoints) {
    const query = new URLSearchParams({ ...Object.fromEntries(range), ...extraParameters(endpoint, setup) })
    const path = `/api/v4/analytics/${endpoint}?${query}`
    const times: Array<number> = []
    let size = 0
    // The first call warms the page cache and the prepared statements; it is not counted.
    for (let run = 0; run <= repetitions; run++) {
      const start = performance.now()
      const response = await fetch(`${url}${path}`, { headers: { Authorization: `Token token=${token}` } })
      const body = await response.text()
      const elapsed = since(start)
      if (response.status !== 200) throw new Error(`${endpoint}: ${response.status} ${body}`)
      const parsed = JSON.parse(body) as unknown
      size = Array.isArray(parsed) ? parsed.length : 1
      if (run > 0) times.push(elapsed)
      if (countingEveryReport.includes(endpoint)) {
        const total = (parsed as ReadonlyArray<{ report_count: number }>).reduce(
          (sum, record) => sum + record.report_count,
          0,
        )
        if (total !== inRange) throw new Error(`${endpoint} counted ${total} reports of ${inRange}`)
      }
    }
    const slowest = Math.max(...times)
    rows.push(
      `| \`${endpoint}\` | ${size} | ${ms(median(times))} | ${ms(slowest)} | < ${ANALYTICS_TARGET_MS} | ${verdict(slowest, ANALYTICS_TARGET_MS)} |`,
    )
    log(`  ${endpoint}: median ${ms(median(times))} ms, slowest ${ms(slowest)} ms (${size} rows)`)
  }
  return rows
}

/**
 * The client that files reports: a worker thread, with its own event loop, so an answer is timed
 * when it arrives, as a client elsewhere would see it, even while the server's thread (this one)
 * is busy with the fan-out that follows.
 */
const clientSource = `
const { parentPort } = require("node:worker_threads")
parentPort.on("message", async ({ url, init }) => {
  const start = performance.now()
  const response = await fetch(url, init)
  const body = await response.text()
  parentPort.postMessage({ status: response.status, body, ms: performance.now() - start })
})`

/** What the client thread answers: the status, the body and how long the answer took. */
interface ClientAnswer {
  readonly status: number
  readonly body: string
  readonly ms: number
}

const client = new Worker(clientSource, { eval: true })

const send = async (url: string, init: RequestInit): Promise<ClientAnswer> => {
  const answered = once(client, "message")
  client.postMessage({ url, init })
  const [answer] = (await answered) as [ClientAnswer]
  return answer
}

/** Files a report at a random point of the city through the API; answers its id and how long the answer took. */
const fileReport = async (
  server: RunningServer,
  token: string,
  setup: Setup,
  random: () => number,
): Promise<{ readonly id: number; readonly ms: number }> => {
  const [longitude, latitude] = cityPosition(random)
  const answer = await send(`${server.url}/api/v4/reports`, {
    method: "POST",
    headers: { Authorization: `Token token=${token}`, "Content-Type": "application/json" },
    body: JSON.stringify({
      report: {
        account_id: setup.channelId,
        location: { latitude, longitude },
        category_id: setup.categoryIds[0],
        [setup.severity.key]: setup.severity.options[2],
        [setup.side.key]: setup.side.options[0],
        [setup.notesKey]: "Benchmark report",
      },
    }),
  })
  if (answer.status !== 201) throw new Error(`POST /api/v4/reports: ${answer.status} ${answer.body}`)
  return { id: (JSON.parse(answer.body) as { id: number }).id, ms: answer.ms }
}

/** Runs every due job: the fan-out of the reports filed. */
const runJobs = (server: RunningServer): Promise<void> =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))

/** The users notified about the report. */
const notifiedAbout = (server: RunningServer, reportId: number): Promise<ReadonlyArray<number>> =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const rows = yield* sql<{
        user_id: number
      }>`SELECT user_id FROM notifications WHERE report_id = ${reportId}`
      return rows.map((row) => row.user_id)
    }).pipe(Effect.orDie),
  )

/** Files reports through the API, each timed until its fan-out job is done; answers the table rows. */
const benchCreate = async (server: RunningServer, token: string, setup: Setup): Promise<Array<string>> => {
  const random = seeded(scenario.seed + 1)
  const posted: Array<number> = []
  const done: Array<number> = []
  const notified: Array<number> = []
  for (let run = 0; run < creates; run++) {
    const start = performance.now()
    const report = await fileReport(server, token, setup, random)
    posted.push(report.ms)
    await runJobs(server)
    done.push(since(start))
    const made = await notifiedAbout(server, report.id)
    notified.push(made.length)
  }
  log(
    `  create: POST median ${ms(median(posted))} ms; until fan-out done median ${ms(median(done))} ms, slowest ${ms(Math.max(...done))} ms; notifications ${notified.join(", ")}`,
  )
  return [
    `| \`POST /api/v4/reports\` answered | ${ms(median(posted))} | ${ms(Math.max(...posted))} | | |`,
    `| … and its \`report.created\` fan-out done | ${ms(median(done))} | ${ms(Math.max(...done))} | ${median(notified)} (${Math.min(...notified)} to ${Math.max(...notified)}) | |`,
  ]
}

/** CPU time of this thread (user and system), in ms, since `start`. */
const cpuSince = (start: NodeJS.CpuUsage): number => {
  const used = process.threadCpuUsage(start)
  return (used.user + used.system) / 1000
}

/**
 * CPU time, in ms, of the processes of this machine named `postgres` (the server and its
 * connections' backends), from the nanoseconds on CPU in `/proc/<pid>/schedstat` (Linux); 0 when
 * there are none, as with a server on another machine.
 */
const postgresCpuMillis = (): number => {
  let nanos = 0
  for (const pid of readdirSync("/proc")) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (readFileSync(`/proc/${pid}/comm`, "utf8").trim() !== "postgres") continue
      nanos += Number(readFileSync(`/proc/${pid}/schedstat`, "utf8").split(" ")[0])
    } catch {
      // The process ended between the listing and the read.
    }
  }
  return nanos / 1e6
}

/**
 * The floor of a fan-out on the embedded database: notifications about the report to the users an
 * earlier fan-out notified, inserted the plainest way, one prepared `node:sqlite` statement run per
 * user in a transaction of another connection, and committed; then deleted again, not timed, so
 * the report's own fan-out runs as if they had never been.
 */
const floorOf = (
  database: DatabaseSync,
  reportId: number,
  channelId: number,
  userIds: ReadonlyArray<number>,
) => {
  const insert = database.prepare(`INSERT INTO notifications
    (user_id, report_id, channel_id, read, archived_at, created_at, updated_at) VALUES (?, ?, ?, 0, NULL, ?, ?)`)
  const at = new Date().toISOString()
  const start = process.threadCpuUsage()
  database.exec("BEGIN IMMEDIATE")
  for (const userId of userIds) insert.run(userId, reportId, channelId, at, at)
  database.exec("COMMIT")
  const used = cpuSince(start)
  database.prepare("DELETE FROM notifications WHERE report_id = ?").run(reportId)
  return used
}

/**
 * The same floor on PostgreSQL: the inserts through `pg` on a connection of their own, one prepared
 * statement run per user in a transaction; timed by this thread's CPU clock and, when the server
 * runs here, its processes' (`postgresCpuMillis`).
 */
const pgFloorOf = async (
  client: pg.Client,
  reportId: number,
  channelId: number,
  userIds: ReadonlyArray<number>,
  timesServer: boolean,
) => {
  const insert = {
    name: "floor-notification",
    text: `INSERT INTO notifications
      (user_id, report_id, channel_id, read, archived_at, created_at, updated_at) VALUES ($1, $2, $3, 0, NULL, $4, $4)`,
  }
  const at = new Date().toISOString()
  const serverStart = timesServer ? postgresCpuMillis() : 0
  const start = process.threadCpuUsage()
  await client.query("BEGIN")
  for (const userId of userIds) await client.query({ ...insert, values: [userId, reportId, channelId, at] })
  await client.query("COMMIT")
  const used = cpuSince(start) + (timesServer ? postgresCpuMillis() - serverStart : 0)
  await client.query("DELETE FROM notifications WHERE report_id = $1", [reportId])
  return used
}

/**
 * The fan-out's CPU time per report, on a server without job workers: each report is filed, then
 * its job run in this thread, timed by the thread's CPU clock, against the floor of its inserts
 * (`floorOf`, `pgFloorOf`). Answers the table rows.
 */
const benchFanOutCpu = async (
  token: string,
  setup: Setup,
): Promise<{ readonly create: Array<string>; readonly cpu: Array<string> }> => {
  const server = await serve({ FIELDREPORT_JOB_WORKERS: "0" })
  const floorDatabase =
    databaseUrl === undefined
      ? new DatabaseSync(join(dataDir, "fieldreport.db"), { timeout: 10_000 })
      : undefined
  const pgFloor = databaseUrl === undefined ? undefined : new pg.Client({ connectionString: databaseUrl })
  await pgFloor?.connect()
  try {
    // The areas are read into memory first, as a process with workers does when it starts.
    await server.runtime.runPromise(Effect.flatMap(Effect.service(AlertAreaIndex), (index) => index.warm))
    const random = seeded(scenario.seed + 3)
    const posted: Array<number> = []
    // PostgreSQL's own work is timed when its server runs on this machine.
    const timesServer = databaseUrl !== undefined && postgresCpuMillis() > 0
    const used: Array<number> = []
    const serverUsed: Array<number> = []
    const totals: Array<number> = []
    const floors: Array<number> = []
    const notified: Array<number> = []
    let previous: ReadonlyArray<number> = []
    // The first report warms the statements up; it is not counted.
    for (let run = 0; run <= creates; run++) {
      const report = await fileReport(server, token, setup, random)
      const floor =
        run === 0
          ? undefined
          : floorDatabase !== undefined
            ? floorOf(floorDatabase, report.id, setup.channelId, previous)
            : pgFloor !== undefined
              ? await pgFloorOf(pgFloor, report.id, setup.channelId, previous, timesServer)
              : undefined
      const serverStart = timesServer ? postgresCpuMillis() : 0
      const start = process.threadCpuUsage()
      await runJobs(server)
      const cpu = cpuSince(start)
      const serverCpu = timesServer ? postgresCpuMillis() - serverStart : 0
      const userIds = await notifiedAbout(server, report.id)
      previous = userIds
      if (run === 0) continue
      posted.push(report.ms)
      used.push(cpu)
      serverUsed.push(serverCpu)
      totals.push(cpu + serverCpu)
      if (floor !== undefined) floors.push(floor)
      notified.push(userIds.length)
    }
    const floorText = floors.length === 0 ? "" : `, floor mean ${ms(mean(floors))} ms`
    const serverText = timesServer ? `, PostgreSQL's processes mean ${ms(mean(serverUsed))} ms` : ""
    log(
      `  fan-out CPU: mean ${ms(mean(used))} ms, slowest ${ms(Math.max(...used))} ms${floorText}${serverText}; POST without workers median ${ms(median(posted))} ms; notifications ${notified.join(", ")}`,
    )
    return {
      create: [
        `| \`POST /api/v4/reports\` answered, on a server without job workers | ${ms(median(posted))} | ${ms(Math.max(...posted))} | | |`,
      ],
      cpu: [
        ...(!timesServer
          ? [
              `| \`report.created\` job, ${mean(notified).toFixed(0)} notifications on average${databaseUrl === undefined ? "" : ": this thread (the database's server is elsewhere)"} | ${ms(mean(used))} | ${ms(Math.max(...used))} | < ${FAN_OUT_TARGET_MS} | ${verdict(mean(used), FAN_OUT_TARGET_MS)} |`,
            ]
          : [
              `| \`report.created\` job, ${mean(notified).toFixed(0)} notifications on average: this thread | ${ms(mean(used))} | ${ms(Math.max(...used))} | | |`,
              `| … PostgreSQL's processes on this machine meanwhile | ${ms(mean(serverUsed))} | ${ms(Math.max(...serverUsed))} | | |`,
              `| … both | ${ms(mean(totals))} | ${ms(Math.max(...totals))} | < ${FAN_OUT_TARGET_MS} | ${verdict(mean(totals), FAN_OUT_TARGET_MS)} |`,
            ]),
        ...(floors.length === 0
          ? []
          : [
              `| floor: its inserts the plainest way (${databaseUrl === undefined ? "`node:sqlite`" : timesServer ? "`pg`, with PostgreSQL's processes" : "`pg`, this thread only"}, one prepared statement run per row) | ${ms(mean(floors))} | ${ms(Math.max(...floors))} | | |`,
            ]),
      ],
    }
  } finally {
    floorDatabase?.close()
    await pgFloor?.end()
    await server.stop()
  }
}

/** Times the fan-out's matching at random points of the city; answers the table rows. */
const benchMatching = async (server: RunningServer): Promise<Array<string>> => {
  const random = seeded(scenario.seed + 2)
  const locations = Array.from({ length: points }, () => cityPosition(random))
  const results = await server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      // A polygon without its rings would never match, and matching would look faster than it is.
      const [unread] = yield* sql<{ n: number }>`SELECT COUNT(*) AS n FROM alert_areas
        WHERE shape_type = 'poly' AND rings IS NULL`
      if ((unread?.n ?? 0) > 0) return yield* Effect.die(`${unread?.n} polygons have no rings`)
      const index = yield* AlertAreaIndex
      const timed: Array<{ readonly ms: number; readonly matched: number }> = []
      // One point first to warm up (it loads the areas into memory), not counted.
      yield* index.containing(locations[0] ?? [0, 0])
      for (const location of locations) {
        const start = performance.now()
        const matched = yield* index.containing(location)
        timed.push({ ms: since(start), matched: matched.length })
      }
      return timed
    }).pipe(Effect.orDie),
  )
  const times = results.map((result) => result.ms)
  const meanTime = mean(times)
  const p99 = percentile(times, 0.99)
  const average = (pick: (result: (typeof results)[number]) => number) =>
    results.reduce((sum, result) => sum + pick(result), 0) / results.length
  const matched = average((result) => result.matched)
  log(
    `  matching: mean ${ms(meanTime)} ms, p99 ${ms(p99)} ms; ${matched.toFixed(0)} areas containing a point on average`,
  )
  return [
    `| mean per report | ${ms(meanTime)} | < ${MATCHING_TARGET_MS} | ${verdict(meanTime, MATCHING_TARGET_MS)} |`,
    `| 99th percentile per report | ${ms(p99)} | < ${MATCHING_TARGET_MS} | ${verdict(p99, MATCHING_TARGET_MS)} |`,
    `| areas containing the point, on average | ${matched.toFixed(1)} | | |`,
  ]
}

/** Runs the phases that share one server with job workers: analytics, creates, matching. */
const benchWithWorkers = async (setup: Setup) => {
  log("Starting the API on the filled data directory")
  const server = await serve()
  try {
    const token = await login(server.url, setup.owner.email, setup.owner.password)
    log(
      `Analytics over ${period.start} to ${period.end} in ${timeZone}, ${repetitions} calls each after one to warm up`,
    )
    const analytics = await benchAnalytics(server, token, setup)
    log(`Report create with its fan-out, ${creates} reports`)
    const create = await benchCreate(server, token, setup)
    log(`Alert matching at ${points} random points`)
    const matching = await benchMatching(server)
    return { token, analytics, create, matching }
  } finally {
    await server.stop()
  }
}

const main = async () => {
  const setup = await prepare()
  try {
    const { token, analytics, create, matching } = await benchWithWorkers(setup)
    log(`Fan-out CPU time, ${creates} reports after one to warm up, on a server without job workers`)
    const fanOut = await benchFanOutCpu(token, setup)
    log("")
    log("| analytics endpoint | rows | median ms | slowest ms | target ms | result |")
    log("|---|---:|---:|---:|---:|---|")
    for (const row of analytics) log(row)
    log("")
    log("| report create | median ms | slowest ms | notifications | |")
    log("|---|---:|---:|---:|---|")
    for (const row of create) log(row)
    for (const row of fanOut.create) log(row)
    log("")
    log("| fan-out, CPU time of the thread per report | mean ms | slowest ms | target ms | result |")
    log("|---|---:|---:|---:|---|")
    for (const row of fanOut.cpu) log(row)
    log("")
    log("| alert matching | ms | target ms | result |")
    log("|---|---:|---:|---|")
    for (const row of matching) log(row)
  } finally {
    await client.terminate()
    if (!keep && named === undefined) rmSync(dataDir, { recursive: true, force: true })
    else log(`Kept ${dataDir}`)
  }
}

await main()
