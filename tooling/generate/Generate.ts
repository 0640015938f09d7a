/**
 * The data generator: fills a Fieldreport database with a team of a city-sized area, its channels,
 * their members, two years of reports with form answers and photos, the members' alert areas, the
 * branded app's shapes, and some of the notifications and reads those reports would have had.
 * Deterministic from a seed. The command is `command.ts` next to this file; the analytics and
 * alerts benchmark and the load benchmark use it.
 *
 * It writes through the API's seeder (`@fieldreport/api/seed/Seed`), never HTTP, in two steps:
 *
 * - {@link scaffold} makes the owner, the team, the channels with their forms and categories, and
 *   the branded app's shapes through the API's services, so they are exactly what a client would
 *   have made;
 * - {@link fill} makes the bulk through the seeder's bulk writes, in transactions of many rows:
 *   the rows the API would write, with every trigger and index of the schema doing its work.
 */

import type {
  NotificationSeed,
  Person,
  PersonDetails,
  ReportSeed,
  SeededChannel,
  Seeder,
} from "@fieldreport/api/seed/Seed"
import * as FieldreportClient from "@fieldreport/client/FieldreportClient"
import { choiceOptions, type FormField } from "@fieldreport/domain/FormField"
import * as GreatCircle from "@fieldreport/domain/GreatCircle"
import type { Position } from "@fieldreport/domain/Position"
import { pick, type Random, seeded } from "@fieldreport/domain/SeededRandom"
import { Effect } from "effect"

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
 * A uniformly random position in the city.
 *
 * @example
 * ```ts
 * const [longitude, latitude] = cityPosition(seeded(1))
 * ```
 */
export const cityPosition = (random: Random): Position => [
  city.west + random() * (city.east - city.west),
  city.south + random() * (city.north - city.south),
]

/** The item at an index that is known to exist (`noUncheckedIndexedAccess` cannot know it). */
const at = <A>(items: ArrayLike<A>, index: number): A => {
  const item = items[index]
  if (item === undefined) throw new Error(`no item at ${index}`)
  return item
}

/** Metres between `low` and `high`, uniform in their logarithm: many small areas, some large. */
const logUniform = (random: Random, low: number, high: number): number =>
  Math.round(low * (high / low) ** random())

// ---------------------------------------------------------------------------------------------
// Scaffold, through the API's services

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

/** Makes a channel of the team, its form (a Category, a DropDown, a Radio, a text and an Image field) and seven categories. */
const scaffoldChannel = (seeder: Seeder, owner: Person, teamId: number, name: string, at: number) =>
  Effect.gen(function* () {
    const channel = yield* seeder.channel(
      owner,
      teamId,
      {
        name,
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
        keepDefaultFields: false,
        categories: Object.fromEntries(categoryNames.map((categoryName) => [categoryName, []])),
        pinColors: ["#3a7d44"],
      },
      at,
    )
    return channelSetup(channel)
  })

/** What a benchmark needs to know of a channel the seeder made. */
const channelSetup = (channel: SeededChannel): ChannelSetup => {
  const field = (label: string): FormField => {
    const found = channel.fields.find((candidate) => candidate.label === label)
    if (found === undefined) throw new Error(`the form has no ${label} field`)
    return found
  }
  const optionsOf = (label: string) => choiceOptions(field(label)).map((option) => option.value)
  return {
    channelId: channel.id,
    name: channel.name,
    rootCategoryId: channel.rootCategoryId,
    categoryIds: channel.categories.filter((category) => category.parentId !== null).map(({ id }) => id),
    stateIds: channel.states.map((state) => state.id),
    severity: { id: field("Severity").id, key: field("Severity").key, options: optionsOf("Severity") },
    side: { key: field("Side of the road").key, options: optionsOf("Side of the road") },
    notesKey: field("Notes").key,
    photosKey: field("Photos").key,
  }
}

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
 * Makes, through the API's services, the owner (a person who logs in with {@link password}, and
 * an administrator of the default branded app, whose shapes they manage), the team,
 * `scenario.channels` channels with their forms and categories, and `scenario.shapes` suburbs as
 * shapes of the branded app; all dated the start of the two years.
 *
 * @example
 * ```ts
 * const setup = await seedDatabase({ dataDir }, (seeder) => scaffold(seeder, scenario))
 * ```
 */
export const scaffold = (seeder: Seeder, scenario: Scenario): Effect.Effect<Setup> =>
  Effect.gen(function* () {
    const start = Date.parse(period.start)
    const owner = yield* seeder.person(
      { email: "owner@generated.example.com", first_name: "Olive", last_name: "Owner" },
      yield* seeder.hashPassword(password),
      start,
    )
    yield* seeder.appAdministrator(owner, start)
    const teamId = yield* seeder.team(
      owner,
      { name: "Auckland streets", industry: "Council", location: "Auckland" },
      start,
    )
    const channels: Array<ChannelSetup> = []
    for (let index = 0; index < Math.max(1, scenario.channels ?? 1); index++) {
      channels.push(yield* scaffoldChannel(seeder, owner, teamId, channelName(index), start))
    }
    const shapeIds: Array<number> = []
    for (const [index, geom] of suburbs(scenario.shapes ?? 0).entries()) {
      const metadata = { display: [`Suburb ${index + 1}`], raw: { suburb: index + 1 } }
      shapeIds.push(yield* seeder.shape(owner, teamId, { geom, metadata }, start))
    }
    return {
      ...at(channels, 0),
      teamId,
      owner: { id: owner.id, email: owner.email, password },
      channels,
      shapeIds,
    }
  })

/**
 * Logs in to the default app over HTTP and answers the access token.
 *
 * @example
 * ```ts
 * const token = await login(server.url, setup.owner.email, setup.owner.password)
 * ```
 */
export const login = async (url: string, email: string, password: string): Promise<string> => {
  const session = await Effect.runPromise(
    FieldreportClient.make({ baseUrl: url }).login({ app_bundle_id: "com.fieldreport.app", email, password }),
  )
  return session.access_token
}

// ---------------------------------------------------------------------------------------------
// Bulk fill, through the seeder's bulk writes

/** A version 4 UUID from the generator. */
const uuidOf = (random: Random): string => {
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

/** A circle or a polygon (sometimes with a hole) of the city, as the body of an alert area create. */
const areaBody = (random: Random): { area: string; radius?: number } => {
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
 * Writes the members, their alert areas, the reports with their photos, then notifications and
 * reads of those reports, into the channels {@link scaffold} made; `progress` hears a line now and
 * then.
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
 * const filled = yield* fill(seeder, setup, scenario, console.log)
 * ```
 */
export const fill = (
  seeder: Seeder,
  setup: Setup,
  scenario: Scenario,
  progress: (line: string) => void,
): Effect.Effect<Filled> =>
  Effect.gen(function* () {
    const random = seeded(scenario.seed)
    const start = Date.parse(period.start)
    const span = Date.parse(period.end) - start
    const passwordHash = yield* seeder.hashPassword(password)

    // Members.
    const memberIds: Array<number> = []
    yield* seeder.inTransactions(scenario.members, "members", progress, (from, to) =>
      Effect.gen(function* () {
        const people = Array.from(
          { length: to - from },
          (_, offset): PersonDetails => ({
            email: memberEmail(from + offset),
            first_name: pick(random, firstNames),
            last_name: pick(random, lastNames),
          }),
        )
        const ids = yield* seeder.people(people, passwordHash, start)
        memberIds.push(...ids)
        yield* seeder.teamMembers(
          setup.teamId,
          ids.map((userId) => ({ userId, role: "team_member" })),
          start,
        )
        yield* seeder.channelMembers(
          setup.channels.flatMap((channel) =>
            ids.map((userId) => ({ channelId: channel.channelId, userId, role: "reporter" })),
          ),
        )
      }),
    )

    // Alert areas, each of a random member.
    const owners = Array.from({ length: scenario.areas }, () => pick(random, memberIds))
    yield* seeder.inTransactions(scenario.areas, "alert areas", progress, (from, to) =>
      seeder.alertAreas(
        owners.slice(from, to).map((userId) => ({ userId, area: areaBody(random) })),
        start,
      ),
    )

    // Channel selections: alerts for members with an area, follow for the first `followers`.
    const alerted = new Set(owners)
    yield* seeder.inTransactions(memberIds.length, "selections", progress, (from, to) =>
      seeder.selections(
        setup.channels.flatMap((channel) =>
          memberIds.slice(from, to).map((userId, offset) => ({
            channelId: channel.channelId,
            userId,
            view: true,
            follow: from + offset < scenario.followers,
            alert: alerted.has(userId),
          })),
        ),
      ),
    )

    // Reports, in the order they were filed.
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
    /** The report at `index`, drawn whole, so that the data is the same however it is written. */
    const report = (index: number): ReportSeed => {
      // One report in each equal slice of the two years, anywhere in its slice: uniform and in order.
      const filedAt = start + Math.floor(((index + random()) * span) / scenario.reports)
      reportTimes[index] = filedAt
      const position: Position =
        random() < 2 / 3
          ? GreatCircle.destination(pick(random, hotSpots), random() * 360, logUniform(random, 10, 2_000))
          : cityPosition(random)
      const channel = channelOf(random())
      reportChannels[index] = channel.channelId
      const photos = Array.from({ length: shareOf(scenario.images, index) }, () => ({
        byteSize: 180_000 + Math.floor(random() * 400_000),
        key: uuidOf(random),
        at: filedAt - 60_000,
      }))
      const categoryIndex = random() < 0.1 ? -1 : Math.floor(random() * channel.categoryIds.length)
      const age = (start + span - filedAt) / span
      const state =
        random() < age ? channel.stateIds[2] : random() < 0.5 ? channel.stateIds[1] : channel.stateIds[0]
      const notes = `${pick(random, ["Broken", "Blocked", "Damaged", "Missing", "Leaking"])} near ${
        1 + Math.floor(random() * 400)
      } ${pick(random, streets)}`
      return {
        channelId: channel.channelId,
        uuid: uuidOf(random),
        userId: pick(random, memberIds),
        anonymous: random() < 0.02,
        categoryId: categoryIndex < 0 ? channel.rootCategoryId : at(channel.categoryIds, categoryIndex),
        stateId: state ?? at(channel.stateIds, 0),
        location: { latitude: position[1], longitude: position[0] },
        answers: {
          [channel.severity.key]: pick(random, channel.severity.options),
          [channel.side.key]: pick(random, channel.side.options),
          [channel.notesKey]: notes,
        },
        photos,
        at: filedAt,
      }
    }
    yield* seeder.inTransactions(scenario.reports, "reports", progress, (from, to) =>
      Effect.gen(function* () {
        const reports = Array.from({ length: to - from }, (_, offset) => report(from + offset))
        const ids = yield* seeder.reports(reports)
        ids.forEach((id, offset) => {
          reportIds[from + offset] = id
        })
      }),
    )

    /** The report (its index) of row `row` of `total` rows spread evenly over the reports. */
    const reportOf = (total: number, row: number): number => Math.floor((row * scenario.reports) / total)

    // Notifications: a member at most once per report (rows come report by report), so a
    // repeated pick is skipped.
    let notifications = 0
    let notifiedReport = -1
    const notified = new Set<number>()
    yield* seeder.inTransactions(scenario.notifications, "notifications", progress, (from, to) => {
      const rows: Array<NotificationSeed> = []
      for (let row = from; row < to; row++) {
        const report = reportOf(scenario.notifications, row)
        if (report !== notifiedReport) {
          notifiedReport = report
          notified.clear()
        }
        const userId = pick(random, memberIds)
        if (notified.has(userId)) continue
        notified.add(userId)
        rows.push({
          userId,
          reportId: at(reportIds, report),
          channelId: at(reportChannels, report),
          read: random() < 0.4,
          at: at(reportTimes, report),
        })
      }
      notifications += rows.length
      return seeder.notifications(rows)
    })

    // Reads: opened within three days of the report, never after the two years.
    yield* seeder.inTransactions(scenario.reads, "reads", progress, (from, to) =>
      seeder.reads(
        Array.from({ length: to - from }, (_, offset) => {
          const report = reportOf(scenario.reads, from + offset)
          const filedAt = at(reportTimes, report)
          return {
            reportId: at(reportIds, report),
            channelId: at(reportChannels, report),
            userId: pick(random, memberIds),
            at: Math.min(start + span - 1, filedAt + random() * 3 * 86_400_000),
          }
        }),
      ),
    )

    progress("  analysing the tables for the query planner")
    yield* seeder.analyze
    return {
      users: memberIds.length,
      reports: scenario.reports,
      alertAreas: scenario.areas,
      notifications,
      reads: scenario.reads,
      images: scenario.images,
    }
  })
