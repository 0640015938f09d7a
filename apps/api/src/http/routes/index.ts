/**
 * Every router of the API, in the order they are mounted.
 */
import type { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import type { Route } from "../Route.ts"
import { sessionRoutes } from "./SessionRoutes.ts"

/** The API's routers on a route adapter. */
export const routers = (route: Route<AppServices>): ReadonlyArray<Router> => [sessionRoutes(route)]
