/**
 * The data of the analytics and alerts benchmark (issue 4): one channel of a city-sized area with
 * two years of reports, the alert areas of its members, and some of the notifications and reads
 * those reports would have had. Deterministic from a seed.
 *
 * Two steps:
 *
 * - {@link scaffold} makes the team, the channel, its form and its categories through the HTTP API,
 *   so they are exactly what a client would have made;
 * - {@link fill} writes the bulk through the store's SQL client: multi-row INSERTs of
 *   {@link BATCH_ROWS} rows, {@link TRANSACTION_ROWS} rows per transaction, never HTTP or one row
 *   per statement. It writes the rows the API would write (the alert areas through the domain's
 *   `AlertArea.fromBody`, so their canonical WKT and boxes are the API's, with the rings
 *   `AlertAreaStore` keeps next to a polygon's WKT), and every trigger and index of the schema
 *   does its work as it would for the API.
 */
import * as AlertArea from "@fieldreport/domain/AlertArea"
import * as GreatCircle from "@fieldreport/domain/GreatCircle"
import type { Position } from "@fieldreport/domain/Position"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Effect, Result } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

/** How much data to make. */
export interface Scenario {
  readonly reports: number
  readonly areas: number
  /** Members of the channel (besides its owner); every report is filed by one of them. */
  readonly members: number
  /** Members who follow the channel, and so are told of every new report. */
  readonly followers: number
  /** Notifications about the reports, spread evenly over them, each to a random member. */
  readonly notifications: number
  /** Opens of the reports, spread evenly over them, each by a random member. */
  readonly reads: number
  /** Photos in the reports' Image field, spread evenly over them. */
  readonly images: number
  readonly seed: number
}

/** The two years the reports were filed in: `[start, end)`. */
export const period = { start: "2024-01-01T00:00:00.000Z", end: "2026-01-01T00:00:00.000Z" } as const

/** Greater Auckland, about 36 by 33 km: where the reports and the alert areas lie. */
const city = { west: 174.6, east: 175.0, south: -37.05, north: -36.75 } as const

/** The zone the analytics are asked in: two daylight saving changes a year cut the range. */
export const timeZone = "Pacific/Auckland"

/** Rows per INSERT statement: 500 rows of the widest table stay far below SQLite's 32,766 parameters. */
const BATCH_ROWS = 500

/** Rows per transaction. */
const TRANSACTION_ROWS = 20_000

/** Everything the benchmark needs to know about what {@link scaffold} made. */
export interface Setup {
  readonly teamId: number
  readonly channelId: number
  /** Made the team and the channel: their owner and the channel's admin. */
  readonly owner: { readonly id: number; readonly email: string; readonly password: string }
  readonly rootCategoryId: number
  readonly categoryIds: ReadonlyArray<number>
  /** The channel's states by position: New, In progress, Resolved. */
  readonly stateIds: ReadonlyArray<number>
  /** The DropDown field `reports_per_field_selection` counts. */
  readonly severity: { readonly id: number; readonly key: string; readonly options: ReadonlyArray<string> }
  readonly side: { readonly key: string; readonly options: ReadonlyArray<string> }
  readonly notesKey: string
  readonly photosKey: string
}

/** How many rows of each table {@link fill} wrote. */
export interface Filled {
  readonly users: number
  readonly reports: number
  readonly alertAreas: number
  readonly notifications: number
  readonly reads: number
  readonly images: number
}

/**
 * A small, fast pseudo-random generator (mulberry32): the same seed gives the same data.
 *
 * @example
 * ```ts
 * const random = seeded(42)
 * const dice = 1 + Math.floor(random() * 6)
 * ```
 */
export const seeded = (seed: number): (() => number) => {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * A uniformly random position in the city.
 *
 * @example
 * ```ts
 * const [longitude, latitude] = cityPosition(seeded(1))
 * ```
 */
export const cityPosition = (random: () => number): Position => [
  city.west + random() * (city.east - city.west),
  city.south + random() * (city.north - city.south),
]

/** The item at an index that is known to exist (`noUncheckedIndexedAccess` cannot know it). */
const at = <A>(items: ArrayLike<A>, index: number): A => {
  const item = items[index]
  if (item === undefined) throw new Error(`no item at ${index}`)
  return item
}

const pick = <A>(random: () => number, items: ReadonlyArray<A>): A =>
  at(items, Math.floor(random() * items.length))

/** Metres between `low` and `high`, uniform in their logarithm: many small areas, some large. */
const logUniform = (random: () => number, low: number, high: number): number =>
  Math.round(low * (high / low) ** random())

// ---------------------------------------------------------------------------------------------
// Scaffold, through the HTTP API

/** Credentials of the platform administrator the server was started with. */
export interface Administrator {
  readonly email: string
  readonly password: string
}

const call = async (
  url: string,
  method: string,
  path: string,
  options: { readonly token?: string; readonly body?: unknown } = {},
): Promise<unknown> => {
  const response = await fetch(`${url}${path}`, {
    method,
    headers: {
      "Content-Type": "application/json",
      ...(options.token === undefined ? {} : { Authorization: `Token token=${options.token}` }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${text}`)
  return text === "" ? undefined : JSON.parse(text)
}

/**
 * Logs in to the default app and answers the access token.
 *
 * @example
 * ```ts
 * const token = await login(server.url, setup.owner.email, setup.owner.password)
 * ```
 */
export const login = async (url: string, email: string, password: string): Promise<string> => {
  const answer = (await call(url, "POST", "/api/v4/session", {
    body: { session: { app_bundle_id: "com.fieldreport.app", email, password } },
  })) as { session: { access_token: string } }
  return answer.session.access_token
}

interface FormField {
  readonly id: number
  readonly label: string
  readonly key: string
  readonly data: string
}

const choices = (labels: ReadonlyArray<string>) =>
  JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })

const channelName = "Street issues"
const categoryNames = [
  "Pothole",
  "Graffiti",
  "Dumped rubbish",
  "Street light",
  "Flooding",
  "Fallen tree",
  "Noise",
]

/**
 * Makes the owner, the team, the channel, its form (a Category, a DropDown, a Radio, a text and an
 * Image field) and seven categories under the root, through the API of the running server.
 *
 * @example
 * ```ts
 * const setup = await scaffold(server.url, { email: "admin@example.com", password: "…" })
 * ```
 */
export const scaffold = async (url: string, administrator: Administrator): Promise<Setup> => {
  const owner = { email: "bench-owner@example.com", password: "bench-owner-password-1" }
  const adminToken = await login(url, administrator.email, administrator.password)
  const user = (await call(url, "POST", "/api/v4/admin/users", {
    token: adminToken,
    body: { user: { ...owner, first_name: "Bench", last_name: "Owner" } },
  })) as { id: number }
  const token = await login(url, owner.email, owner.password)
  const team = (await call(url, "POST", "/api/v4/teams", {
    token,
    body: { team: { name: "Auckland streets", industry: "Council", location: "Auckland" } },
  })) as { id: number }
  const channel = (await call(url, "POST", "/api/v4/channels", {
    token,
    body: { channel: { name: channelName, team_id: team.id } },
  })) as { id: number; category_id: number }
  const form = (await call(url, "PUT", `/api/v4/channels/${channel.id}/form`, {
    token,
    body: {
      form: {
        name: "Street issue",
        fields: [
          { label: "Category", field_type: "Category" },
          {
            label: "Severity",
            field_type: "DropDown",
            data: choices(["Trivial", "Minor", "Moderate", "Serious", "Dangerous"]),
          },
          { label: "Side of the road", field_type: "Radio", data: choices(["Left", "Right"]) },
          { label: "Notes", field_type: "ShortTextBox" },
          { label: "Photos", field_type: "Image" },
        ],
      },
    },
  })) as { fields: ReadonlyArray<FormField> }
  const field = (label: string): FormField => {
    const found = form.fields.find((candidate) => candidate.label === label)
    if (found === undefined) throw new Error(`the form has no ${label} field`)
    return found
  }
  const optionsOf = (label: string): ReadonlyArray<string> =>
    (JSON.parse(field(label).data) as { options: ReadonlyArray<{ value: string }> }).options.map(
      (option) => option.value,
    )
  const categoryIds: Array<number> = []
  for (const name of categoryNames) {
    const category = (await call(url, "POST", `/api/v4/channels/${channel.id}/categories`, {
      token,
      body: { category: { name, pin_color: "#3a7d44" } },
    })) as { id: number }
    categoryIds.push(category.id)
  }
  const states = (await call(url, "GET", `/api/v4/report_states?channel_id=${channel.id}`, {
    token,
  })) as ReadonlyArray<{ id: number }>
  return {
    teamId: team.id,
    channelId: channel.id,
    owner: { id: user.id, ...owner },
    rootCategoryId: channel.category_id,
    categoryIds,
    stateIds: states.map((state) => state.id),
    severity: { id: field("Severity").id, key: field("Severity").key, options: optionsOf("Severity") },
    side: { key: field("Side of the road").key, options: optionsOf("Side of the road") },
    notesKey: field("Notes").key,
    photosKey: field("Photos").key,
  }
}

// ---------------------------------------------------------------------------------------------
// Bulk fill, through the store's SQL client

type Value = string | number | null

/** Inserts rows of one table in multi-row statements, answering the `RETURNING` rows if asked. */
const insertRows = <A extends object = never>(
  sql: SqlClient.SqlClient,
  table: string,
  columns: ReadonlyArray<string>,
  rows: ReadonlyArray<ReadonlyArray<Value>>,
  returning?: string,
): Effect.Effect<ReadonlyArray<A>, SqlError.SqlError> =>
  Effect.gen(function* () {
    const answered: Array<A> = []
    const placeholders = `(${columns.map(() => "?").join(", ")})`
    for (let from = 0; from < rows.length; from += BATCH_ROWS) {
      const batch = rows.slice(from, from + BATCH_ROWS)
      const text = `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${batch.map(() => placeholders).join(", ")}${
        returning === undefined ? "" : ` RETURNING ${returning}`
      }`
      answered.push(...(yield* sql.unsafe<A>(text, batch.flat())))
    }
    return answered
  })

/** Writes `total` rows in transactions of {@link TRANSACTION_ROWS}: `write(from, to)` writes rows `[from, to)`. */
const inTransactions = (
  sql: SqlClient.SqlClient,
  total: number,
  label: string,
  progress: (line: string) => void,
  write: (from: number, to: number) => Effect.Effect<void, SqlError.SqlError>,
): Effect.Effect<void, SqlError.SqlError> =>
  Effect.gen(function* () {
    const began = performance.now()
    for (let from = 0; from < total; from += TRANSACTION_ROWS) {
      const to = Math.min(total, from + TRANSACTION_ROWS)
      yield* sql.withTransaction(write(from, to))
      if (to === total || (to / TRANSACTION_ROWS) % 10 === 0) {
        progress(`  ${label}: ${to.toLocaleString("en")} / ${total.toLocaleString("en")} (${seconds(began)})`)
      }
    }
  })

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`

const iso = (millis: number): string => new Date(millis).toISOString()

/** A version 4 UUID from the generator. */
const uuidOf = (random: () => number): string => {
  const hex = (digits: number) =>
    Array.from({ length: digits }, () => Math.floor(random() * 16).toString(16)).join("")
  return `${hex(8)}-${hex(4)}-4${hex(3)}-${"89ab"[Math.floor(random() * 4)]}${hex(3)}-${hex(12)}`
}

const firstNames = [
  "Aroha",
  "Ben",
  "Chen",
  "Divya",
  "Eli",
  "Fetu",
  "Grace",
  "Hemi",
  "Isla",
  "Jae",
  "Kiri",
  "Liam",
]
const lastNames = ["Ngata", "Smith", "Wang", "Patel", "Brown", "Tuilagi", "Wilson", "Kaur", "Lee", "Taylor"]
const streets = ["Queen St", "Dominion Rd", "Great North Rd", "Ponsonby Rd", "Karangahape Rd", "Mt Eden Rd"]

/** A polygon's rings as `AlertAreaStore` keeps them next to its WKT (JSON); null for a circle. */
const ringsOf = (area: string): string | null => {
  const geometry = Wkt.parse(area, "area")
  return Result.isSuccess(geometry) && geometry.success.type === "Polygon"
    ? JSON.stringify(geometry.success.coordinates)
    : null
}

/** A circle or a polygon (sometimes with a hole) of the city, as the body of an alert area create. */
const areaBody = (random: () => number): { area: string; radius?: number } => {
  const center = cityPosition(random)
  const size = logUniform(random, 200, 3_000)
  if (random() < 0.5) return { area: `POINT (${center[0]} ${center[1]})`, radius: size }
  // A star around the centre: vertices at increasing bearings never cross each other.
  const vertices = 5 + Math.floor(random() * 8)
  const ring = (scale: number, clockwise: boolean): string => {
    const positions = Array.from({ length: vertices }, (_, index) => {
      const bearing = ((clockwise ? vertices - index : index) + random() * 0.5) * (360 / vertices)
      return GreatCircle.destination(center, bearing, size * scale * (0.6 + random() * 0.4))
    })
    return [...positions, positions[0]].map((position) => `${position?.[0]} ${position?.[1]}`).join(", ")
  }
  const hole = random() < 0.1 ? `, (${ring(0.3, true)})` : ""
  return { area: `POLYGON ((${ring(1, false)})${hole})` }
}

/**
 * Writes the members, their alert areas, the reports with their boxes, then notifications and reads
 * of those reports, into the channel {@link scaffold} made; `progress` hears a line now and then.
 *
 * - Members are team members and channel reporters who agreed to join; those with an alert area have
 *   `alert: true`, `followers` of them `follow: true`.
 * - Alert areas: half circles of 200 m to 3 km, half polygons of 5 to 12 vertices as large, one in
 *   ten of those with a hole; centres uniform over the city.
 * - Reports: filed uniformly over the two years (in id order, as the API files them), two in three
 *   around forty hot spots and the rest anywhere in the city, by a random member, 2% anonymous; a
 *   category (one in ten the root), a severity and a side of the road, notes, and their share of
 *   the photos; older reports are more often resolved.
 *
 * @example
 * ```ts
 * const filled = yield* fill(setup, scenario, console.log)
 * ```
 */
export const fill = (
  setup: Setup,
  scenario: Scenario,
  progress: (line: string) => void,
): Effect.Effect<Filled, SqlError.SqlError, SqlClient.SqlClient> =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const random = seeded(scenario.seed)
    const createdAt = iso(Date.parse(period.start))
    // A larger page cache while the indexes grow; the benchmark's server opens its own connection.
    yield* sql.unsafe("PRAGMA cache_size = -262144")

    // Members.
    const memberIds: Array<number> = []
    yield* inTransactions(sql, scenario.members, "members", progress, (from, to) =>
      Effect.gen(function* () {
        const users = Array.from(
          { length: to - from },
          (_, offset): ReadonlyArray<Value> => [
            `bench-member-${from + offset + 1}@example.com`,
            pick(random, firstNames),
            pick(random, lastNames),
            createdAt,
          ],
        )
        const ids = (yield* insertRows<{ id: number }>(
          sql,
          "users",
          ["email", "first_name", "last_name", "created_at"],
          users,
          "id",
        )).map((row) => row.id)
        memberIds.push(...ids)
        yield* insertRows(
          sql,
          "team_users",
          ["team_id", "user_id", "role", "agreed_to_join", "created_at"],
          ids.map((id) => [setup.teamId, id, "team_member", 1, createdAt]),
        )
        yield* insertRows(
          sql,
          "channel_members",
          ["channel_id", "user_id", "role"],
          ids.map((id) => [setup.channelId, id, "reporter"]),
        )
      }),
    )

    // Alert areas, each of a random member.
    const owners = Array.from({ length: scenario.areas }, () => pick(random, memberIds))
    yield* inTransactions(sql, scenario.areas, "alert areas", progress, (from, to) =>
      Effect.gen(function* () {
        const inputs = owners.slice(from, to).map((userId) => {
          const input = AlertArea.fromBody({ alert_area: areaBody(random) })
          if (Result.isFailure(input)) throw new Error(JSON.stringify(input.failure.errors))
          return { userId, input: input.success }
        })
        const ids = yield* insertRows<{ id: number }>(
          sql,
          "alert_areas",
          ["user_id", "shape_type", "radius", "area", "latitude", "longitude", "rings", "created_at"],
          inputs.map(({ userId, input }) => [
            userId,
            input.shape_type,
            input.radius,
            input.area,
            input.latitude,
            input.longitude,
            ringsOf(input.area),
            createdAt,
          ]),
          "id",
        )
        yield* insertRows(
          sql,
          "alert_areas_box",
          ["id", "min_longitude", "max_longitude", "min_latitude", "max_latitude"],
          ids.map(({ id }, index) => {
            const { bbox } = at(inputs, index).input
            return [id, bbox.minLongitude, bbox.maxLongitude, bbox.minLatitude, bbox.maxLatitude]
          }),
        )
      }),
    )

    // Channel selections: alerts for members with an area, follow for the first `followers`.
    const alerted = new Set(owners)
    yield* inTransactions(sql, memberIds.length, "selections", progress, (from, to) =>
      insertRows(
        sql,
        "channel_selections",
        ["channel_id", "user_id", "view", "follow", "alert"],
        memberIds
          .slice(from, to)
          .map((id, offset) => [
            setup.channelId,
            id,
            1,
            from + offset < scenario.followers ? 1 : 0,
            alerted.has(id) ? 1 : 0,
          ]),
      ).pipe(Effect.asVoid),
    )

    // Reports, in the order they were filed.
    const start = Date.parse(period.start)
    const span = Date.parse(period.end) - start
    const hotSpots = Array.from({ length: 40 }, () => cityPosition(random))
    const reportIds = new Float64Array(scenario.reports)
    const reportTimes = new Float64Array(scenario.reports)
    /** How many of `total` rows spread evenly over the reports fall on the report at `index`. */
    const shareOf = (total: number, index: number): number =>
      Math.floor(((index + 1) * total) / scenario.reports) - Math.floor((index * total) / scenario.reports)
    yield* inTransactions(sql, scenario.reports, "reports", progress, (from, to) =>
      Effect.gen(function* () {
        const drafts = Array.from({ length: to - from }, (_, offset) => {
          const index = from + offset
          // One report in each equal slice of the two years, anywhere in its slice: uniform and in order.
          const filedAt = start + Math.floor(((index + random()) * span) / scenario.reports)
          reportTimes[index] = filedAt
          const position: Position =
            random() < 2 / 3
              ? GreatCircle.destination(pick(random, hotSpots), random() * 360, logUniform(random, 10, 2_000))
              : cityPosition(random)
          return {
            filedAt,
            position,
            userId: pick(random, memberIds),
            photos: shareOf(scenario.images, index),
          }
        })
        // The photos first: the answers name them.
        const photoOwners = drafts.flatMap((draft) =>
          Array.from({ length: draft.photos }, () => ({
            userId: draft.userId,
            takenAt: draft.filedAt - 60_000,
          })),
        )
        const photoIds = (yield* insertRows<{ id: number }>(
          sql,
          "attachments",
          [
            "user_id",
            "filename",
            "content_type",
            "byte_size",
            "storage_key",
            "image",
            "renditions_ready",
            "used",
            "created_at",
          ],
          photoOwners.map(({ userId, takenAt }) => [
            userId,
            "photo.jpg",
            "image/jpeg",
            180_000 + Math.floor(random() * 400_000),
            `bench/${uuidOf(random)}`,
            1,
            1,
            1,
            iso(takenAt),
          ]),
          "id",
        )).map((row) => row.id)
        let photoCursor = 0
        const rows = drafts.map((draft): ReadonlyArray<Value> => {
          const photos = photoIds.slice(photoCursor, photoCursor + draft.photos)
          photoCursor += draft.photos
          const categoryIndex = random() < 0.1 ? -1 : Math.floor(random() * setup.categoryIds.length)
          const age = (start + span - draft.filedAt) / span
          const state =
            random() < age ? setup.stateIds[2] : random() < 0.5 ? setup.stateIds[1] : setup.stateIds[0]
          const notes = `${pick(random, ["Broken", "Blocked", "Damaged", "Missing", "Leaking"])} near ${
            1 + Math.floor(random() * 400)
          } ${pick(random, streets)}`
          const answers = {
            [setup.severity.key]: pick(random, setup.severity.options),
            [setup.side.key]: pick(random, setup.side.options),
            [setup.notesKey]: notes,
            ...(photos.length === 0 ? {} : { [setup.photosKey]: photos }),
          }
          return [
            setup.channelId,
            uuidOf(random),
            draft.userId,
            random() < 0.02 ? 1 : 0,
            // The title the API derives: the text answer, then the category's path up to the root.
            [notes, ...(categoryIndex < 0 ? [] : [at(categoryNames, categoryIndex)]), channelName].join(", "),
            draft.position[1],
            draft.position[0],
            categoryIndex < 0 ? setup.rootCategoryId : at(setup.categoryIds, categoryIndex),
            state ?? null,
            JSON.stringify(answers),
            iso(draft.filedAt),
            iso(draft.filedAt),
          ]
        })
        const ids = yield* insertRows<{ id: number }>(
          sql,
          "reports",
          [
            "channel_id",
            "uuid",
            "user_id",
            "is_anonymous",
            "title",
            "latitude",
            "longitude",
            "category_id",
            "report_state_id",
            "answers",
            "created_at",
            "updated_at",
          ],
          rows,
          "id",
        )
        ids.forEach(({ id }, offset) => {
          reportIds[from + offset] = id
        })
        yield* insertRows(
          sql,
          "reports_box",
          ["id", "min_longitude", "max_longitude", "min_latitude", "max_latitude"],
          ids.map(({ id }, offset) => {
            const [longitude, latitude] = at(drafts, offset).position
            return [id, longitude, longitude, latitude, latitude]
          }),
        )
        photoCursor = 0
        yield* insertRows(
          sql,
          "report_attachments",
          ["attachment_id", "report_id", "channel_id", "field_key"],
          ids.flatMap(({ id }, offset) => {
            const photos = photoIds.slice(photoCursor, photoCursor + at(drafts, offset).photos)
            photoCursor += photos.length
            return photos.map((photoId) => [photoId, id, setup.channelId, setup.photosKey])
          }),
        )
      }),
    )

    /** The report (its index) of row `row` of `total` rows spread evenly over the reports. */
    const reportOf = (total: number, row: number): number => Math.floor((row * scenario.reports) / total)

    // Notifications: a member at most once per report (rows come report by report), so a
    // repeated pick is skipped.
    let notifications = 0
    let notifiedReport = -1
    const notified = new Set<number>()
    yield* inTransactions(sql, scenario.notifications, "notifications", progress, (from, to) => {
      const rows: Array<ReadonlyArray<Value>> = []
      for (let row = from; row < to; row++) {
        const report = reportOf(scenario.notifications, row)
        if (report !== notifiedReport) {
          notifiedReport = report
          notified.clear()
        }
        const userId = pick(random, memberIds)
        if (notified.has(userId)) continue
        notified.add(userId)
        rows.push([
          userId,
          at(reportIds, report),
          setup.channelId,
          random() < 0.4 ? 1 : 0,
          iso(at(reportTimes, report)),
        ])
      }
      notifications += rows.length
      return insertRows(
        sql,
        "notifications",
        ["user_id", "report_id", "channel_id", "read", "created_at"],
        rows,
      ).pipe(Effect.asVoid)
    })

    // Reads: opened within three days of the report, never after the two years.
    yield* inTransactions(sql, scenario.reads, "reads", progress, (from, to) =>
      insertRows(
        sql,
        "report_reads",
        ["report_id", "channel_id", "user_id", "opened_at"],
        Array.from({ length: to - from }, (_, offset): ReadonlyArray<Value> => {
          const report = reportOf(scenario.reads, from + offset)
          const filedAt = at(reportTimes, report)
          return [
            at(reportIds, report),
            setup.channelId,
            pick(random, memberIds),
            iso(Math.min(start + span - 1, filedAt + random() * 3 * 86_400_000)),
          ]
        }),
      ).pipe(Effect.asVoid),
    )

    progress("  analysing the tables for the query planner")
    yield* sql.unsafe("ANALYZE")
    return {
      users: memberIds.length,
      reports: scenario.reports,
      alertAreas: scenario.areas,
      notifications,
      reads: scenario.reads,
      images: scenario.images,
    }
  })
