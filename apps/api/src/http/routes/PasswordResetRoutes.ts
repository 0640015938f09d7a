/**
 * `/api/v4/reset_passwords` (docs/api.md, Field apps and offline sync): ask for a reset e-mail, and
 * set a new password with its token. Both take no credentials and refuse an API token (`403`).
 */

import type { passwordResets } from "@fieldreport/contract/endpoints/PasswordResets"
import { decodeInput } from "@fieldreport/domain/Invalid"
import { PasswordReset, PasswordResetRequest } from "@fieldreport/domain/PasswordReset"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import { PasswordResets } from "../../services/PasswordResets.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { baseUrlOf, clientAddress } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The password reset routes. */
export const passwordResetRoutes = (route: Route<AppServices>): GroupHandlers<typeof passwordResets> => ({
  requestPasswordReset: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const { email } = yield* Effect.fromResult(decodeInput(PasswordResetRequest, req.body))
        const bundleId = req.headers["x-appid"]
        yield* (yield* PasswordResets).request({
          email,
          clientAddress: clientAddress(req),
          bundleId: typeof bundleId === "string" && bundleId !== "" ? bundleId : undefined,
          baseUrl: yield* baseUrlOf(req),
        })
        return json({ email })
      }),
    ),
  ],
  resetPassword: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const input = yield* Effect.fromResult(decodeInput(PasswordReset, req.body))
        return json({ email: yield* (yield* PasswordResets).reset(input) })
      }),
    ),
  ],
})
