/**
 * `/api/v4/teams/{team_id}/team_users` and `/api/v4/teams/{team_id}/add_users_to_team_channels`:
 * the users of a team, listed, read and changed, and added to the team's channels in bulk
 * (docs/api.md, Team users; Adding people to channels).
 */

import type { teamUsers } from "@fieldreport/contract/endpoints/TeamUsers"
import { AddUsersToTeamChannels } from "@fieldreport/domain/AddUsersToTeamChannels"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { decodeInput } from "@fieldreport/domain/Invalid"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { TeamUserUpdate } from "@fieldreport/domain/TeamUser"
import { Effect, Result } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { teamUserBody } from "../../presentation/TeamUserView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { TeamUsers } from "../../services/TeamUsers.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { fieldsOf } from "../Fields.ts"
import { baseUrlOf, bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The list's filters, each in every lenient form clients send. */
const filterOf = (query: QueryValue.Query) =>
  Result.gen(function* () {
    return {
      agreedToJoin: yield* QueryValue.boolean(query, "agreed_to_join"),
      managers: yield* QueryValue.boolean(query, "team_role"),
      userIds: yield* QueryValue.integerList(query, "user_ids"),
      includesTeamUserIds: yield* QueryValue.integerList(query, "includes_team_user_ids"),
      excludesTeamUserIds: yield* QueryValue.integerList(query, "excludes_team_user_ids"),
    }
  })

/** The team user routes. */
export const teamUserRoutes = (route: Route<AppServices>): GroupHandlers<typeof teamUsers> => ({
  addUsersToTeamChannels: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        // The body is not wrapped in an envelope: errors name `users.0.role`, `channels.1.id`.
        const input = yield* Effect.fromResult(decodeInput(AddUsersToTeamChannels, req.body))
        const result = yield* (yield* TeamUsers).addUsers(actor, teamId, input, yield* baseUrlOf(req))
        const complete = result.teams.every((results) => results.every(({ status }) => status === "success"))
        return json(result, complete ? 200 : 207)
      }),
    ),
  ],
  listTeamUsers: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const fields = yield* fieldsOf(req, FieldCatalogue.teamUser)
        const filter = yield* Effect.fromResult(filterOf(req.query))
        const order = yield* Effect.fromResult(OrderBy.fromQuery(OrderBy.teamUsers, req.query))
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { teamUsers, total } = yield* (yield* TeamUsers).list(actor, teamId, {
          filter,
          order,
          page,
          counts: { channelCount: fields.has("channel_count"), reportCount: fields.has("report_count") },
        })
        return json(
          teamUsers.map((row) => fields.render(teamUserBody(row))),
          200,
          { ...fields.headers, ...RangePage.headers("team_users", page, teamUsers.length, total) },
        )
      }),
    ),
  ],
  getTeamUser: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const id = yield* idParam(req, "id")
        const fields = yield* fieldsOf(req, FieldCatalogue.teamUser)
        const row = yield* (yield* TeamUsers).get(actor, teamId, id, {
          channelCount: fields.has("channel_count"),
          reportCount: fields.has("report_count"),
        })
        return json(fields.render(teamUserBody(row)), 200, fields.headers)
      }),
    ),
  ],
  updateTeamUser: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "team_user", TeamUserUpdate)
        yield* (yield* TeamUsers).update(actor, teamId, id, changes)
        return noContent
      }),
    ),
  ],
})
