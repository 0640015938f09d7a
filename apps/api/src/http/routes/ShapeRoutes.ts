/**
 * Shapes of a branded app and shape searches (docs/api.md, Shapes). Every route needs `X-AppId`,
 * the bundle id of the app whose shapes they are: without it `400`, for an unknown app `404`.
 *
 * - `POST /api/v4/shapes` `{shape: {geom, metadata}}` → `201` with the shape.
 * - `POST /api/v4/shapes/bulk_create` `[{geom, metadata}, …]` (at most 200) → one result per item in
 *   order, `{ref, data, http_status: 201, errors: {}}` or `{ref, http_status: 422, errors}`; `200`
 *   when every item was created, `207` otherwise. The created ones are stored in one transaction.
 * - `GET /api/v4/shapes/{id}`, `DELETE /api/v4/shapes/{id}` → the shape / `204`.
 * - `PATCH /api/v4/shapes/{id}` `{shape: {geom, metadata}}`, each optional → the shape; `PUT` is the
 *   same update, as clients that update with `PUT` send it.
 * - `GET /api/v4/shapes` (`Range`, `fields`): the app's shapes by id, or with `shape_search_id`
 *   the shapes of that search, smallest first.
 * - `POST /api/v4/shape_searches` `{shape_search: {contains} | {intersects} | {bbox}}` → `201
 *   {id, url}`, `url` the absolute address of the search's shapes, listed for 24 hours.
 */

import { href } from "@fieldreport/contract/Api"
import type { shapes } from "@fieldreport/contract/endpoints/Shapes"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { decodeInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { ShapeBulkCreate, ShapeCreate, ShapeSearch, ShapeUpdate } from "@fieldreport/domain/Shape"
import { Effect, Result } from "effect"
import type { Request } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { shapeBody } from "../../presentation/ShapeView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Shapes } from "../../services/Shapes.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { baseUrlOf, bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** What a page of shapes counts in `Accept-Ranges` and `Content-Range`. */
const resource = "shapes"

/**
 * The caller, in the app `X-AppId` names. Authentication resolves a given `X-AppId` (`404` when
 * unknown) but falls back to the session's app without one, which shapes do not allow.
 */
const shapeActor = (req: Request) =>
  Effect.gen(function* () {
    const actor = yield* (yield* Authentication).authenticate(req.headers)
    const bundleId = req.headers["x-appid"]
    if (typeof bundleId !== "string" || bundleId === "") {
      return yield* MalformedRequest.at(
        "X-AppId",
        "is required: the bundle id of the branded app whose shapes these are",
      )
    }
    return actor
  })

/** The shape routes. */
export const shapeRoutes = (route: Route<AppServices>): GroupHandlers<typeof shapes> => {
  const updateShape = route((req) =>
    Effect.gen(function* () {
      const actor = yield* shapeActor(req)
      const id = yield* idParam(req, "id")
      const fields = yield* fieldsOf(req, FieldCatalogue.shape)
      const changes = yield* bodyOf(req, "shape", ShapeUpdate)
      const shape = yield* (yield* Shapes).update(actor, id, changes)
      return json(fields.render(shapeBody(shape)), 200, fields.headers)
    }),
  )
  return {
    createShape: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const fields = yield* fieldsOf(req, FieldCatalogue.shape)
          const input = yield* bodyOf(req, "shape", ShapeCreate)
          const shape = yield* (yield* Shapes).create(actor, input)
          return json(fields.render(shapeBody(shape)), 201, {
            ...fields.headers,
            Location: href("getShape", { id: shape.id }),
          })
        }),
      ),
    ],
    bulkCreateShapes: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const fields = yield* fieldsOf(req, FieldCatalogue.shape)
          // The body is the array itself, as in the dialect's other bulk creates.
          const items = yield* Effect.fromResult(decodeInput(ShapeBulkCreate, req.body, "shapes"))
          const results = yield* (yield* Shapes).createMany(
            actor,
            items.map((item) => decodeInput(ShapeCreate, item)),
          )
          const body = results.map((result, ref) =>
            Result.isSuccess(result)
              ? { ref, data: fields.render(shapeBody(result.success)), http_status: 201, errors: {} }
              : { ref, http_status: 422, errors: result.failure.errors },
          )
          return json(body, results.every(Result.isSuccess) ? 200 : 207, fields.headers)
        }),
      ),
    ],
    listShapes: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const fields = yield* fieldsOf(req, FieldCatalogue.shape)
          const page = yield* Effect.fromResult(RangePage.parse(req.get("range")))
          const searchId = yield* Effect.fromResult(QueryValue.integer(req.query, "shape_search_id"))
          const shapes = yield* Shapes
          const found =
            searchId === undefined
              ? yield* shapes.list(actor, page)
              : yield* shapes.listOfSearch(actor, searchId, page)
          return json(
            found.shapes.map((shape) => fields.render(shapeBody(shape))),
            200,
            { ...fields.headers, ...RangePage.headers(resource, page, found.shapes.length, found.total) },
          )
        }),
      ),
    ],
    getShape: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const id = yield* idParam(req, "id")
          const fields = yield* fieldsOf(req, FieldCatalogue.shape)
          const shape = yield* (yield* Shapes).get(actor, id)
          return json(fields.render(shapeBody(shape)), 200, fields.headers)
        }),
      ),
    ],
    updateShape: [updateShape],
    putShape: [updateShape],
    deleteShape: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const id = yield* idParam(req, "id")
          yield* (yield* Shapes).remove(actor, id)
          return noContent
        }),
      ),
    ],
    createShapeSearch: [
      route((req) =>
        Effect.gen(function* () {
          const actor = yield* shapeActor(req)
          const input = yield* bodyOf(req, "shape_search", ShapeSearch)
          const { id } = yield* (yield* Shapes).search(actor, input)
          // No `Location`: a search is read only through the list of its shapes, at `url`.
          return json(
            { id, url: `${yield* baseUrlOf(req)}${href("listShapes", {})}?shape_search_id=${id}` },
            201,
          )
        }),
      ),
    ],
  }
}
