/**
 * Demo data on the first start (unless `FIELDREPORT_DEMO=false`): a council's team, two channels
 * with rich forms, categories and states, a few hundred reports around Wellington over the past
 * months with photos, state changes and notes, and four people to log in as. The seeder
 * (`seed/Seeder.ts`) writes it all through the same services the API uses, so the demo obeys every
 * rule a client would; only the memberships are written in bulk, as the data generator's are.
 */
import { randomBytes } from "node:crypto"
import { choiceOptions, type FormField } from "@fieldreport/domain/FormField"
import type { AnswerValue } from "@fieldreport/domain/Report"
import { pick, seeded } from "@fieldreport/domain/SeededRandom"
import { Clock, Context, Effect, Layer, Option } from "effect"
import sharp from "sharp"
import { userInputsOf, weakness } from "../auth/PasswordStrength.ts"
import { AppConfig } from "../Config.ts"
import * as Content from "../demo/DemoContent.ts"
import * as Seeder from "../seed/Seeder.ts"
import { TeamStore } from "../store/TeamStore.ts"
import { UserStore } from "../store/UserStore.ts"

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

const optionValues = (field: FormField): ReadonlyArray<string> =>
  choiceOptions(field).map((option) => option.value)

export class Demo extends Context.Service<Demo, { readonly run: Effect.Effect<void> }>()(
  "api/services/Demo",
) {
  static readonly layer = Layer.effect(
    Demo,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const users = yield* UserStore
      const teamStore = yield* TeamStore
      const seeder = yield* Seeder.make

      const fill = Effect.gen(function* () {
        const now = yield* Clock.currentTimeMillis
        const random = seeded(2024)
        const password = demoPassword()
        const passwordHash = yield* seeder.hashPassword(password)
        const people: Array<{
          readonly user: Seeder.Person
          readonly role: (typeof Content.people)[number]["role"]
        }> = []
        for (const person of Content.people) {
          people.push({ user: yield* seeder.person(person, passwordHash, now), role: person.role })
        }
        const [manager, operator, reporter] = people
        if (manager === undefined || operator === undefined || reporter === undefined) return

        const teamId = yield* seeder.team(manager.user, Content.team, now)
        const administrator = Option.isSome(config.bootstrapAdminEmail)
          ? yield* users.findByEmail(config.bootstrapAdminEmail.value)
          : undefined
        yield* seeder.teamMembers(
          teamId,
          [
            ...people.slice(1).map((person) => ({ userId: person.user.id, role: "team_member" as const })),
            ...(administrator ? [{ userId: administrator.id, role: "manager" as const }] : []),
          ],
          now,
        )

        const photos: Array<number> = []
        for (let index = 0; index < 60; index++) {
          const bytes = yield* photo(Math.floor(random() * 360))
          photos.push(yield* seeder.photo(reporter.user, `photo-${index + 1}.jpg`, bytes, now))
        }

        let filed = 0
        for (const [index, plan] of Content.channels.entries()) {
          const channel = yield* seeder.channel(
            manager.user,
            teamId,
            { ...plan, keepDefaultFields: true, states: Content.extraStates },
            now,
          )
          yield* seeder.channelMembers([
            ...people
              .slice(1)
              .map((person) => ({ channelId: channel.id, userId: person.user.id, role: person.role })),
            ...(administrator
              ? [{ channelId: channel.id, userId: administrator.id, role: "admin" as const }]
              : []),
          ])
          const leaves = channel.categories
            .filter((category) => category.leaf && category.parentId !== null)
            .map((category) => category.id)
          const byType = (type: string) => channel.fields.filter((field) => field.field_type === type)
          const states = channel.states

          const count =
            index === 0 ? Math.round(Content.reportCount * 0.7) : Math.round(Content.reportCount * 0.3)
          for (let n = 0; n < count; n++) {
            const author: (typeof people)[number] = pick(random, [
              manager,
              operator,
              reporter,
              reporter,
              reporter,
            ])
            const answers: Record<string, AnswerValue> = {}
            for (const field of byType("Description")) answers[field.key] = pick(random, plan.descriptions)
            for (const field of [...byType("DropDown"), ...byType("Radio")]) {
              answers[field.key] = pick(random, optionValues(field))
            }
            for (const field of byType("CheckBox")) {
              answers[field.key] = optionValues(field).filter(() => random() < 0.4)
            }
            for (const field of byType("ShortTextBox"))
              answers[field.key] = `${1 + Math.floor(random() * 200)} Main Street`
            const filedAt = now - Math.floor(random() * Content.days * 86_400_000)
            for (const field of byType("DateAndTime")) {
              answers[field.key] = new Date(filedAt - Math.floor(random() * 86_400_000)).toISOString()
            }
            const image = byType("Image")[0]
            if (image !== undefined && author === reporter && photos.length > 0 && random() < 0.5) {
              answers[image.key] = [photos.pop()!]
            }
            const location = {
              latitude: Content.city.latitude + (random() - 0.5) * Content.city.spreadDegrees * 2,
              longitude: Content.city.longitude + (random() - 0.5) * Content.city.spreadDegrees * 2,
            }
            const body = { account_id: channel.id, category_id: pick(random, leaves), location, answers }
            const reportId = yield* seeder.fileReport(author.user, teamId, body, filedAt)
            filed++
            const later = filedAt + Math.floor(random() * 3 * 86_400_000)
            const moveTo = random()
            const target =
              moveTo < 0.35 ? states[1] : moveTo < 0.6 ? states[2] : moveTo < 0.65 ? states[3] : undefined
            if (target !== undefined && later < now) {
              yield* seeder.moveReport(operator.user, teamId, reportId, target.id, later)
            }
            if (random() < 0.15) {
              const note = { comment: "Crew booked, expected on site this week.", public: random() < 0.5 }
              yield* seeder.note(operator.user, teamId, reportId, note, Math.min(now, later))
            }
          }
        }
        yield* Effect.logInfo(
          `demo data: ${filed} reports in two channels; log in to ${config.bootstrapApp} as ` +
            `${Content.people.map((person) => person.email).join(", ")} with the password ${password}`,
        )
      })

      const run = Effect.gen(function* () {
        if (!config.demo || (yield* teamStore.count) > 0) return
        yield* fill
      }).pipe(Effect.withSpan("Demo.run"))
      return Demo.of({ run })
    }),
  )
}
