/**
 * `/api/v4/teams`: create, list, fetch and update the teams of the current branded app
 * (docs/api.md, Teams).
 */

import { href } from "@fieldreport/contract/Api"
import type { teams } from "@fieldreport/contract/endpoints/Teams"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { TeamCreate, TeamUpdate } from "@fieldreport/domain/Team"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { teamBody } from "../../presentation/TeamView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Teams } from "../../services/Teams.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The team routes. */
export const teamRoutes = (route: Route<AppServices>): GroupHandlers<typeof teams> => ({
  createTeam: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "team", TeamCreate)
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        const { team, role, teamUserId } = yield* (yield* Teams).create(actor, input)
        return json(fields.render(teamBody(team, role, teamUserId)), 201, {
          Location: href("getTeam", { team_id: team.id }),
          ...fields.headers,
        })
      }),
    ),
  ],
  listTeams: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        // Like the team users list's filter: false lists the invitations the user has not accepted.
        const joined = (yield* Effect.fromResult(QueryValue.boolean(req.query, "agreed_to_join"))) ?? true
        const teams = yield* (yield* Teams).list(actor, joined)
        return json(
          teams.map((team) => fields.render(teamBody(team, team.role, team.team_user_id))),
          200,
          fields.headers,
        )
      }),
    ),
  ],
  getTeam: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "team_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.team)
        const { team, role, teamUserId } = yield* (yield* Teams).get(actor, id)
        return json(fields.render(teamBody(team, role, teamUserId)), 200, fields.headers)
      }),
    ),
  ],
  updateTeam: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "team_id")
        const changes = yield* bodyOf(req, "team", TeamUpdate)
        yield* (yield* Teams).update(actor, id, changes)
        return noContent
      }),
    ),
  ],
})
