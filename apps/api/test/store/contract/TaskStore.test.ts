/**
 * The task store's contract, on every engine: inserting once per uuid, a user's lists with their
 * filters and orders (open tasks after completed ones by completion time either way), those
 * changed after a time in the order they changed, changes refused when a later one was applied,
 * versions that move with every change applied, deletion.
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { type NewTask, type TaskCriteria, TaskStore } from "../../../src/store/TaskStore.ts"
import { engines, migratedDatabase } from "../../support/TestDatabase.ts"
import { newChannel, newReport, newUser } from "./Tenancy.ts"

const at = (day: number) => `2025-02-${String(day).padStart(2, "0")}T00:00:00.000Z`

describe("TaskStore contract", () => {
  for (const engine of engines) {
    layer(TaskStore.layer.pipe(Layer.provideMerge(migratedDatabase(engine))))(engine, (it) => {
      it.effect("lists a user's tasks with filters and orders, applies changes in time order, deletes", () =>
        Effect.gen(function* () {
          const store = yield* TaskStore
          const channel = yield* newChannel
          const [me, colleague, stranger] = [yield* newUser(), yield* newUser(), yield* newUser()]
          const reportId = yield* newReport(channel, me, at(1))
          const task = (title: string, day: number, creator: number, assignee: number): NewTask => ({
            uuid: crypto.randomUUID(),
            team_id: channel.teamId,
            branded_app_id: channel.appId,
            report_id: reportId,
            creator_id: creator,
            assignee_id: assignee,
            title,
            description: `${title} described`,
            client_created_at: at(day),
            created_at: at(day),
          })
          const mine = task("mine", 1, me, colleague)
          const forMe = task("for me", 2, colleague, me)
          const notMine = task("not mine", 3, colleague, stranger)
          const done = task("done", 4, me, me)
          const inserted = yield* store.insert(mine)
          assert.deepStrictEqual(inserted, {
            uuid: mine.uuid,
            team_id: channel.teamId,
            branded_app_id: channel.appId,
            report_id: reportId,
            creator_id: me,
            assignee_id: colleague,
            title: "mine",
            description: "mine described",
            client_created_at: at(1),
            completed_at: null,
            completed_by_id: null,
            last_change_at: null,
            version: 1,
            updated_at: at(1),
          })
          assert.isUndefined(yield* store.insert({ ...mine, title: "again" }))
          // A uuid is one task's everywhere, not once per channel.
          const elsewhere = yield* newChannel
          assert.isUndefined(
            yield* store.insert({
              ...mine,
              team_id: elsewhere.teamId,
              branded_app_id: elsewhere.appId,
              report_id: yield* newReport(elsewhere, me, at(1)),
            }),
          )
          for (const other of [forMe, notMine, done]) yield* store.insert(other)
          assert.isTrue(
            yield* store.update(
              done.uuid,
              { completed_at: at(6), completed_by_id: me },
              { at: at(6), fromClient: true },
              at(16),
            ),
          )
          assert.isTrue(
            yield* store.update(
              forMe.uuid,
              { completed_at: at(5), completed_by_id: me },
              { at: at(5), fromClient: false },
              at(15),
            ),
          )
          const criteria: TaskCriteria = {
            teamId: channel.teamId,
            appId: channel.appId,
            userId: me,
            complete: undefined,
            reportId: undefined,
            assigneeId: undefined,
            updatedAfter: undefined,
            order: [],
            offset: 0,
            limit: 10,
          }
          const titles = (changes: Partial<TaskCriteria>) =>
            store
              .list({ ...criteria, ...changes })
              .pipe(Effect.map((page) => [page.total, page.tasks.map((row) => row.title)]))
          assert.deepStrictEqual(yield* titles({}), [3, ["done", "for me", "mine"]])
          assert.deepStrictEqual(yield* titles({ order: [{ field: "completed_at", direction: "asc" }] }), [
            3,
            ["for me", "done", "mine"],
          ])
          assert.deepStrictEqual(yield* titles({ order: [{ field: "completed_at", direction: "desc" }] }), [
            3,
            ["mine", "done", "for me"],
          ])
          assert.deepStrictEqual(
            yield* titles({ order: [{ field: "client_created_at", direction: "asc" }], limit: 2, offset: 1 }),
            [3, ["for me", "done"]],
          )
          assert.deepStrictEqual(yield* titles({ complete: false }), [1, ["mine"]])
          assert.deepStrictEqual(yield* titles({ complete: true, assigneeId: me }), [2, ["done", "for me"]])
          assert.deepStrictEqual(yield* titles({ reportId: -1 }), [0, []])
          // Changed after a time (exclusive): in the order they changed, unless asked otherwise.
          assert.deepStrictEqual(yield* titles({ updatedAfter: at(1) }), [2, ["for me", "done"]])
          assert.deepStrictEqual(yield* titles({ updatedAfter: at(15) }), [1, ["done"]])
          assert.deepStrictEqual(
            yield* titles({
              updatedAfter: at(1),
              order: [{ field: "client_created_at", direction: "desc" }],
            }),
            [2, ["done", "for me"]],
          )

          // A change timed before the last one applied is refused; one without a time is not.
          // Each change applied moves the version and the server's time of the last change.
          assert.isTrue(
            yield* store.update(mine.uuid, { title: "renamed" }, { at: at(8), fromClient: true }, at(17)),
          )
          assert.isFalse(
            yield* store.update(mine.uuid, { title: "stale" }, { at: at(7), fromClient: true }, at(18)),
          )
          assert.isTrue(
            yield* store.update(mine.uuid, { description: "late" }, { at: at(7), fromClient: false }, at(19)),
          )
          const changed = yield* store.find(mine.uuid)
          assert.deepStrictEqual(
            [
              changed?.title,
              changed?.description,
              changed?.last_change_at,
              changed?.version,
              changed?.updated_at,
            ],
            ["renamed", "late", at(8), 3, at(19)],
          )
          assert.deepStrictEqual(yield* store.lock(mine.uuid), changed)
          assert.isFalse(
            yield* store.update(
              crypto.randomUUID(),
              { title: "nobody" },
              { at: at(9), fromClient: false },
              at(20),
            ),
          )
          yield* store.delete(mine.uuid)
          assert.isUndefined(yield* store.find(mine.uuid))
          // Its uuid went with it: a new task may have it.
          assert.strictEqual((yield* store.insert(mine))?.title, "mine")
        }),
      )
    })
  }
})
