/**
 * `/api/v4/shapes` and `/api/v4/shape_searches`: the shapes of a branded app (docs/api.md, Shapes).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { ReportSearch } from "@fieldreport/domain/ReportSearch"
import {
  bulkCreateLimit,
  Shape,
  ShapeBulkResult,
  ShapeCreate,
  ShapeSearch,
  ShapeUpdate,
} from "@fieldreport/domain/Shape"
import { Schema } from "effect"
import {
  bare,
  created,
  done,
  envelope,
  fields,
  group,
  many,
  one,
  page,
  query,
  RecordId,
} from "../Endpoint.ts"

/** The shape endpoints. */
export const shapes = group({
  name: "Shapes",
  noun: "shape",
  description:
    "Geometries with metadata belonging to the branded app of `X-AppId` (required: `400` without it, `404` " +
    "for an unknown app). Every user with a team in the app reads them, and so do the app's administrators. " +
    "Shapes are app-wide data that every team's reports are matched against, so only platform " +
    "administrators and the app's administrators create and delete them: no team role does (`403`), not " +
    "even owning a team, which anyone may create.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/shapes",
      operationId: "createShape",
      summary: "Create a shape",
      description: "Platform administrators and the app's administrators only.",
      appHeader: "required",
      query: [fields(FieldCatalogue.shape)],
      body: envelope("shape", ShapeCreate),
      replies: { 201: created(Shape, "The new shape.") },
    },
    {
      method: "post",
      path: "/api/v4/shapes/bulk_create",
      operationId: "bulkCreateShapes",
      summary: "Create many shapes",
      description:
        `An array of 1 to ${bulkCreateLimit} shapes, each the body of a single create without its envelope; ` +
        "one result per item in request order, its `ref` the item's index. Valid items are created together " +
        "in one transaction; an invalid item gets `http_status: 422` and its reasons in `errors` (named from " +
        "the item: `geom`, `metadata.display`) and does not stop the others. Fieldreport's own addition, in " +
        "the form of the API's other bulk creates. Platform administrators and the app's administrators only.",
      appHeader: "required",
      query: [fields(FieldCatalogue.shape)],
      body: bare(Schema.Array(ShapeCreate)),
      replies: {
        200: many(ShapeBulkResult, "Every item was created."),
        207: many(ShapeBulkResult, "Some items were refused; see each item's `http_status` and `errors`."),
      },
    },
    {
      method: "get",
      path: "/api/v4/shapes/{id}",
      operationId: "getShape",
      summary: "Fetch a shape",
      appHeader: "required",
      query: [fields(FieldCatalogue.shape)],
      replies: { 200: one(Shape, "The shape.") },
    },
    {
      method: "get",
      path: "/api/v4/shapes",
      operationId: "listShapes",
      summary: "List shapes",
      description:
        "With `shape_search_id`, the shapes that search found, smallest area first; otherwise the shapes of " +
        "the current branded app.",
      appHeader: "required",
      query: [query("shape_search_id", RecordId, "A shape search."), fields(FieldCatalogue.shape)],
      replies: { 200: page(Shape, "One page of shapes.") },
    },
    {
      method: "patch",
      path: "/api/v4/shapes/{id}",
      operationId: "updateShape",
      summary: "Update a shape",
      description:
        "A new `geom` (checked as on creation, `422` naming `shape.geom`) or new `metadata` (replacing the " +
        "old as a whole), or both; what is absent is kept. Reports keep the shape they were placed in. " +
        "Platform administrators and the app's administrators only; the shape's branded app must be the " +
        "one of `X-AppId`.",
      appHeader: "required",
      query: [fields(FieldCatalogue.shape)],
      body: envelope("shape", ShapeUpdate),
      replies: { 200: one(Shape, "The shape.") },
    },
    {
      method: "put",
      path: "/api/v4/shapes/{id}",
      operationId: "putShape",
      summary: "Update a shape with PUT",
      description:
        "The same as `PATCH /api/v4/shapes/{id}`, for clients that update shapes with `PUT`: what the body " +
        "leaves out is kept, not cleared.",
      appHeader: "required",
      query: [fields(FieldCatalogue.shape)],
      body: envelope("shape", ShapeUpdate),
      replies: { 200: one(Shape, "The shape.") },
    },
    {
      method: "delete",
      path: "/api/v4/shapes/{id}",
      operationId: "deleteShape",
      summary: "Delete a shape",
      description:
        "Platform administrators and the app's administrators only. The shape's branded app must be the one " +
        "of `X-AppId`.",
      appHeader: "required",
      replies: { 204: done("Deleted.") },
    },
    {
      method: "post",
      path: "/api/v4/shape_searches",
      operationId: "createShapeSearch",
      summary: "Search shapes",
      description: "List the result with `GET /api/v4/shapes?shape_search_id=`.",
      body: envelope("shape_search", ShapeSearch),
      replies: { 201: one(ReportSearch, "The search's id and the address of its results.") },
    },
  ],
})
