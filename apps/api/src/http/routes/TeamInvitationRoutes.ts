/**
 * `/api/v4/teams/{team_id}/invitations` and `/api/v4/team_invitations` (docs/api.md, Invitations):
 * a team's managers invite e-mail addresses, list, resend and withdraw the pending invitations; the
 * holder of an invitation's token reads and accepts it without credentials (never with an API
 * token, `403`).
 */

import type { teamInvitations } from "@fieldreport/contract/endpoints/TeamInvitations"
import { decodeInput } from "@fieldreport/domain/Invalid"
import * as RangePage from "@fieldreport/domain/RangePage"
import {
  TeamInvitationAcceptance,
  TeamInvitationCreate,
  TeamInvitationLookup,
} from "@fieldreport/domain/TeamInvitation"
import { Effect, Redacted } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { issuedSessionBody } from "../../presentation/SessionView.ts"
import { teamInvitationBody } from "../../presentation/TeamInvitationView.ts"
import { Authentication, installationOf } from "../../services/Authentication.ts"
import { TeamInvitations } from "../../services/TeamInvitations.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { baseUrlOf, bodyOf, clientAddress, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The invitation-by-address routes. */
export const teamInvitationRoutes = (route: Route<AppServices>): GroupHandlers<typeof teamInvitations> => ({
  createTeamInvitation: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const input = yield* bodyOf(req, "invitation", TeamInvitationCreate)
        const { sent, created } = yield* (yield* TeamInvitations).invite(
          actor,
          teamId,
          input,
          yield* baseUrlOf(req),
        )
        return json(sent, created ? 201 : 200)
      }),
    ),
  ],
  listTeamInvitations: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const page = yield* Effect.fromResult(RangePage.parse(req.get("Range")))
        const { invitations, total } = yield* (yield* TeamInvitations).list(actor, teamId, {
          offset: page.start,
          limit: RangePage.size(page),
        })
        return json(
          invitations.map(teamInvitationBody),
          200,
          RangePage.headers("team_invitations", page, invitations.length, total),
        )
      }),
    ),
  ],
  resendTeamInvitation: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* idParam(req, "team_id")
        const id = yield* idParam(req, "id")
        const invitation = yield* (yield* TeamInvitations).resend(actor, teamId, id, yield* baseUrlOf(req))
        return json(teamInvitationBody(invitation))
      }),
    ),
  ],
  withdrawTeamInvitation: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        yield* (yield* TeamInvitations).withdraw(
          actor,
          yield* idParam(req, "team_id"),
          yield* idParam(req, "id"),
        )
        return noContent
      }),
    ),
  ],
  lookUpTeamInvitation: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const input = yield* Effect.fromResult(decodeInput(TeamInvitationLookup, req.body))
        return json(yield* (yield* TeamInvitations).lookup(Redacted.value(input.token)))
      }),
    ),
  ],
  acceptTeamInvitation: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const input = yield* Effect.fromResult(decodeInput(TeamInvitationAcceptance, req.body))
        const session = yield* (yield* TeamInvitations).accept(input, {
          clientAddress: clientAddress(req),
          installationId: yield* installationOf(req.headers),
        })
        return json(issuedSessionBody(session), 201)
      }),
    ),
  ],
})
