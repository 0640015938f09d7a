/**
 * The team store's contract, on every engine: teams stored, found, listed for a user by name,
 * updated (the task switch as 0/1) and counted; team users with their roles.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { BrandedAppStore } from "../../../src/store/BrandedAppStore.ts"
import { TeamStore } from "../../../src/store/TeamStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newUser } from "./Tenancy.ts"

describe("TeamStore and BrandedAppStore contract", () => {
  for (const engine of engines) {
    layer(
      Layer.mergeAll(TeamStore.layer, BrandedAppStore.layer).pipe(
        Layer.provideMerge(migratedDatabase(engine)),
      ),
    )(engine, (it) => {
      it.effect("stores apps, teams and team users, lists a user's teams by name, updates and counts", () =>
        Effect.gen(function* () {
          const apps = yield* BrandedAppStore
          const store = yield* TeamStore
          const bundle = `com.example.${crypto.randomUUID()}`
          const app = yield* apps.insert({ bundle_id: bundle, name: "Example" })
          assert.deepStrictEqual([app.bundle_id, app.name], [bundle, "Example"])
          assert.deepStrictEqual(yield* apps.findByBundleId(bundle), app)
          assert.deepStrictEqual(yield* apps.findById(app.id), app)
          assert.isUndefined(yield* apps.findByBundleId("com.example.none"))
          assert.deepStrictEqual((yield* apps.list).at(-1), app)

          const before = yield* store.count
          const roads = yield* store.insert({
            branded_app_id: app.id,
            name: "Roads",
            industry: "Transport",
            location: "Wellington",
          })
          assert.deepStrictEqual(roads, {
            id: roads.id,
            branded_app_id: app.id,
            name: "Roads",
            industry: "Transport",
            location: "Wellington",
            feature_tasks_enabled: 1,
          })
          const bridges = yield* store.insert({
            branded_app_id: app.id,
            name: "Bridges",
            industry: "",
            location: "",
          })
          const hidden = yield* store.insert({
            branded_app_id: app.id,
            name: "Archive",
            industry: "",
            location: "",
          })
          assert.strictEqual(yield* store.count, before + 3)
          yield* store.update(roads.id, {
            feature_tasks_enabled: false,
            location: "Porirua",
          })
          yield* store.update(roads.id, {})
          const updated = yield* store.find(roads.id)
          assert.deepStrictEqual(
            [updated?.name, updated?.location, updated?.feature_tasks_enabled],
            ["Roads", "Porirua", 0],
          )
          assert.isUndefined(yield* store.find(-1))

          const userId = yield* newUser()
          const owner = yield* store.insertTeamUser({
            team_id: roads.id,
            user_id: userId,
            role: "owner",
            agreed_to_join: true,
          })
          assert.deepStrictEqual(owner, {
            id: owner.id,
            team_id: roads.id,
            user_id: userId,
            role: "owner",
            agreed_to_join: 1,
          })
          yield* store.insertTeamUser({
            team_id: bridges.id,
            user_id: userId,
            role: "team_member",
            agreed_to_join: true,
          })
          yield* store.insertTeamUser({
            team_id: hidden.id,
            user_id: userId,
            role: "team_member",
            agreed_to_join: false,
          })
          const member = yield* store.findTeamUser(bridges.id, userId)
          yield* store.setRole(member?.id ?? 0, "manager")
          assert.strictEqual((yield* store.findTeamUser(bridges.id, userId))?.role, "manager")
          assert.isUndefined(yield* store.findTeamUser(bridges.id, -1))
          assert.deepStrictEqual(
            (yield* store.listOfUser(userId, app.id, true)).map((team) => [team.name, team.role]),
            [
              ["Bridges", "manager"],
              ["Roads", "owner"],
            ],
          )
          const invited = yield* store.listOfUser(userId, app.id, false)
          assert.deepStrictEqual(
            invited.map((team) => team.name),
            [hidden.name],
          )
          assert.strictEqual(invited[0]?.team_user_id, (yield* store.findTeamUser(hidden.id, userId))?.id)
        }),
      )

      it.effect("keeps an app's administrators: added once, listed by app and name, removed", () =>
        Effect.gen(function* () {
          const apps = yield* BrandedAppStore
          const app = yield* apps.insert({ bundle_id: `com.example.${crypto.randomUUID()}`, name: "Mine" })
          const other = yield* apps.insert({ bundle_id: `com.example.${crypto.randomUUID()}`, name: "Other" })
          const zoe = yield* newUser("Zoe", "Adams")
          const bob = yield* newUser("bob", "adams")
          const cy = yield* newUser("Cy", "Young")
          assert.isFalse(yield* apps.isAdministrator(app.id, zoe))
          assert.isTrue(yield* apps.addAdministrator(app.id, zoe))
          assert.isFalse(yield* apps.addAdministrator(app.id, zoe))
          assert.isTrue(yield* apps.addAdministrator(app.id, bob))
          assert.isTrue(yield* apps.addAdministrator(other.id, cy))
          assert.isTrue(yield* apps.isAdministrator(app.id, zoe))
          // Administration of one app is not of another.
          assert.isFalse(yield* apps.isAdministrator(other.id, zoe))
          const listed = yield* apps.administrators([other.id, app.id])
          assert.deepStrictEqual(
            listed.map((row) => [row.branded_app_id, row.user_id, row.first_name, row.last_name]),
            [
              [app.id, bob, "bob", "adams"],
              [app.id, zoe, "Zoe", "Adams"],
              [other.id, cy, "Cy", "Young"],
            ],
          )
          assert.match(listed[0]?.email ?? "", /@example\.com$/)
          assert.deepStrictEqual(yield* apps.administrators([]), [])
          assert.isTrue(yield* apps.removeAdministrator(app.id, zoe))
          assert.isFalse(yield* apps.removeAdministrator(app.id, zoe))
          assert.isFalse(yield* apps.isAdministrator(app.id, zoe))
          assert.deepStrictEqual(
            (yield* apps.administrators([app.id])).map((row) => row.user_id),
            [bob],
          )
        }),
      )
    })
  }
})
