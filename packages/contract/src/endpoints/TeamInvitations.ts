/**
 * `/api/v4/teams/{team_id}/invitations` and `/api/v4/team_invitations`: inviting people by e-mail
 * address, and accepting such an invitation with its token (docs/api.md, Invitations).
 */

import { Session } from "@fieldreport/domain/Session"
import {
  TeamInvitation,
  TeamInvitationAcceptance,
  TeamInvitationCreate,
  TeamInvitationFound,
  TeamInvitationLookup,
  TeamInvitationSent,
} from "@fieldreport/domain/TeamInvitation"
import { bare, done, envelope, group, one, page } from "../Endpoint.ts"

const inviters =
  "The team's managers and owner, the app's administrators and platform administrators (`403` for the team's " +
  "other users)."

/** The invitation-by-address endpoints. */
export const teamInvitations = group({
  name: "Invitations by e-mail",
  noun: "invitation",
  description:
    "A team's managers invite people by e-mail address, with a team role and some of the team's channels. An " +
    "address that has an account is invited as a team user (`add_users_to_team_channels` with `send_email: " +
    "true`); any other address gets a pending invitation and an e-mail whose link, " +
    "`/admin/#/accept-invitation?token=…`, works once within 7 days. With its token the person reads the " +
    "invitation and accepts it with their names and a password: the account is made, joins the team and is " +
    "signed in. A pending invitation is sent again at most once a day.",
  endpoints: [
    {
      method: "post",
      path: "/api/v4/teams/{team_id}/invitations",
      operationId: "createTeamInvitation",
      summary: "Invite an e-mail address",
      description:
        `${inviters} \`team_role\` is team_member (the default) or manager; the person joins \`channel_ids\` ` +
        "(channels of the team, `422` otherwise) with `channel_role` (reporter by default). An address without " +
        "an account gets a pending invitation (`201`; the same address again changes its roles and channels, " +
        "`200`, and mails it again once a day has passed since the last e-mail). An address with an account is " +
        "invited as a team user (`200` with `team_user_id`). Throttled with the other account e-mails: 3 an " +
        "hour per invited address and 20 per client address (`429` with `Retry-After`).",
      body: envelope("invitation", TeamInvitationCreate),
      replies: {
        200: one(TeamInvitationSent, "An invitation made before, or a team user's invitation."),
        201: one(TeamInvitationSent, "A new pending invitation."),
      },
      errors: [403, 404, 422, 429],
    },
    {
      method: "get",
      path: "/api/v4/teams/{team_id}/invitations",
      operationId: "listTeamInvitations",
      summary: "List a team's pending invitations",
      description: `${inviters} By address; an expired invitation stays listed until it is sent again or withdrawn.`,
      replies: { 200: page(TeamInvitation, "One page of pending invitations.") },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/v4/teams/{team_id}/invitations/{id}/resend",
      operationId: "resendTeamInvitation",
      summary: "Send a pending invitation again",
      description:
        `${inviters} A new e-mail with a new link, valid 7 days from now; the earlier link stops working. At ` +
        "most once a day per invitation (`429` with `Retry-After`), and throttled with the other account e-mails.",
      replies: { 200: one(TeamInvitation, "The invitation, sent again.") },
      errors: [403, 404, 429],
    },
    {
      method: "delete",
      path: "/api/v4/teams/{team_id}/invitations/{id}",
      operationId: "withdrawTeamInvitation",
      summary: "Withdraw a pending invitation",
      description: `${inviters} Its link stops working; an accepted invitation is not found.`,
      replies: { 204: done("Withdrawn.") },
      errors: [403, 404],
    },
    {
      method: "post",
      path: "/api/v4/team_invitations/lookup",
      operationId: "lookUpTeamInvitation",
      reach: "account",
      access: "public",
      summary: "Read an invitation by its token",
      description:
        "Anyone holding the token of a pending invitation's latest e-mail, within its 7 days; an unknown, used, " +
        "withdrawn or expired token is `422` naming `token`. Never an API token (`403`).",
      body: bare(TeamInvitationLookup),
      replies: { 200: one(TeamInvitationFound, "The team, who invited, and the address invited.") },
      errors: [403, 422],
    },
    {
      method: "post",
      path: "/api/v4/team_invitations/accept",
      operationId: "acceptTeamInvitation",
      reach: "account",
      access: "public",
      summary: "Accept an invitation, making an account",
      description:
        "The token once, within its 7 days (`422` naming `token` otherwise, or when the address has an account " +
        "by now), with the new account's names and a password the rules accept (`422` naming `password`). The " +
        "account is made with the invited address, verified; it joins the team with the invited team role and " +
        "the invited channels that still exist, and is signed in to the team's app as a login is. Never an API " +
        "token (`403`).",
      body: bare(TeamInvitationAcceptance),
      replies: { 201: { description: "The new session and its tokens.", schema: Session, root: "session" } },
      errors: [403, 422, 429],
    },
  ],
})
