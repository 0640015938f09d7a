/**
 * The data generator: fills a Fieldreport database with a team of a city-sized area, its channels,
 * their members, two years of reports with form answers and photos, the members' alert areas, the
 * branded app's shapes, and some of the notifications and reads those reports would have had.
 * Deterministic from a seed. The command is `command.ts` next to this file; the analytics and
 * alerts benchmark and the load benchmark use it.
 *
 * Two steps, both through the API's own services and SQL client, never HTTP:
 *
 * - {@link scaffold} makes the owner, the team, the channels, their forms and categories with the
 *   API's services (`Teams`, `Channels`, `Forms`, `Categories`), so they are exactly what a client
 *   would have made, and the branded app's shapes with `Shapes`;
 * - {@link fill} writes the bulk through the store's SQL client: multi-row INSERTs of
 *   {@link BATCH_ROWS} rows, {@link TRANSACTION_ROWS} rows per transaction, never one row per
 *   statement. It writes the rows the API would write (the alert areas through the domain's
 *   `AlertArea.fromBody`, so their canonical WKT is the API's, with the rings
 *   `AlertAreaStore` keeps next to a polygon's WKT), and every trigger and index of the schema
 *   does its work as it would for the API.
 */
import { hashPassword } from "@fieldreport/api/auth/Password"
import { AppConfig } from "@fieldreport/api/Config"
import type { Actor } from "@fieldreport/api/services/Authentication"
import { Categories } from "@fieldreport/api/services/Categories"
import { Channels } from "@fieldreport/api/services/Channels"
import { Forms } from "@fieldreport/api/services/Forms"
import { ReportStates } from "@fieldreport/api/services/ReportStates"
import { Shapes } from "@fieldreport/api/services/Shapes"
import { Teams } from "@fieldreport/api/services/Teams"
import { BrandedAppStore } from "@fieldreport/api/store/BrandedAppStore"
import { UserStore } from "@fieldreport/api/store/UserStore"
import * as AlertArea from "@fieldreport/domain/AlertArea"
import { CategoryCreate } from "@fieldreport/domain/Category"
import { ChannelCreate } from "@fieldreport/domain/Channel"
import { FormDefinition } from "@fieldreport/domain/Form"
import * as GreatCircle from "@fieldreport/domain/GreatCircle"
import { decodeInput } from "@fieldreport/domain/Invalid"
import type { Position } from "@fieldreport/domain/Position"
import { ShapeCreate } from "@fieldreport/domain/Shape"
import { TeamCreate } from "@fieldreport/domain/Team"
import * as Wkt from "@fieldreport/domain/Wkt"
import { Clock, Effect, Result, type Schema } from "effect"
import { SqlClient, type SqlError } from "effect/sql"

/** How much data to make. */
export interface Scenario {
  readonly reports: number
  readonly areas: number
  /** Members of the team and of every channel (besides the owner); every report is filed by one of them. */
  readonly members: number
  /** Members who follow every channel, and so are told of every new report. */
  readonly followers: number
  /** Notifications about the reports, spread evenly over them, each to a random member. */
  readonly notifications: number
  /** Opens of the reports, spread evenly over them, each by a random member. */
  readonly reads: number
  /** Photos in the reports' Image field, spread evenly over them. */
  readonly images: number
  /** Channels of the team, one by default; the first gets the most reports (see {@link fill}). */
  readonly channels?: number
  /** Shapes of the branded app: a grid of suburbs over the city; none by default. */
  readonly shapes?: number
  readonly seed: number
}

/** The two years the reports were filed in: `[start, end)`. */
export const period = { start: "2024-01-01T00:00:00.000Z", end: "2026-01-01T00:00:00.000Z" } as const

/** Greater Auckland, about 36 by 33 km: where the reports, the alert areas and the shapes lie. */
export const city = { west: 174.6, east: 175.0, south: -37.05, north: -36.75 } as const

/** The zone the analytics are asked in: two daylight saving changes a year cut the range. */
export const timeZone = "Pacific/Auckland"

/** The password of every generated person: the owner and the members log in with it. */
export const password = "generated-password-1"

/** Rows per INSERT statement: 500 rows of the widest table stay far below SQLite's 32,766 parameters. */
const BATCH_ROWS = 500

/** Rows per transaction. */
const TRANSACTION_ROWS = 20_000

/** One channel {@link scaffold} made. */
export interface ChannelSetup {
  readonly channelId: number
  readonly name: string
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

/** Everything a benchmark needs to know about what {@link scaffold} made: its first channel's fields, and all. */
export interface Setup extends ChannelSetup {
  readonly teamId: number
  /** Made the team and the channels: their owner and the channels' admin. */
  readonly owner: { readonly id: number; readonly email: string; readonly password: string }
  readonly channels: ReadonlyArray<ChannelSetup>
  /** The ids of the branded app's shapes it made. */
  readonly shapeIds: ReadonlyArray<number>
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
// Scaffold, through the API's services

/** A clock stopped at one instant, so what the scaffold makes is dated the start of the two years. */
const stoppedAt = (millis: number): Clock.Clock => {
  const live = Clock.Clock.defaultValue()
  return {
    ...live,
    currentTimeMillisUnsafe: () => millis,
    currentTimeMillis: Effect.succeed(millis),
    currentTimeNanosUnsafe: () => BigInt(millis) * 1_000_000n,
    currentTimeNanos: Effect.succeed(BigInt(millis) * 1_000_000n),
  }
}

/** A request body decoded as the API decodes it; the generator's own bodies are always valid. */
const valid = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown): S["Type"] => {
  const decoded = decodeInput(schema, input)
  if (Result.isFailure(decoded)) throw new Error(JSON.stringify(decoded.failure.errors))
  return decoded.success
}

const choices = (labels: ReadonlyArray<string>) =>
  JSON.stringify({ multi_select: false, options: labels.map((label) => ({ label })) })

const channelNames = [
  "Street issues",
  "Parks and reserves",
  "Water and drains",
  "Public transport",
  "Building sites",
  "Beaches",
]

/** The name of the channel at an index: the list above, then numbered. */
const channelName = (index: number): string =>
  channelNames[index] ??
  `${at(channelNames, index % channelNames.length)} ${Math.floor(index / channelNames.length) + 1}`

const categoryNames = [
  "Pothole",
  "Graffiti",
  "Dumped rubbish",
  "Street light",
  "Flooding",
  "Fallen tree",
  "Noise",
]

const optionsOf = (data: string): ReadonlyArray<string> =>
  (JSON.parse(data) as { options: ReadonlyArray<{ value: string }> }).options.map((option) => option.value)

/** Makes a channel of the team, its form (a Category, a DropDown, a Radio, a text and an Image field) and seven categories. */
const scaffoldChannel = (owner: Actor, teamId: number, name: string) =>
  Effect.gen(function* () {
    const channels = yield* Channels
    const forms = yield* Forms
    const categories = yield* Categories
    const reportStates = yield* ReportStates
    const channel = yield* channels.create(owner, valid(ChannelCreate, { name, team_id: teamId }))
    const { fields } = yield* forms.replace(
      owner,
      channel.id,
      valid(FormDefinition, {
        name: `${name} report`,
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
      }),
    )
    const field = (label: string) => {
      const found = fields.find((candidate) => candidate.label === label)
      if (found === undefined) throw new Error(`the form has no ${label} field`)
      return found
    }
    const categoryIds: Array<number> = []
    for (const categoryName of categoryNames) {
      const made = yield* categories.create(
        owner,
        channel.id,
        valid(CategoryCreate, { name: categoryName, pin_color: "#3a7d44" }),
      )
      categoryIds.push(made.category.id)
    }
    const states = yield* reportStates.list(owner, channel.id)
    return {
      channelId: channel.id,
      name,
      rootCategoryId: channel.category_id,
      categoryIds,
      stateIds: states.map((state) => state.id),
      severity: {
        id: field("Severity").id,
        key: field("Severity").key,
        options: optionsOf(field("Severity").data),
      },
      side: { key: field("Side of the road").key, options: optionsOf(field("Side of the road").data) },
      notesKey: field("Notes").key,
      photosKey: field("Photos").key,
    } satisfies ChannelSetup
  })

/** The city cut into a grid of `count` rectangular suburbs, row by row from the south-west. */
const suburbs = (count: number): ReadonlyArray<string> => {
  const columns = Math.ceil(Math.sqrt(count))
  const rows = Math.ceil(count / columns)
  const width = (city.east - city.west) / columns
  const height = (city.north - city.south) / rows
  return Array.from({ length: count }, (_, index) => {
    const west = city.west + (index % columns) * width
    const south = city.south + Math.floor(index / columns) * height
    const [east, north] = [west + width, south + height]
    return `POLYGON ((${west} ${south}, ${east} ${south}, ${east} ${north}, ${west} ${north}, ${west} ${south}))`
  })
}

/**
 * Makes, through the API's services, the owner (a person who logs in with {@link password}), the
 * team, `scenario.channels` channels with their forms and categories, and `scenario.shapes`
 * suburbs as shapes of the branded app; all dated the start of the two years. Needs the default
 * branded app, which the API's `Bootstrap` makes.
 *
 * @example
 * ```ts
 * const setup = await server.runtime.runPromise(scaffold(scenario))
 * ```
 */
export const scaffold = (scenario: Scenario) =>
  Effect.gen(function* () {
    const config = yield* AppConfig
    const apps = yield* BrandedAppStore
    const app = yield* apps.findByBundleId(config.bootstrapApp)
    if (app === undefined)
      return yield* Effect.die(`no branded app ${config.bootstrapApp}: run Bootstrap first`)
    const teams = yield* Teams
    const shapes = yield* Shapes
    const user = yield* (yield* UserStore).insert({
      email: "owner@generated.example.com",
      first_name: "Olive",
      last_name: "Owner",
      password_hash: yield* hashPassword(password),
      admin: false,
    })
    // Shapes are the app's, managed by its administrators: the owner of the city's team is one.
    yield* apps.addAdministrator(app.id, user.id)
    const as = (teamId?: number): Actor => ({ user, app, teamId, session: undefined })
    const { team } = yield* teams.create(
      as(),
      valid(TeamCreate, { name: "Auckland streets", industry: "Council", location: "Auckland" }),
    )
    const channels: Array<ChannelSetup> = []
    for (let index = 0; index < Math.max(1, scenario.channels ?? 1); index++) {
      channels.push(yield* scaffoldChannel(as(team.id), team.id, channelName(index)))
    }
    const shapeIds: Array<number> = []
    for (const [index, geom] of suburbs(scenario.shapes ?? 0).entries()) {
      const shape = yield* shapes.create(
        as(team.id),
        valid(ShapeCreate, {
          geom,
          metadata: { display: [`Suburb ${index + 1}`], raw: { suburb: index + 1 } },
        }),
      )
      shapeIds.push(shape.id)
    }
    return {
      ...at(channels, 0),
      teamId: team.id,
      owner: { id: user.id, email: user.email, password },
      channels,
      shapeIds,
    } satisfies Setup
  }).pipe(Effect.orDie, Effect.provideService(Clock.Clock, stoppedAt(Date.parse(period.start))))

/**
 * Logs in to the default app over HTTP and answers the access token.
 *
 * @example
 * ```ts
 * const token = await login(server.url, setup.owner.email, setup.owner.password)
 * ```
 */
export const login = async (url: string, email: string, password: string): Promise<string> => {
  const response = await fetch(`${url}/api/v4/session`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ session: { app_bundle_id: "com.fieldreport.app", email, password } }),
  })
  const text = await response.text()
  if (!response.ok) throw new Error(`POST /api/v4/session: ${response.status} ${text}`)
  return (JSON.parse(text) as { session: { access_token: string } }).session.access_token
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

/**
 * The e-mail address of the member at an index (from 0): members log in with it and {@link password}.
 *
 * @example
 * ```ts
 * const token = await login(url, memberEmail(0), password)
 * ```
 */
export const memberEmail = (index: number): string => `member-${index + 1}@generated.example.com`

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
 * of those reports, into the channels {@link scaffold} made; `progress` hears a line now and then.
 *
 * - Members are team members and reporters of every channel who agreed to join, and log in with
 *   {@link password}; those with an alert area have `alert: true` in every channel, the first
 *   `followers` of them `follow: true`.
 * - Alert areas: half circles of 200 m to 3 km, half polygons of 5 to 12 vertices as large, one in
 *   ten of those with a hole; centres uniform over the city.
 * - Reports: filed uniformly over the two years (in id order, as the API files them), in channel `k`
 *   (from 0) in proportion to `1 / (k + 1)` (with four channels 48%, 24%, 16% and 12%), two in three
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
    const [owner] = yield* sql<{
      password_hash: string
    }>`SELECT password_hash FROM users WHERE id = ${setup.owner.id}`
    const passwordHash = owner?.password_hash ?? null
    // A larger page cache while the indexes grow; the benchmark's server opens its own connection.
    yield* sql.unsafe("PRAGMA cache_size = -262144")

    // Members.
    const memberIds: Array<number> = []
    yield* inTransactions(sql, scenario.members, "members", progress, (from, to) =>
      Effect.gen(function* () {
        const users = Array.from(
          { length: to - from },
          (_, offset): ReadonlyArray<Value> => [
            memberEmail(from + offset),
            pick(random, firstNames),
            pick(random, lastNames),
            passwordHash,
            createdAt,
          ],
        )
        const ids = (yield* insertRows<{ id: number }>(
          sql,
          "users",
          ["email", "first_name", "last_name", "password_hash", "created_at"],
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
          setup.channels.flatMap((channel) => ids.map((id) => [channel.channelId, id, "reporter"])),
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
        yield* insertRows(
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
        setup.channels.flatMap((channel) =>
          memberIds
            .slice(from, to)
            .map((id, offset) => [
              channel.channelId,
              id,
              1,
              from + offset < scenario.followers ? 1 : 0,
              alerted.has(id) ? 1 : 0,
            ]),
        ),
      ).pipe(Effect.asVoid),
    )

    // Reports, in the order they were filed.
    const start = Date.parse(period.start)
    const span = Date.parse(period.end) - start
    const hotSpots = Array.from({ length: 40 }, () => cityPosition(random))
    const reportIds = new Float64Array(scenario.reports)
    const reportTimes = new Float64Array(scenario.reports)
    const reportChannels = new Float64Array(scenario.reports)
    // Channel k's share is 1 / (k + 1) of the whole, normalised: a few busy channels, more quiet ones.
    const weights = setup.channels.map((_, index) => 1 / (index + 1))
    const bounds = weights.map(
      (_, index) =>
        weights.slice(0, index + 1).reduce((sum, weight) => sum + weight, 0) /
        weights.reduce((a, b) => a + b, 0),
    )
    const channelOf = (draw: number): ChannelSetup =>
      at(
        setup.channels,
        Math.max(
          0,
          bounds.findIndex((bound) => draw < bound),
        ),
      )
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
          const channel = channelOf(random())
          reportChannels[index] = channel.channelId
          return {
            filedAt,
            position,
            channel,
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
          const channel = draft.channel
          const categoryIndex = random() < 0.1 ? -1 : Math.floor(random() * channel.categoryIds.length)
          const age = (start + span - draft.filedAt) / span
          const state =
            random() < age ? channel.stateIds[2] : random() < 0.5 ? channel.stateIds[1] : channel.stateIds[0]
          const notes = `${pick(random, ["Broken", "Blocked", "Damaged", "Missing", "Leaking"])} near ${
            1 + Math.floor(random() * 400)
          } ${pick(random, streets)}`
          const answers = {
            [channel.severity.key]: pick(random, channel.severity.options),
            [channel.side.key]: pick(random, channel.side.options),
            [channel.notesKey]: notes,
            ...(photos.length === 0 ? {} : { [channel.photosKey]: photos }),
          }
          return [
            channel.channelId,
            uuidOf(random),
            draft.userId,
            random() < 0.02 ? 1 : 0,
            // The title the API derives: the text answer, then the category's path up to the root.
            [notes, ...(categoryIndex < 0 ? [] : [at(categoryNames, categoryIndex)]), channel.name].join(
              ", ",
            ),
            draft.position[1],
            draft.position[0],
            categoryIndex < 0 ? channel.rootCategoryId : at(channel.categoryIds, categoryIndex),
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
        photoCursor = 0
        yield* insertRows(
          sql,
          "report_attachments",
          ["attachment_id", "report_id", "channel_id", "field_key"],
          ids.flatMap(({ id }, offset) => {
            const { photos: count, channel } = at(drafts, offset)
            const photos = photoIds.slice(photoCursor, photoCursor + count)
            photoCursor += photos.length
            return photos.map((photoId) => [photoId, id, channel.channelId, channel.photosKey])
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
          at(reportChannels, report),
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
            at(reportChannels, report),
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
