/**
 * `/api/v4/teams`: create, list, fetch and update the teams of the current branded app
 * (specification "Teams", api-decisions §3, §9).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { TeamCreate, TeamUpdate } from "@fieldreport/domain/Team"
import { Effect } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Teams } from "../../services/Teams.ts"
import type { TeamRole, TeamRow } from "../../store/TeamStore.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/**
 * The team resource with every field, for a user with `role` in it (none when not in it).
 *
 * @example
 * ```ts
 * teamBody(team, "owner") // { id: 1, feature_tasks_enabled: true, …, is_manager_of: true, is_owner_of: true }
 * ```
 */
export const teamBody = (team: TeamRow, role: TeamRole | undefined) => ({
  id: team.id,
  feature_tasks_enabled: team.feature_tasks_enabled === 1,
  industry: team.industry,
  location: team.location,
  name: team.name,
  // The owner manages the team too.
  is_manager_of: role === "manager" || role === "owner",
  is_owner_of: role === "owner",
})

/** The team routes. */
export const teamRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.post(
    "/api/v4/teams",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "team", TeamCreate)
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        const { team, role } = yield* (yield* Teams).create(actor, input)
        return json(fields.render(teamBody(team, role)), 201, {
          Location: `/api/v4/teams/${team.id}`,
          ...fields.headers,
        })
      }),
    ),
  )
  router.get(
    "/api/v4/teams",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        const teams = yield* (yield* Teams).list(actor)
        return json(
          teams.map((team) => fields.render(teamBody(team, team.role))),
          200,
          fields.headers,
        )
      }),
    ),
  )
  router.get(
    "/api/v4/teams/:id",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        const { team, role } = yield* (yield* Teams).get(actor, id)
        return json(fields.render(teamBody(team, role)), 200, fields.headers)
      }),
    ),
  )
  router.patch(
    "/api/v4/teams/:id",
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "team", TeamUpdate)
        yield* (yield* Teams).update(actor, id, changes)
        return noContent
      }),
    ),
  )
  return router
}
