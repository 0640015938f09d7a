import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { type RunningServer, startServer } from "@fieldreport/api/Server"
import { ConfigProvider } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { city, login, memberEmail, password, period, type Scenario } from "../generate/Generate.ts"
import { type Generated, generateDatabase, readGenerated } from "../generate/GeneratedDatabase.ts"

const scenario: Scenario = {
  reports: 600,
  channels: 3,
  members: 40,
  followers: 5,
  areas: 60,
  shapes: 9,
  notifications: 300,
  reads: 200,
  images: 12,
  seed: 7,
}

const directories: Array<string> = []
const newDirectory = () => {
  const directory = mkdtempSync(join(tmpdir(), "fieldreport-generate-"))
  directories.push(directory)
  return directory
}
const quiet = () => {}

/** Every row of the tables the generator writes, in id order, without the (salted) password hashes. */
const dump = (dataDir: string): string => {
  const database = new DatabaseSync(join(dataDir, "fieldreport.db"), { readOnly: true })
  try {
    const tables = [
      "teams",
      "channels",
      "categories",
      "form_fields",
      "channel_members",
      "channel_selections",
      "alert_areas",
      "shapes",
      "reports",
      "attachments",
      "report_attachments",
      "notifications",
      "report_reads",
    ]
    const users = database
      .prepare("SELECT id, email, first_name, last_name, created_at FROM users ORDER BY id")
      .all()
    return JSON.stringify([
      users,
      ...tables.map((table) => database.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()),
    ])
  } finally {
    database.close()
  }
}

const query = (dataDir: string, text: string, ...parameters: Array<string | number>) => {
  const database = new DatabaseSync(join(dataDir, "fieldreport.db"), { readOnly: true })
  try {
    return database.prepare(text).all(...parameters)
  } finally {
    database.close()
  }
}

describe("the data generator's sources", () => {
  const directory = join(import.meta.dirname, "../generate")
  const imports = readdirSync(directory)
    .filter((name) => name.endsWith(".ts"))
    .flatMap((name) =>
      [...readFileSync(join(directory, name), "utf8").matchAll(/\bfrom\s+"([^"]+)"/g)].map(
        (match) => match[1],
      ),
    )

  it("import nothing of the API but its seeding entry", () => {
    expect(imports).toContain("@fieldreport/api/seed/Seed")
    expect(new Set(imports.filter((path) => path?.startsWith("@fieldreport/api")))).toEqual(
      new Set(["@fieldreport/api/seed/Seed"]),
    )
  })

  it("write no SQL of their own", () => {
    expect(imports.filter((path) => /sql|sqlite|pg/.test(path ?? ""))).toEqual([])
  })
})

describe("the data generator", () => {
  let first: string
  let generated: Generated

  beforeAll(async () => {
    first = newDirectory()
    generated = await generateDatabase(first, scenario, quiet)
  })

  afterAll(() => {
    for (const directory of directories) rmSync(directory, { recursive: true, force: true })
  })

  it("makes the same data from the same seed, and other data from another", async () => {
    const again = newDirectory()
    await generateDatabase(again, scenario, quiet)
    expect(dump(again)).toBe(dump(first))
    const other = newDirectory()
    await generateDatabase(other, { ...scenario, seed: 8 }, quiet)
    expect(dump(other)).not.toBe(dump(first))
  })

  it("writes the counts asked for, spread over the channels, the two years and the city and around it", () => {
    expect(readGenerated(first)).toEqual(generated)
    expect(generated.setup.channels).toHaveLength(3)
    expect(generated.setup.shapeIds).toHaveLength(9)
    // Reports around a hot spot near the edge may lie up to 2 km outside the city's box.
    const margin = 0.03
    const [totals] = query(
      first,
      `SELECT (SELECT COUNT(*) FROM reports) AS reports, (SELECT COUNT(*) FROM users) AS users,
        (SELECT COUNT(*) FROM alert_areas) AS areas, (SELECT COUNT(*) FROM shapes) AS shapes,
        (SELECT COUNT(*) FROM report_reads) AS reads, (SELECT COUNT(*) FROM report_attachments) AS images,
        (SELECT COUNT(*) FROM reports WHERE created_at < ? OR created_at >= ?) AS outside_period,
        (SELECT COUNT(*) FROM reports WHERE longitude NOT BETWEEN ? AND ? OR latitude NOT BETWEEN ? AND ?) AS outside_city`,
      period.start,
      period.end,
      city.west - margin,
      city.east + margin,
      city.south - margin,
      city.north + margin,
    )
    expect(totals).toEqual({
      reports: 600,
      users: 41,
      areas: 60,
      shapes: 9,
      reads: 200,
      images: 12,
      outside_period: 0,
      outside_city: 0,
    })
    const perChannel = query(
      first,
      "SELECT channel_id, COUNT(*) AS n FROM reports GROUP BY channel_id ORDER BY channel_id",
    )
    expect(perChannel.map((row) => row.channel_id)).toEqual(
      generated.setup.channels.map((channel) => channel.channelId),
    )
    // Shares of 1, 1/2 and 1/3: the first channel the busiest.
    const [busiest, second, third] = perChannel.map((row) => Number(row.n))
    expect(busiest).toBeGreaterThan(second ?? 0)
    expect(second).toBeGreaterThan(third ?? 0)
  })
  describe("through the API", () => {
    let server: RunningServer
    let owner: string
    const get = async (token: string, path: string, headers: Record<string, string> = {}) => {
      const response = await fetch(`${server.url}${path}`, {
        headers: { Authorization: `Token token=${token}`, ...headers },
      })
      return { status: response.status, body: (await response.json()) as unknown }
    }

    beforeAll(async () => {
      server = await startServer(
        ConfigProvider.layer(
          ConfigProvider.fromEnv({
            env: {
              FIELDREPORT_HOST: "127.0.0.1",
              FIELDREPORT_PORT: "0",
              FIELDREPORT_DATA_DIR: first,
              FIELDREPORT_DEMO: "false",
              FIELDREPORT_LOG_LEVEL: "silent",
            },
          }),
        ),
      )
      owner = await login(server.url, generated.setup.owner.email, password)
    })

    afterAll(() => server?.stop())

    it("serves every channel's reports with their form answers", async () => {
      for (const channel of generated.setup.channels) {
        const [row] = query(
          first,
          "SELECT id FROM reports WHERE channel_id = ? ORDER BY id DESC LIMIT 1",
          channel.channelId,
        )
        const answer = await get(owner, `/api/v4/reports/${row?.id}?fields=form_fields,title`)
        expect(answer.status).toBe(200)
        const report = answer.body as {
          title: string
          form_fields: ReadonlyArray<{ key: string; field_type: string; value: unknown }>
        }
        expect(report.title).toContain(channel.name)
        const severity = report.form_fields.find((field) => field.key === channel.severity.key)
        expect(channel.severity.options).toContain(severity?.value)
      }
    })

    it("lets a member log in and list their alert areas, and lists the shapes", async () => {
      const [owned] = query(
        first,
        "SELECT user_id, COUNT(*) AS n FROM alert_areas GROUP BY user_id ORDER BY user_id LIMIT 1",
      )
      const [member] = query(first, "SELECT email FROM users WHERE id = ?", Number(owned?.user_id))
      expect(member?.email).toMatch(/^member-\d+@generated\.example\.com$/)
      expect(memberEmail(0)).toBe("member-1@generated.example.com")
      const token = await login(server.url, String(member?.email), password)
      const areas = await get(token, "/api/v4/alert_areas")
      expect(areas.status).toBe(200)
      expect(areas.body).toHaveLength(Number(owned?.n))
      const shapes = await get(owner, "/api/v4/shapes", {
        Range: "objects=0-59",
        "X-AppId": "com.fieldreport.app",
      })
      expect(shapes.status).toBe(200)
      expect((shapes.body as ReadonlyArray<{ id: number }>).map((shape) => shape.id)).toEqual(
        generated.setup.shapeIds,
      )
    })

    it("counts every report of a channel in its analytics, through the counts the triggers kept", async () => {
      const channel = generated.setup.channels[1]
      const parameters = new URLSearchParams({
        channel_id: String(channel?.channelId),
        start_date: period.start,
        end_date: period.end,
        time_zone: "UTC",
      })
      const answer = await get(owner, `/api/v4/analytics/reports_per_state?${parameters}`)
      expect(answer.status).toBe(200)
      const counted = (answer.body as ReadonlyArray<{ report_count: number }>).reduce(
        (sum, state) => sum + state.report_count,
        0,
      )
      const [stored] = query(
        first,
        "SELECT COUNT(*) AS n FROM reports WHERE channel_id = ?",
        Number(channel?.channelId),
      )
      expect(counted).toBe(stored?.n)
    })
  })
})
