/**
 * `/api/v4/channels/{id}/categories`: the category tree of a channel (docs/api.md, Categories). The
 * list renders only `id` unless `fields` names more (and then it must name `id`); one category
 * renders every field unless `fields` picks some.
 */

import { href } from "@fieldreport/contract/Api"
import type { categories } from "@fieldreport/contract/endpoints/Categories"
import { CategoryCreate, CategoryUpdate } from "@fieldreport/domain/Category"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { categoryBody } from "../../presentation/CategoryView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Categories } from "../../services/Categories.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { baseUrlOf, bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The category routes. */
export const categoryRoutes = (route: Route<AppServices>): GroupHandlers<typeof categories> => ({
  listCategories: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.categoryList)
        const categories = yield* (yield* Categories).list(actor, channelId)
        const baseUrl = yield* baseUrlOf(req)
        return json(
          categories.map((category) => fields.render(categoryBody(baseUrl, category))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
  getCategory: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.category)
        const category = yield* (yield* Categories).get(actor, channelId, id)
        return json(fields.render(categoryBody(yield* baseUrlOf(req), category)), 200, fields.headers)
      }),
    ),
  ],
  createCategory: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const input = yield* bodyOf(req, "category", CategoryCreate)
        const created = yield* (yield* Categories).create(actor, channelId, input)
        return json(categoryBody(yield* baseUrlOf(req), created), 201, {
          Location: href("getCategory", { channel_id: channelId, id: created.category.id }),
        })
      }),
    ),
  ],
  updateCategory: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "category", CategoryUpdate)
        const updated = yield* (yield* Categories).update(actor, channelId, id, changes)
        return json(categoryBody(yield* baseUrlOf(req), updated))
      }),
    ),
  ],
  deleteCategory: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const id = yield* idParam(req, "id")
        yield* (yield* Categories).remove(actor, channelId, id)
        return noContent
      }),
    ),
  ],
})
