/**
 * `/api/v4/teams`: the teams of a branded app (docs/api.md, Tasks, teams and team users).
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Team, TeamCreate, TeamUpdate } from "@fieldreport/domain/Team"
import { Schema } from "effect"
import { created, done, envelope, fields, group, many, one, query } from "../Endpoint.ts"

/** The team endpoints. */
export const teams = group({
  name: "Teams",
  noun: "team",
  description:
    "A branded app has teams; a team has channels and team users. Team roles are team_member, manager and " +
    "owner (exactly one owner); managers and owners invite users to channels and update the team. Nobody " +
    "becomes an active member of a team without their own consent or an administrator's act: a user a " +
    "manager adds is an invitee (`agreed_to_join: false`, `status: invited`) with no access to the team " +
    "until they accept, and their team-user record shows only the invitation, never their names, e-mail " +
    "address, device state or activity.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/teams",
      operationId: "listTeams",
      summary: "List the current user's teams",
      description:
        "The teams the user has joined. With `agreed_to_join=false`, the teams they are invited to and have " +
        "not joined yet instead: `fields=team_user_id` names the team user that accepts the invitation " +
        "(`PATCH /api/v4/teams/{team_id}/team_users/{id}` with `{team_user: {agreed_to_join: true}}`).",
      query: [
        query(
          "agreed_to_join",
          Schema.Boolean,
          "Joined teams (true, the default) or pending invitations (false).",
        ),
        fields(FieldCatalogue.team),
      ],
      replies: { 200: many(Team, "The teams of the current branded app the user belongs to.") },
    },
    {
      method: "get",
      path: "/api/v4/teams/{team_id}",
      operationId: "getTeam",
      summary: "Fetch a team",
      query: [fields(FieldCatalogue.team)],
      replies: { 200: one(Team, "The team.") },
    },
    {
      method: "post",
      path: "/api/v4/teams",
      operationId: "createTeam",
      summary: "Create a team",
      description:
        "The team belongs to the branded app of `X-AppId`; the creator becomes its owner. Any user may create " +
        "a team in an app they can sign in to; owning it grants nothing outside it.",
      query: [fields(FieldCatalogue.team)],
      body: envelope("team", TeamCreate),
      replies: { 201: created(Team, "The new team.") },
    },
    {
      method: "patch",
      path: "/api/v4/teams/{team_id}",
      operationId: "updateTeam",
      summary: "Update a team",
      description:
        "Managers and owners. Only the owner moves ownership; only the owner or a platform administrator " +
        "changes `feature_tasks_enabled`.",
      body: envelope("team", TeamUpdate),
      replies: { 204: done("Updated.") },
    },
  ],
})
