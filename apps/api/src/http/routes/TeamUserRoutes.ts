/**
 * `/api/v4/teams/{team_id}/team_users` and `/api/v4/teams/{team_id}/add_users_to_team_channels`:
 * the users of a team, listed, read and changed, and added to the team's channels in bulk
 * (docs/api.md, Team users; Adding people to channels).
 */
import { AddUsersToTeamChannels } from "@fieldreport/domain/AddUsersToTeamChannels"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { decodeInput, type MalformedRequest } from "@fieldreport/domain/Invalid"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as RangePage from "@fieldreport/domain/RangePage"
import { TeamUserUpdate } from "@fieldreport/domain/TeamUser"
import { Effect, Result } from "effect"
import { Router } from "express"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import { TeamUsers } from "../../services/TeamUsers.ts"
import type { JoinedTeamUser, TeamUserFilter, TeamUserRecord } from "../../store/TeamUserStore.ts"
import { fieldsOf } from "../Fields.ts"
import { baseUrlOf, bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/**
 * The team user resource with every field of the catalogue; the counts are those computed for the
 * request (null when not selected). An invitee who has not accepted is only their invitation
 * (docs/api.md, Invitations): `id`, `agreed_to_join`, `last_invited_at`, `role`, `user_id` and
 * `status`, never the person's names, e-mail address (invitations name users by id, so no inviter
 * gave one), device state, activity or counts.
 *
 * @example
 * ```ts
 * teamUserBody(row) // { id: 14, agreed_to_join: true, app_version: "2.9.6", …, status: "active", supervisor_id: null }
 * teamUserBody(invitee) // { id: 15, agreed_to_join: false, last_invited_at: "…", role: "team_member", user_id: 23, status: "invited" }
 * ```
 */
export const teamUserBody = (row: TeamUserRecord) =>
  row.agreed_to_join === 1
    ? joinedBody(row)
    : {
        id: row.id,
        agreed_to_join: false,
        last_invited_at: row.last_invited_at,
        role: row.role,
        user_id: row.user_id,
        status: row.status,
      }

const joinedBody = (row: JoinedTeamUser) => ({
  id: row.id,
  agreed_to_join: row.agreed_to_join === 1,
  app_version: row.app_version,
  bluetooth_enabled: row.bluetooth_enabled === 1,
  email: row.email,
  first_name: row.first_name,
  last_active_at: row.last_active_at,
  last_invited_at: row.last_invited_at,
  last_name: row.last_name,
  location_enabled: row.location_enabled === 1,
  push_notification_enabled: row.push_notification_enabled === 1,
  role: row.role,
  user_id: row.user_id,
  channel_count: row.channel_count,
  report_count: row.report_count,
  status: row.status,
  supervisor_id: row.supervisor_id,
})

/** The list's filters, each in every lenient form clients send. */
const filterOf = (query: QueryValue.Query): Result.Result<TeamUserFilter, MalformedRequest> =>
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
export const teamUserRoutes = (route: Route<AppServices>): Router => {
  const router = Router()
  router.post(
    "/api/v4/teams/:team_id/add_users_to_team_channels",
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
  )
  router.get(
    "/api/v4/teams/:team_id/team_users",
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
  )
  router.get(
    "/api/v4/teams/:team_id/team_users/:id",
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
  )
  router.patch(
    "/api/v4/teams/:team_id/team_users/:id",
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
  )
  return router
}
