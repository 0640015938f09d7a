/**
 * `/api/v4/channels`: list, create, fetch, update and delete channels (docs/api.md, Channels).
 */

import { href } from "@fieldreport/contract/Api"
import type { channels } from "@fieldreport/contract/endpoints/Channels"
import { ChannelCreate, ChannelUpdate } from "@fieldreport/domain/Channel"
import * as QueryValue from "@fieldreport/domain/QueryValue"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { channelBody } from "../../presentation/ChannelView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { Channels } from "../../services/Channels.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { bodyOf, idParam } from "../Request.ts"
import { json, noContent, type Route } from "../Route.ts"

/** The channel routes. */
export const channelRoutes = (route: Route<AppServices>): GroupHandlers<typeof channels> => ({
  listChannels: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const teamId = yield* Effect.fromResult(QueryValue.integer(req.query, "team_id"))
        const channels = yield* (yield* Channels).list(actor, teamId)
        return json(channels.map(channelBody))
      }),
    ),
  ],
  createChannel: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const input = yield* bodyOf(req, "channel", ChannelCreate)
        const channel = yield* (yield* Channels).create(actor, input)
        return json(channelBody(channel), 201, { Location: href("getChannel", { id: channel.id }) })
      }),
    ),
  ],
  getChannel: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        return json(channelBody(yield* (yield* Channels).get(actor, id)))
      }),
    ),
  ],
  updateChannel: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        const changes = yield* bodyOf(req, "channel", ChannelUpdate)
        yield* (yield* Channels).update(actor, id, changes)
        return noContent
      }),
    ),
  ],
  deleteChannel: [
    route((req) =>
      Effect.gen(function* () {
        const actor = yield* (yield* Authentication).authenticate(req.headers)
        const id = yield* idParam(req, "id")
        yield* (yield* Channels).remove(actor, id)
        return noContent
      }),
    ),
  ],
})
