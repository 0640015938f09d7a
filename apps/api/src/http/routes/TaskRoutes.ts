/**
 * `/api/v4/tasks`: create, fetch, list, update and delete the tasks of the current team
 * (docs/api.md, Tasks). Every answer that holds tasks takes `fields`; the list is paginated with
 * `Range`. A fetch answers the task's version as its `ETag`; an update may send it back in
 * `If-Match`, and is answered `412` with the task as it is when the task moved on.
 */

import { href } from "@fieldreport/contract/Api"
import type { tasks } from "@fieldreport/contract/endpoints/Tasks"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { TaskCreate, TaskUpdate } from "@fieldreport/domain/Task"
import { Effect } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { taskBody } from "../../presentation/TaskView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Tasks } from "../../services/Tasks.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"
import { changedAfter, etag, ifMatchOf } from "../Sync.ts"

// Any text may name a task: one that names none is simply not found.
const uuidOf = (req: Request): string => {
  const uuid = req.params.uuid
  return typeof uuid === "string" ? uuid : ""
}

/** The list's filters, order and page, read leniently from the query and the `Range` header. */
const taskQuery = (req: Request) =>
  Effect.gen(function* () {
    return {
      complete: yield* Effect.fromResult(QueryValue.boolean(req.query, "complete")),
      reportId: yield* Effect.fromResult(QueryValue.integer(req.query, "report_id")),
      assigneeId: yield* Effect.fromResult(QueryValue.integer(req.query, "assignee_id")),
      updatedAfter: yield* changedAfter(req, "updated_after"),
      order: yield* Effect.fromResult(OrderBy.fromQuery(OrderBy.tasks, req.query)),
      page: yield* Effect.fromResult(RangePage.parse(req.get("Range"))),
    }
  })

/** The task routes. */
export const taskRoutes = (route: Route<AppServices>): GroupHandlers<typeof tasks> => ({
  listTasks: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.task)
        const query = yield* taskQuery(req)
        const { tasks, total } = yield* (yield* Tasks).list(actor, query)
        return json(
          tasks.map((task) => fields.render(taskBody(task))),
          200,
          { ...fields.headers, ...RangePage.headers("tasks", query.page, tasks.length, total) },
        )
      }),
    ),
  ],
  createTask: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.task)
        const input = yield* bodyOf(req, "task", TaskCreate)
        const { task, created } = yield* (yield* Tasks).create(actor, input)
        const body = fields.render(taskBody(task))
        return created
          ? json(body, 201, { ...fields.headers, Location: href("getTask", { uuid: task.uuid }) })
          : json(body, 200, fields.headers)
      }),
    ),
  ],
  getTask: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.task)
        const task = yield* (yield* Tasks).get(actor, uuidOf(req))
        return json(fields.render(taskBody(task)), 200, { ...fields.headers, ...etag(task.version) })
      }),
    ),
  ],
  updateTask: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const changes = yield* bodyOf(req, "task", TaskUpdate)
        const ifMatch = yield* ifMatchOf(req)
        return yield* (yield* Tasks).update(actor, uuidOf(req), changes, ifMatch).pipe(
          Effect.as(noContent),
          Effect.catchTag("Stale", ({ current }) =>
            Effect.succeed(json(taskBody(current), 412, etag(current.version))),
          ),
        )
      }),
    ),
  ],
  deleteTask: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        yield* (yield* Tasks).remove(actor, uuidOf(req))
        return noContent
      }),
    ),
  ],
})
