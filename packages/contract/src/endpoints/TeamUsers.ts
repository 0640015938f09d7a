/**
 * `/api/v4/teams/{team_id}/team_users`: the users of a team and their invitations (docs/api.md, Tasks,
 * teams and team users).
 */
import {
  AddUsersToTeamChannels,
  AddUsersToTeamChannelsResult,
} from "@fieldreport/domain/AddUsersToTeamChannels"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as OrderBy from "@fieldreport/domain/OrderBy"
import { TeamUserRecord, TeamUserUpdate } from "@fieldreport/domain/TeamUser"
import { Schema } from "effect"
import { bare, done, envelope, fields, group, one, orderby, page, query, RecordId } from "../Endpoint.ts"

const ids = Schema.Array(RecordId)

/** The team user endpoints. */
export const teamUsers = group({
  name: "Team users",
  noun: "team user",
  description:
    "A team user is a user's membership of a team, with a team role (team_member, manager or owner). A user " +
    "a manager adds is an invitee until they accept; until then their record shows only the invitation.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/teams/{team_id}/add_users_to_team_channels",
      operationId: "addUsersToTeamChannels",
      summary: "Add users to channels of a team",
      description:
        "Each user becomes a team user (team_member unless already more) and a member of each selected channel " +
        "with the given channel role (admin, operator, reporter, viewer). The team's managers and owner invite: " +
        "a user not yet in the team becomes an invitee (`agreed_to_join: false`, `last_invited_at` now) " +
        "whatever `send_email` says, with no access to the team until they accept with " +
        "`PATCH /api/v4/teams/{team_id}/team_users/{id}` `{team_user: {agreed_to_join: true}}` (only they may). " +
        "Platform administrators and the app's administrators, in the team or not, add users directly " +
        "(`agreed_to_join: true` at once, an invitee too) unless they send `send_email: true`, which invites. " +
        "`send_email: true` sends an invitation e-mail to each user still invited. Users who already joined " +
        "get their channels and roles at once.",
      body: bare(AddUsersToTeamChannels),
      replies: {
        200: one(AddUsersToTeamChannelsResult, "Every item succeeded."),
        207: one(
          AddUsersToTeamChannelsResult,
          "Some items failed; see each item's `http_status` and `errors`.",
        ),
      },
    },
    {
      method: "get",
      path: "/api/v4/teams/{team_id}/team_users/{id}",
      operationId: "getTeamUser",
      summary: "Fetch a team user",
      description:
        "Any team user of the team. An invitee who has not accepted shows only `id`, `agreed_to_join`, " +
        "`last_invited_at`, `role`, `user_id` and `status`.",
      query: [fields(FieldCatalogue.teamUser)],
      replies: { 200: one(TeamUserRecord, "The team user, or an invitee's invitation.") },
    },
    {
      method: "get",
      path: "/api/v4/teams/{team_id}/team_users",
      operationId: "listTeamUsers",
      summary: "List a team's users",
      description:
        "Any team user of the team. An invitee who has not accepted shows only `id`, `agreed_to_join`, " +
        "`last_invited_at`, `role`, `user_id` and `status`, and comes last in the orders by name, e-mail and " +
        "activity, in both directions.",
      query: [
        query("agreed_to_join", Schema.Boolean, "Only users who have (true) or have not (false) joined."),
        query("team_role", Schema.Boolean, "Only managers and owners (true), or only the others (false)."),
        query("user_ids[]", ids, "Only these users."),
        query("includes_team_user_ids[]", ids, "Only these team users."),
        query("excludes_team_user_ids[]", ids, "Not these team users."),
        orderby(OrderBy.teamUsers),
        fields(FieldCatalogue.teamUser),
      ],
      replies: { 200: page(TeamUserRecord, "One page of team users and invitations.") },
    },
    {
      method: "patch",
      path: "/api/v4/teams/{team_id}/team_users/{id}",
      operationId: "updateTeamUser",
      summary: "Update a team user, or accept an invitation",
      description:
        "Managers and owners change `role` (team_member or manager; ownership moves only through the team " +
        "update) and `supervisor_id` (a team user of the team who has joined, or null). " +
        "`agreed_to_join: true` accepts an invitation and only the invited user may send it (`403` for anyone " +
        "else, administrators included).",
      body: envelope("team_user", TeamUserUpdate),
      replies: { 204: done("Updated.") },
    },
  ],
})
