/**
 * The seeder: how made-up data is written into the API's database, for the demo's first start
 * (`services/Demo.ts`) and, through the public entry `Seed.ts`, for the data generator.
 *
 * Everything it writes is dated at an instant the caller gives (`at`, milliseconds since the
 * epoch), and made in one of two ways:
 *
 * - through the API's services, as a client's requests would make it, so it obeys every rule a
 *   client's does: people, a team, channels with their forms, categories and states, shapes,
 *   photos, and single reports with their state changes and notes;
 * - in bulk through `SeedStore`, for the hundreds of thousands of rows a benchmark needs:
 *   people, memberships, selections, alert areas, reports with their photos, notifications and
 *   reads, in transactions of many rows ({@link Seeder.inTransactions}). Their bodies are decoded
 *   and their derived columns (a report's title, an area's canonical WKT) made as the services
 *   make them; a bulk report is placed in none of the branded app's shapes, and starts no job.
 *
 * Bodies are the API's request bodies, decoded as the API decodes them (a report's, as decoded). A
 * body that does not decode, or a write a service refuses, is a defect of the seed data, not an
 * error to handle.
 */
import { Readable } from "node:stream"
import * as AlertArea from "@fieldreport/domain/AlertArea"
import { CategoryCreate } from "@fieldreport/domain/Category"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import { ChannelCreate } from "@fieldreport/domain/Channel"
import { type FieldDefinition, FormDefinition } from "@fieldreport/domain/Form"
import type { FormField } from "@fieldreport/domain/FormField"
import { decodeInput } from "@fieldreport/domain/Invalid"
import { NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import { type AnswerValue, type ReportCreate, ReportUpdate } from "@fieldreport/domain/Report"
import { ReportStateCreate } from "@fieldreport/domain/ReportStateRecord"
import * as ReportTitle from "@fieldreport/domain/ReportTitle"
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { ShapeCreate } from "@fieldreport/domain/Shape"
import { TeamCreate } from "@fieldreport/domain/Team"
import { Clock, Effect, Result, type Schema } from "effect"
import { SqlClient } from "effect/sql"
import { hashPassword } from "../auth/Password.ts"
import { AppConfig } from "../Config.ts"
import { Attachments } from "../services/Attachments.ts"
import type { Actor } from "../services/Authentication.ts"
import { Categories } from "../services/Categories.ts"
import { Channels } from "../services/Channels.ts"
import { Comments } from "../services/Comments.ts"
import { Forms, formFieldOf } from "../services/Forms.ts"
import { ReportStates } from "../services/ReportStates.ts"
import { Reports } from "../services/Reports.ts"
import { Shapes } from "../services/Shapes.ts"
import { Teams } from "../services/Teams.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { CategoryStore } from "../store/CategoryStore.ts"
import { FormStore } from "../store/FormStore.ts"
import * as SeedStore from "../store/SeedStore.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { manualClock } from "./ManualClock.ts"

/**
 * Rows written in one transaction by {@link Seeder.inTransactions}, by engine. PostgreSQL keeps
 * every version of a row a transaction updates until it ends, and the count triggers update the
 * same few rows (a channel's, a quarter's) for every report, notification and read: in a long
 * transaction each update walks a longer chain of versions, so it commits more often.
 */
const transactionRows = { sqlite: 20_000, postgres: 1_000 } as const

/** A person the seeder made: they log in with the password whose hash they were made with. */
export type Person = UserRow

/** Who a person is. */
export interface PersonDetails {
  readonly email: string
  readonly first_name: string
  readonly last_name: string
}

/** A channel to make: its form, its categories and its states. */
export interface ChannelPlan {
  readonly name: string
  /** The form's fields, as in its request body; the form is named after the channel. */
  readonly fields: ReadonlyArray<typeof FieldDefinition.Encoded>
  /** Whether `fields` follow the default Category, Description and Image fields, or replace them. */
  readonly keepDefaultFields: boolean
  /** Categories by name, each with the names of its sub-categories, in order. */
  readonly categories: Readonly<Record<string, ReadonlyArray<string>>>
  /** The pin colours of the categories, taken in turn by each category and its sub-categories. */
  readonly pinColors: ReadonlyArray<string>
  /** States beyond the default New, In progress and Resolved, as in their request bodies. */
  readonly states?: ReadonlyArray<Omit<typeof ReportStateCreate.Encoded, "channel_id">>
}

/** A category the seeder made, or the channel's root category (`parentId` null). */
export interface SeededCategory {
  readonly id: number
  readonly name: string
  readonly parentId: number | null
  /** Whether it has no sub-categories. */
  readonly leaf: boolean
}

/** What the seeder made of a {@link ChannelPlan}. */
export interface SeededChannel {
  readonly id: number
  readonly name: string
  readonly rootCategoryId: number
  /** The root category first, then the plan's in order, each parent before its sub-categories. */
  readonly categories: ReadonlyArray<SeededCategory>
  /** The channel's states in position order: New, In progress, Resolved, then the plan's. */
  readonly states: ReadonlyArray<{ readonly id: number; readonly name: string }>
  /** The form's fields in order. */
  readonly fields: ReadonlyArray<FormField>
}

/** A photo of a bulk report: an image whose file was never stored, with its renditions ready. */
export interface PhotoSeed {
  readonly byteSize: number
  /** Unique among the photos: names its storage key, `seeded/<key>`. */
  readonly key: string
  readonly at: number
}

/**
 * A report written in bulk, with its photos in the channel's first Image field. Its title is
 * derived from the channel's categories and form as they are at the channel's first bulk report.
 */
export interface ReportSeed {
  readonly channelId: number
  readonly userId: number
  readonly anonymous: boolean
  readonly categoryId: number
  readonly stateId: number
  readonly location: { readonly latitude: number; readonly longitude: number }
  /** The answers by field key, but the photos. */
  readonly answers: Readonly<Record<string, AnswerValue>>
  readonly photos: ReadonlyArray<PhotoSeed>
  readonly uuid: string
  readonly at: number
}

/** A member's choice about a channel: what they see, follow, and are alerted of. */
export interface SelectionSeed {
  readonly channelId: number
  readonly userId: number
  readonly view: boolean
  readonly follow: boolean
  readonly alert: boolean
}

/** An alert area of a member, as the body of its create: a point with a radius, or a polygon. */
export interface AlertAreaSeed {
  readonly userId: number
  readonly area: { readonly area: string; readonly radius?: number }
}

export interface NotificationSeed {
  readonly userId: number
  readonly reportId: number
  readonly channelId: number
  readonly read: boolean
  readonly at: number
}

/** A member's opening of a report. */
export interface ReadSeed {
  readonly reportId: number
  readonly channelId: number
  readonly userId: number
  readonly at: number
}

/** What the seeder does; see the module's header for which writes go through the services. */
export interface Seeder {
  /** The stored form of a password, for people made with it: hashing takes a while, so once for many. */
  readonly hashPassword: (password: string) => Effect.Effect<string>
  /** The person with the e-mail address: the one there is, or a new one who logs in with the password. */
  readonly person: (details: PersonDetails, passwordHash: string, at: number) => Effect.Effect<Person>
  /** Makes the person an administrator of the default branded app, who manages its shapes. */
  readonly appAdministrator: (person: Person, at: number) => Effect.Effect<void>
  /** A team the person owns; answers its id. */
  readonly team: (owner: Person, body: typeof TeamCreate.Encoded, at: number) => Effect.Effect<number>
  /** A channel of the team, made by one of its managers (who administers it) as the plan says. */
  readonly channel: (
    owner: Person,
    teamId: number,
    plan: ChannelPlan,
    at: number,
  ) => Effect.Effect<SeededChannel>
  /** A shape of the default branded app, made by one of its administrators; answers its id. */
  readonly shape: (
    owner: Person,
    teamId: number,
    body: typeof ShapeCreate.Encoded,
    at: number,
  ) => Effect.Effect<number>
  /** An uploaded photo of the person's (a JPEG or PNG), its renditions made by a job; answers its id. */
  readonly photo: (owner: Person, filename: string, bytes: Uint8Array, at: number) => Effect.Effect<number>
  /** A report the person files, as the API reads its request body; answers its id. */
  readonly fileReport: (
    author: Person,
    teamId: number,
    body: ReportCreate,
    at: number,
  ) => Effect.Effect<number>
  /** Moves a report to another state, as the person. */
  readonly moveReport: (
    by: Person,
    teamId: number,
    reportId: number,
    stateId: number,
    at: number,
  ) => Effect.Effect<void>
  /** A note the person adds to a report. */
  readonly note: (
    by: Person,
    teamId: number,
    reportId: number,
    body: typeof NoteCommentCreate.Encoded,
    at: number,
  ) => Effect.Effect<void>
  /** People in bulk, who log in with the password; answers their ids in order. */
  readonly people: (
    people: ReadonlyArray<PersonDetails>,
    passwordHash: string,
    at: number,
  ) => Effect.Effect<ReadonlyArray<number>>
  /** Members of a team, in bulk, who agreed to join. */
  readonly teamMembers: (
    teamId: number,
    members: ReadonlyArray<{ readonly userId: number; readonly role: TeamRole }>,
    at: number,
  ) => Effect.Effect<void>
  /** Members of channels, in bulk. */
  readonly channelMembers: (
    members: ReadonlyArray<{
      readonly channelId: number
      readonly userId: number
      readonly role: ChannelRole
    }>,
  ) => Effect.Effect<void>
  readonly selections: (selections: ReadonlyArray<SelectionSeed>) => Effect.Effect<void>
  readonly alertAreas: (areas: ReadonlyArray<AlertAreaSeed>, at: number) => Effect.Effect<void>
  /** Reports in bulk, their photos first; answers their ids in order. */
  readonly reports: (reports: ReadonlyArray<ReportSeed>) => Effect.Effect<ReadonlyArray<number>>
  readonly notifications: (notifications: ReadonlyArray<NotificationSeed>) => Effect.Effect<void>
  readonly reads: (reads: ReadonlyArray<ReadSeed>) => Effect.Effect<void>
  /**
   * Writes `total` rows in transactions (of 20,000 rows on SQLite, 1,000 on PostgreSQL, see
   * `transactionRows`): `write(from, to)` writes rows `[from, to)`. `progress` hears how far it
   * got at every 200,000 rows and at the end.
   */
  readonly inTransactions: <R>(
    total: number,
    label: string,
    progress: (line: string) => void,
    write: (from: number, to: number) => Effect.Effect<void, never, R>,
  ) => Effect.Effect<void, never, R>
  /** Gathers the tables' statistics for the query planner, as is due after writing in bulk. */
  readonly analyze: Effect.Effect<void>
}

/** What writing a channel's bulk reports reads of it. */
interface ChannelContext {
  readonly fields: ReadonlyArray<FormField>
  /** The key of the first Image field, which holds a report's photos. */
  readonly imageKey: string | undefined
  /** Each category's path up to the root, by id: the names a derived title ends with. */
  readonly paths: ReadonlyMap<number, ReadonlyArray<string>>
}

const iso = (millis: number): string => new Date(millis).toISOString()

/** Runs an effect with the wall clock stopped at `at`: what it writes as "now" is then. */
const dated =
  (at: number) =>
  <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.provideService(effect, Clock.Clock, manualClock(iso(at)).clock)

/** A request body decoded as the API decodes it; a seeder's bodies are always valid. */
const valid = <S extends Schema.Decoder<unknown>>(schema: S, input: unknown): Effect.Effect<S["Type"]> => {
  const decoded = decodeInput(schema, input)
  return Result.isSuccess(decoded)
    ? Effect.succeed(decoded.success)
    : Effect.die(`a seeded body does not decode: ${JSON.stringify(decoded.failure.errors)}`)
}

const seconds = (since: number): string => `${((performance.now() - since) / 1000).toFixed(1)} s`

/**
 * A seeder on the API's services and stores, writing into the default branded app (which
 * `Bootstrap` makes before anything is seeded).
 *
 * @example
 * ```ts
 * const seeder = yield* Seeder.make
 * const owner = yield* seeder.person({ email: "olive@example.com", first_name: "Olive", last_name: "Owner" }, hash, now)
 * ```
 */
export const make = Effect.gen(function* () {
  const config = yield* AppConfig
  const sql = yield* SqlClient.SqlClient
  const apps = yield* BrandedAppStore
  const users = yield* UserStore
  const store = yield* SeedStore.make
  const categoryStore = yield* CategoryStore
  const formStore = yield* FormStore
  const teams = yield* Teams
  const channels = yield* Channels
  const forms = yield* Forms
  const categories = yield* Categories
  const reportStates = yield* ReportStates
  const shapes = yield* Shapes
  const attachments = yield* Attachments
  const reports = yield* Reports
  const comments = yield* Comments

  const rowsPerTransaction = sql.onDialectOrElse({
    pg: () => transactionRows.postgres,
    orElse: () => transactionRows.sqlite,
  })

  const app = yield* Effect.cached(
    Effect.flatMap(apps.findByBundleId(config.bootstrapApp), (found) =>
      found === undefined
        ? Effect.die(`no branded app ${config.bootstrapApp}: run Bootstrap before seeding`)
        : Effect.succeed(found),
    ),
  )
  const actor = (user: Person, teamId?: number): Effect.Effect<Actor> =>
    Effect.map(app, (found) => ({ user, app: found, teamId, session: undefined }))

  /** What writing a channel's bulk reports reads of it, read once: its categories and its form. */
  const channelContexts = new Map<number, ChannelContext>()
  const contextsOf = (channelIds: ReadonlyArray<number>) =>
    Effect.gen(function* () {
      for (const channelId of new Set(channelIds)) {
        if (channelContexts.has(channelId)) continue
        const form = yield* formStore.findByChannel(channelId)
        if (form === undefined) return yield* Effect.die(`no channel ${channelId} to seed reports into`)
        const fields = (yield* formStore.fields(form.id, { removed: false })).map(formFieldOf)
        const tree = yield* categoryStore.listOfChannel(channelId)
        channelContexts.set(channelId, {
          fields,
          imageKey: fields.find((field) => field.field_type === "Image")?.key,
          paths: new Map(
            tree.map((category) => [
              category.id,
              CategoryTree.path(tree, category.id).map((step) => step.name),
            ]),
          ),
        })
      }
      return (channelId: number): ChannelContext => channelContexts.get(channelId)!
    })

  const channel: Seeder["channel"] = (owner, teamId, plan, at) =>
    Effect.gen(function* () {
      const as = yield* actor(owner, teamId)
      const made = yield* channels.create(
        as,
        yield* valid(ChannelCreate, { name: plan.name, team_id: teamId }),
      )
      const tree: Array<Omit<SeededCategory, "leaf">> = [
        { id: made.category_id, name: plan.name, parentId: null },
      ]
      for (const [position, [name, children]] of Object.entries(plan.categories).entries()) {
        const color = plan.pinColors[position % plan.pinColors.length]
        const pin = color === undefined ? {} : { pin_color: color }
        const parent = yield* categories.create(as, made.id, yield* valid(CategoryCreate, { name, ...pin }))
        tree.push({ id: parent.category.id, name, parentId: made.category_id })
        for (const child of children) {
          const body = { name: child, parent_id: parent.category.id, ...pin }
          const created = yield* categories.create(as, made.id, yield* valid(CategoryCreate, body))
          tree.push({ id: created.category.id, name: child, parentId: parent.category.id })
        }
      }
      const defaults = plan.keepDefaultFields ? (yield* forms.get(as, made.id)).fields : []
      const kept = defaults.map((field) => ({
        id: field.id,
        label: field.label,
        field_type: field.field_type,
        mandatory: field.mandatory === 1,
        field_visibility: field.field_visibility,
        data: field.data,
      }))
      const form = yield* valid(FormDefinition, {
        name: `${plan.name} report`,
        fields: [...kept, ...plan.fields],
      })
      const { fields } = yield* forms.replace(as, made.id, form)
      for (const state of plan.states ?? []) {
        yield* reportStates.create(as, yield* valid(ReportStateCreate, { ...state, channel_id: made.id }))
      }
      const states = yield* reportStates.list(as, made.id)
      return {
        id: made.id,
        name: plan.name,
        rootCategoryId: made.category_id,
        categories: tree.map((category) => ({
          ...category,
          leaf: !tree.some((other) => other.parentId === category.id),
        })),
        states: states.map((state) => ({ id: state.id, name: state.name })),
        fields: fields.filter((field) => field.removed === 0).map(formFieldOf),
      }
    }).pipe(Effect.orDie, dated(at))

  const seeder: Seeder = {
    hashPassword: (password) => hashPassword(password),
    person: (details, passwordHash, at) =>
      Effect.gen(function* () {
        const existing = yield* users.findByEmail(details.email)
        const { email, first_name, last_name } = details
        return (
          existing ??
          (yield* users.insert({ email, first_name, last_name, password_hash: passwordHash, admin: false }))
        )
      }).pipe(dated(at)),
    appAdministrator: (person, at) =>
      Effect.flatMap(app, (found) => apps.addAdministrator(found.id, person.id)).pipe(
        Effect.asVoid,
        dated(at),
      ),
    team: (owner, body, at) =>
      Effect.gen(function* () {
        const { team } = yield* teams.create(yield* actor(owner), yield* valid(TeamCreate, body))
        return team.id
      }).pipe(Effect.orDie, dated(at)),
    channel,
    shape: (owner, teamId, body, at) =>
      Effect.gen(function* () {
        const shape = yield* shapes.create(yield* actor(owner, teamId), yield* valid(ShapeCreate, body))
        return shape.id
      }).pipe(Effect.orDie, dated(at)),
    photo: (owner, filename, bytes, at) =>
      Effect.gen(function* () {
        const upload = { userId: owner.id, filename, content: Readable.from([bytes]) }
        return (yield* attachments.upload(upload)).id
      }).pipe(Effect.orDie, dated(at)),
    fileReport: (author, teamId, body, at) =>
      Effect.gen(function* () {
        const { report } = yield* reports.create(yield* actor(author, teamId), body)
        return report.id
      }).pipe(Effect.orDie, dated(at)),
    moveReport: (by, teamId, reportId, stateId, at) =>
      Effect.gen(function* () {
        const changes = yield* valid(ReportUpdate, { report_state_id: stateId })
        yield* reports.update(yield* actor(by, teamId), reportId, changes)
      }).pipe(Effect.orDie, dated(at)),
    note: (by, teamId, reportId, body, at) =>
      Effect.gen(function* () {
        yield* comments.createNote(yield* actor(by, teamId), reportId, yield* valid(NoteCommentCreate, body))
      }).pipe(Effect.orDie, dated(at)),
    people: (people, passwordHash, at) =>
      store.insertUsers(
        people.map((person) => ({ ...person, password_hash: passwordHash, created_at: iso(at) })),
      ),
    teamMembers: (teamId, members, at) =>
      store.insertTeamUsers(
        members.map(({ userId, role }) => ({ team_id: teamId, user_id: userId, role, created_at: iso(at) })),
      ),
    channelMembers: (members) =>
      store.insertChannelMembers(
        members.map(({ channelId, userId, role }) => ({ channel_id: channelId, user_id: userId, role })),
      ),
    selections: (selections) =>
      store.insertSelections(
        selections.map((selection) => ({
          channel_id: selection.channelId,
          user_id: selection.userId,
          view: Number(selection.view),
          follow: Number(selection.follow),
          alert: Number(selection.alert),
        })),
      ),
    alertAreas: (areas, at) =>
      Effect.gen(function* () {
        const rows = yield* Effect.forEach(areas, ({ userId, area }) => {
          const input = AlertArea.fromBody({ alert_area: area })
          return Result.isSuccess(input)
            ? Effect.succeed({ user_id: userId, input: input.success, created_at: iso(at) })
            : Effect.die(`a seeded alert area does not decode: ${JSON.stringify(input.failure.errors)}`)
        })
        yield* store.insertAlertAreas(rows)
      }),
    reports: (seeds) =>
      Effect.gen(function* () {
        const contextOf = yield* contextsOf(seeds.map((seed) => seed.channelId))
        const imageKeyOf = (channelId: number): string => {
          const key = contextOf(channelId).imageKey
          if (key === undefined) throw new Error(`channel ${channelId} has no Image field for photos`)
          return key
        }
        const photoIds = yield* store.insertPhotos(
          seeds.flatMap((seed) =>
            seed.photos.map((photo) => ({
              user_id: seed.userId,
              filename: "photo.jpg",
              content_type: "image/jpeg",
              byte_size: photo.byteSize,
              storage_key: `seeded/${photo.key}`,
              created_at: iso(photo.at),
            })),
          ),
        )
        let taken = 0
        const withPhotos = seeds.map((seed) => {
          const photos = photoIds.slice(taken, taken + seed.photos.length)
          taken += photos.length
          return { seed, photos, field: photos.length === 0 ? "" : imageKeyOf(seed.channelId) }
        })
        const reportIds = yield* store.insertReports(
          withPhotos.map(({ seed, photos, field }) => {
            const answers = photos.length === 0 ? seed.answers : { ...seed.answers, [field]: photos }
            const { paths, fields } = contextOf(seed.channelId)
            return {
              channel_id: seed.channelId,
              uuid: seed.uuid,
              source_id: null,
              user_id: seed.userId,
              is_anonymous: Number(seed.anonymous),
              title: ReportTitle.derive(paths.get(seed.categoryId) ?? [], fields, answers),
              address: "",
              latitude: seed.location.latitude,
              longitude: seed.location.longitude,
              category_id: seed.categoryId,
              report_state_id: seed.stateId,
              shape_id: null,
              answers,
              created_at: iso(seed.at),
            }
          }),
        )
        yield* store.insertReportAttachments(
          withPhotos.flatMap(({ seed, photos, field }, index) =>
            photos.map((attachment_id) => ({
              attachment_id,
              report_id: reportIds[index] ?? 0,
              channel_id: seed.channelId,
              field_key: field,
            })),
          ),
        )
        return reportIds
      }),
    notifications: (notifications) =>
      store.insertNotifications(
        notifications.map((notification) => ({
          user_id: notification.userId,
          report_id: notification.reportId,
          channel_id: notification.channelId,
          read: Number(notification.read),
          created_at: iso(notification.at),
        })),
      ),
    reads: (reads) =>
      store.insertReads(
        reads.map((read) => ({
          report_id: read.reportId,
          channel_id: read.channelId,
          user_id: read.userId,
          opened_at: iso(read.at),
        })),
      ),
    inTransactions: (total, label, progress, write) =>
      store.inBulk(
        Effect.gen(function* () {
          const began = performance.now()
          for (let from = 0; from < total; from += rowsPerTransaction) {
            const to = Math.min(total, from + rowsPerTransaction)
            yield* sql.withTransaction(write(from, to)).pipe(Effect.orDie)
            if (to === total || to % 200_000 === 0) {
              const counted = `${to.toLocaleString("en")} / ${total.toLocaleString("en")}`
              progress(`  ${label}: ${counted} (${seconds(began)})`)
            }
          }
        }),
      ),
    analyze: store.analyze,
  }
  return seeder
})
