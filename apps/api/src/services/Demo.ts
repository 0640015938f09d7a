/**
 * Demo data on the first start (unless `FIELDREPORT_DEMO=false`): a council's team, two channels
 * with rich forms, categories and states, a few hundred reports around Wellington over the past
 * months with photos, state changes and notes, and four people to log in as. Everything is filed
 * through the same services the API uses, so the demo obeys every rule a client would.
 */
import { randomBytes } from "node:crypto"
import { Readable } from "node:stream"
import { FormDefinition } from "@fieldreport/domain/Form"
import type { AnswerValue } from "@fieldreport/domain/Report"
import { Clock, Context, Effect, Layer, Option, Schema } from "effect"
import sharp from "sharp"
import { hashPassword } from "../auth/Password.ts"
import { userInputsOf, weakness } from "../auth/PasswordStrength.ts"
import { AppConfig } from "../Config.ts"
import * as Content from "../demo/DemoContent.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { ChannelStore } from "../store/ChannelStore.ts"
import type { FormFieldRow } from "../store/FormStore.ts"
import { TeamStore } from "../store/TeamStore.ts"
import { type UserRow, UserStore } from "../store/UserStore.ts"
import { Attachments } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"
import { Categories } from "./Categories.ts"
import { Channels } from "./Channels.ts"
import { Comments } from "./Comments.ts"
import { Forms } from "./Forms.ts"
import { ReportStates } from "./ReportStates.ts"
import { Reports } from "./Reports.ts"
import { Teams } from "./Teams.ts"

/**
 * The demo people's password: new for every installation, and strong by the rule every password
 * follows. Sixteen random characters always are; the check is the rule's, not a hope.
 */
const demoPassword = (): string => {
  for (;;) {
    const password = randomBytes(12).toString("base64url")
    if (Content.people.every((person) => weakness(password, userInputsOf(person)) === undefined))
      return password
  }
}

/** A small seeded generator (mulberry32), so every demo is the same. */
const seeded = (seed: number) => {
  let state = seed >>> 0
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, pick: <A>(items: ReadonlyArray<A>): A => items[Math.floor(next() * items.length)]! }
}

/** A clock stopped at one instant, so a report is filed "then". */
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

/** A landscape photo stand-in: sky, hills and a sun in the given hue. */
const photo = (hue: number) =>
  Effect.promise(() =>
    sharp(
      Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600">
        <rect width="800" height="600" fill="hsl(${hue},55%,78%)"/>
        <circle cx="620" cy="140" r="70" fill="hsl(${(hue + 40) % 360},90%,60%)"/>
        <path d="M0 420 Q200 300 400 400 T800 380 V600 H0 Z" fill="hsl(${(hue + 120) % 360},40%,40%)"/>
      </svg>`),
    )
      .jpeg({ quality: 70 })
      .toBuffer(),
  )

const optionValues = (field: FormFieldRow): ReadonlyArray<string> => {
  const data = JSON.parse(field.data === "" ? "{}" : field.data) as {
    options?: ReadonlyArray<{ value: string }>
  }
  return (data.options ?? []).map((option) => option.value)
}

export class Demo extends Context.Service<Demo, { readonly run: Effect.Effect<void> }>()(
  "api/services/Demo",
) {
  static readonly layer = Layer.effect(
    Demo,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const apps = yield* BrandedAppStore
      const users = yield* UserStore
      const teamStore = yield* TeamStore
      const channelStore = yield* ChannelStore
      const teams = yield* Teams
      const channels = yield* Channels
      const forms = yield* Forms
      const categories = yield* Categories
      const reportStates = yield* ReportStates
      const reports = yield* Reports
      const comments = yield* Comments
      const attachments = yield* Attachments
      const decodeForm = Schema.decodeUnknownEffect(FormDefinition)

      const fill = Effect.gen(function* () {
        const app = yield* apps.findByBundleId(config.bootstrapApp)
        if (app === undefined) return
        const random = seeded(2024)
        const password = demoPassword()
        const passwordHash = yield* hashPassword(password)
        const people: Array<{
          readonly user: UserRow
          readonly role: (typeof Content.people)[number]["role"]
        }> = []
        for (const person of Content.people) {
          const existing = yield* users.findByEmail(person.email)
          const user =
            existing ??
            (yield* users.insert({
              email: person.email,
              first_name: person.first_name,
              last_name: person.last_name,
              password_hash: passwordHash,
              admin: false,
            }))
          people.push({ user, role: person.role })
        }
        const [manager, operator, reporter] = people
        if (manager === undefined || operator === undefined || reporter === undefined) return
        const as = (user: UserRow, teamId?: number): Actor => ({ user, app, teamId, session: undefined })

        const { team } = yield* teams.create(as(manager.user), Content.team)
        const administrator = Option.isSome(config.bootstrapAdminEmail)
          ? yield* users.findByEmail(config.bootstrapAdminEmail.value)
          : undefined
        const teamMembers = [
          ...people.slice(1).map((person) => person.user),
          ...(administrator ? [administrator] : []),
        ]
        for (const user of teamMembers) {
          yield* teamStore.insertTeamUser({
            team_id: team.id,
            user_id: user.id,
            role: user === administrator ? "manager" : "team_member",
            agreed_to_join: true,
          })
        }

        const photos: Array<number> = []
        for (let index = 0; index < 60; index++) {
          const bytes = yield* photo(Math.floor(random.next() * 360))
          const upload = yield* attachments.upload({
            userId: reporter.user.id,
            filename: `photo-${index + 1}.jpg`,
            content: Readable.from([bytes]),
          })
          photos.push(upload.id)
        }

        const now = yield* Clock.currentTimeMillis
        let filed = 0
        for (const [index, plan] of Content.channels.entries()) {
          const owner = as(manager.user, team.id)
          const channel = yield* channels.create(owner, { name: plan.name, team_id: team.id })
          for (const person of people.slice(1))
            yield* channelStore.addMember(channel.id, person.user.id, person.role)
          if (administrator) yield* channelStore.addMember(channel.id, administrator.id, "admin")

          const leaves: Array<number> = []
          for (const [position, [parentName, children]] of Object.entries(plan.categories).entries()) {
            const pin_color = plan.pinColors[position % plan.pinColors.length] ?? "green"
            const parent = yield* categories.create(owner, channel.id, { name: parentName, pin_color })
            if (children.length === 0) leaves.push(parent.category.id)
            for (const name of children) {
              const child = yield* categories.create(owner, channel.id, {
                name,
                parent_id: parent.category.id,
                pin_color,
              })
              leaves.push(child.category.id)
            }
          }

          const current = yield* forms.get(owner, channel.id)
          const kept = current.fields.map((field) => ({
            id: field.id,
            label: field.label,
            field_type: field.field_type,
            mandatory: field.mandatory === 1,
            field_visibility: field.field_visibility,
            data: field.data,
          }))
          const definition = yield* decodeForm({
            name: `${plan.name} report`,
            fields: [...kept, ...plan.fields],
          })
          const { fields } = yield* forms.replace(owner, channel.id, definition)
          const byType = (type: string) =>
            fields.filter((field) => field.field_type === type && field.removed === 0)

          for (const state of Content.extraStates) {
            yield* reportStates.create(owner, {
              channel_id: channel.id,
              ...state,
              initial: false,
              next_state_ids: null,
            })
          }
          const states = yield* reportStates.list(owner, channel.id)

          const count =
            index === 0 ? Math.round(Content.reportCount * 0.7) : Math.round(Content.reportCount * 0.3)
          for (let n = 0; n < count; n++) {
            const author: (typeof people)[number] = random.pick([
              manager,
              operator,
              reporter,
              reporter,
              reporter,
            ])
            const answers: Record<string, AnswerValue> = {}
            for (const field of byType("Description")) answers[field.key] = random.pick(plan.descriptions)
            for (const field of [...byType("DropDown"), ...byType("Radio")]) {
              answers[field.key] = random.pick(optionValues(field))
            }
            for (const field of byType("CheckBox")) {
              answers[field.key] = optionValues(field).filter(() => random.next() < 0.4)
            }
            for (const field of byType("ShortTextBox"))
              answers[field.key] = `${1 + Math.floor(random.next() * 200)} Main Street`
            const filedAt = now - Math.floor(random.next() * Content.days * 86_400_000)
            for (const field of byType("DateAndTime")) {
              answers[field.key] = new Date(filedAt - Math.floor(random.next() * 86_400_000)).toISOString()
            }
            const image = byType("Image")[0]
            if (image !== undefined && author === reporter && photos.length > 0 && random.next() < 0.5) {
              answers[image.key] = [photos.pop()!]
            }
            const { report } = yield* reports
              .create(as(author.user, team.id), {
                account_id: channel.id,
                category_id: random.pick(leaves),
                location: {
                  latitude: Content.city.latitude + (random.next() - 0.5) * Content.city.spreadDegrees * 2,
                  longitude: Content.city.longitude + (random.next() - 0.5) * Content.city.spreadDegrees * 2,
                },
                answers,
              })
              .pipe(Effect.provideService(Clock.Clock, stoppedAt(filedAt)))
            filed++
            const later = filedAt + Math.floor(random.next() * 3 * 86_400_000)
            const moveTo = random.next()
            const target =
              moveTo < 0.35 ? states[1] : moveTo < 0.6 ? states[2] : moveTo < 0.65 ? states[3] : undefined
            if (target !== undefined && later < now) {
              yield* reports
                .update(as(operator.user, team.id), report.id, { report_state_id: target.id, answers: {} })
                .pipe(Effect.provideService(Clock.Clock, stoppedAt(later)))
            }
            if (random.next() < 0.15) {
              yield* comments
                .createNote(as(operator.user, team.id), report.id, {
                  comment: "Crew booked, expected on site this week.",
                  public: random.next() < 0.5,
                })
                .pipe(Effect.provideService(Clock.Clock, stoppedAt(Math.min(now, later))))
            }
          }
        }
        yield* Effect.logInfo(
          `demo data: ${filed} reports in two channels; log in to ${app.bundle_id} as ` +
            `${Content.people.map((person) => person.email).join(", ")} with the password ${password}`,
        )
      })

      const run = Effect.gen(function* () {
        if (!config.demo || (yield* teamStore.count) > 0) return
        yield* fill.pipe(Effect.orDie)
      }).pipe(Effect.withSpan("Demo.run"))
      return Demo.of({ run })
    }),
  )
}
