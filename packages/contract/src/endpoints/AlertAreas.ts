/**
 * `/api/v4/alert_areas`: the current user's alert areas (docs/api.md, Alert areas).
 */
import { AlertArea, AlertAreaBody } from "@fieldreport/domain/AlertArea"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { created, done, envelope, fields, group, many, one } from "../Endpoint.ts"

/** An alert area to create or replace: the body of those calls, under `alert_area`. */
export const AlertAreaInput = AlertAreaBody.fields.alert_area

/** The alert area endpoints. */
export const alertAreas = group({
  name: "Alert areas",
  noun: "alert area",
  description:
    "Circles (a WKT POINT and a radius of 1 to 100,000 metres) and polygons (a WKT POLYGON, radius null) in " +
    "which the user is notified of new reports of the channels they have `alert: true` for. Points on the " +
    "boundary are inside. Invalid WKT, unclosed rings, self-intersections and coordinates out of range are `422`. " +
    "An area may have a `name` (up to 200 characters, blank read as none); an update without `name` keeps it.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/alert_areas",
      operationId: "listAlertAreas",
      summary: "List the current user's alert areas",
      query: [fields(FieldCatalogue.alertArea)],
      replies: { 200: many(AlertArea, "The alert areas.") },
    },
    {
      method: "post",
      path: "/api/v4/alert_areas",
      operationId: "createAlertArea",
      summary: "Create an alert area",
      body: envelope("alert_area", AlertAreaInput),
      replies: { 201: created(AlertArea, "The new alert area.") },
    },
    {
      method: "get",
      path: "/api/v4/alert_areas/{id}",
      operationId: "getAlertArea",
      summary: "Fetch an alert area",
      query: [fields(FieldCatalogue.alertArea)],
      replies: { 200: one(AlertArea, "The alert area.") },
    },
    {
      method: "patch",
      path: "/api/v4/alert_areas/{id}",
      operationId: "updateAlertArea",
      summary: "Replace an alert area's geometry, and its name when given",
      body: envelope("alert_area", AlertAreaInput),
      replies: { 204: done("Updated.") },
    },
    {
      method: "delete",
      path: "/api/v4/alert_areas/{id}",
      operationId: "deleteAlertArea",
      summary: "Delete an alert area",
      replies: { 204: done("Deleted.") },
    },
  ],
})
