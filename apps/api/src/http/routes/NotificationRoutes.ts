/**
 * `/api/v4/notifications`: the current user's notifications in the current team (docs/api.md,
 * Notifications). Every field of the dialect is default; `fields` may leave some out. The list is
 * paginated with `Range` and takes `archived`, `updated_after` and `orderby`.
 */

import type { notifications } from "@fieldreport/contract/endpoints/Notifications"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { NotificationUpdate } from "@fieldreport/domain/Notification"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { notificationBody } from "../../presentation/NotificationView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Notifications } from "../../services/Notifications.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"
import { changedAfter } from "../Sync.ts"

/** The notification routes. */
export const notificationRoutes = (route: Route<AppServices>): GroupHandlers<typeof notifications> => ({
  listNotifications: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.notification)
        const archived = yield* Effect.fromResult(QueryValue.boolean(req.query, "archived"))
        const updatedAfter = yield* changedAfter(req, "updated_after")
        const order = yield* Effect.fromResult(OrderBy.fromQuery(OrderBy.notifications, req.query))
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { rows, total } = yield* (yield* Notifications).list(actor, {
          archived,
          updatedAfter,
          order,
          page,
        })
        return json(
          rows.map((row) => fields.render(notificationBody(row))),
          200,
          { ...fields.headers, ...RangePage.headers("notifications", page, rows.length, total) },
        )
      }),
    ),
  ],
  getNotification: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.notification)
        const notification = yield* (yield* Notifications).open(actor, id)
        return json(fields.render(notificationBody(notification)), 200, fields.headers)
      }),
    ),
  ],
  updateNotification: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const { archived } = yield* bodyOf(req, "notification", NotificationUpdate)
        yield* (yield* Notifications).setArchived(actor, id, archived)
        return noContent
      }),
    ),
  ],
  deleteNotification: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        yield* (yield* Notifications).remove(actor, id)
        return noContent
      }),
    ),
  ],
})
