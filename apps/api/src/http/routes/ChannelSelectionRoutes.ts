/**
 * `/api/v4/channel_selections`: the current user's channel selections, listed and updated
 * (docs/api.md, Channel selections). There is no create or delete: an update creates a selection,
 * and one that leaves view, follow and alert all false deletes it.
 */

import type { channelSelections } from "@fieldreport/contract/endpoints/ChannelSelections"
import * as ChannelSelection from "@fieldreport/domain/ChannelSelection"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { channelSelectionBody } from "../../presentation/ChannelSelectionView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { ChannelSelections } from "../../services/ChannelSelections.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The channel selection routes. */
export const channelSelectionRoutes = (
  route: Route<AppServices>,
): GroupHandlers<typeof channelSelections> => ({
  listChannelSelections: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const selections = yield* (yield* ChannelSelections).list(actor)
        return json(selections.map(channelSelectionBody))
      }),
    ),
  ],
  updateChannelSelection: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const channelId = yield* idParam(req, "channel_id")
        const update = yield* Effect.fromResult(ChannelSelection.decodeUpdate(req.body))
        yield* (yield* ChannelSelections).update(actor, channelId, update)
        return noContent
      }),
    ),
  ],
})
