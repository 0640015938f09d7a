/**
 * `POST /api/v4/users` and `/api/v4/email_verifications` (docs/api.md, Field apps and offline
 * sync): sign up in the app of `X-AppId` when it allows it, and verify the address with the token
 * of the e-mail. Both take no credentials and refuse an API token (`403`).
 */

import { href } from "@fieldreport/contract/Api"
import type { signUps } from "@fieldreport/contract/endpoints/SignUps"
import { decodeInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import { EmailVerification, SignUp } from "@fieldreport/domain/SignUp"
import { Effect } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { adminUserBody } from "../../presentation/AdministrationView.ts"
import { Authentication } from "../../services/Authentication.ts"
import { SignUps } from "../../services/SignUps.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { baseUrlOf, bodyOf, clientAddress } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** The sign-up routes. */
export const signUpRoutes = (route: Route<AppServices>): GroupHandlers<typeof signUps> => ({
  signUp: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const bundleId = req.headers["x-appid"]
        if (typeof bundleId !== "string" || bundleId === "")
          return yield* MalformedRequest.at("X-AppId", "is required: the bundle id of the app to sign up in")
        const input = yield* bodyOf(req, "user", SignUp)
        const user = yield* (yield* SignUps).signUp({
          bundleId,
          input,
          clientAddress: clientAddress(req),
          baseUrl: yield* baseUrlOf(req),
        })
        // A new user is never deactivated, so the answer does not say so.
        const { deactivated: _, ...created } = adminUserBody(user)
        return json(created, 201, { Location: href("updateUser", { id: user.id }) })
      }),
    ),
  ],
  verifyEmail: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const input = yield* Effect.fromResult(decodeInput(EmailVerification, req.body))
        return json({ email: yield* (yield* SignUps).verify(input) })
      }),
    ),
  ],
})
