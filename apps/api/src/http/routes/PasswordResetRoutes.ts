/**
 * `/api/v4/reset_passwords` (docs/api.md, Field apps and offline sync): ask for a reset e-mail, and
 * set a new password with its token, also as older clients spell it (`update_password`). All take
 * no credentials and refuse an API token (`403`).
 */

import type { passwordResets } from "@fieldreport/contract/endpoints/PasswordResets"
import { decodeInput, InvalidInput } from "@fieldreport/domain/Invalid"
import {
  PasswordReset,
  PasswordResetRequest,
  PasswordUpdateWithToken,
} from "@fieldreport/domain/PasswordReset"
import { Effect, Redacted } from "effect"
import type { AppServices } from "../../AppLayer.ts"
import { Authentication } from "../../services/Authentication.ts"
import { PasswordResets } from "../../services/PasswordResets.ts"
import type { GroupHandlers } from "../EndpointRouter.ts"
import { baseUrlOf, clientAddress } from "../Request.ts"
import { json, type Route } from "../Route.ts"

/** A reset's field errors under the names of `update_password`, whose token is `reset_token`. */
const asUpdatePasswordFields = (invalid: InvalidInput): InvalidInput =>
  new InvalidInput({
    errors: Object.fromEntries(
      Object.entries(invalid.errors).map(([field, messages]) => [
        field === "token" ? "reset_token" : field,
        messages,
      ]),
    ),
  })

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
  updatePasswordWithResetToken: [
    route((req) =>
      Effect.gen(function* () {
        yield* (yield* Authentication).refuseApiToken(req.headers)
        const input = yield* Effect.fromResult(decodeInput(PasswordUpdateWithToken, req.body))
        if (Redacted.value(input.password_confirmation) !== Redacted.value(input.password))
          return yield* InvalidInput.at("password_confirmation", "does not match password")
        const email = yield* (yield* PasswordResets)
          .reset({ token: input.reset_token, password: input.password, email: input.email })
          .pipe(Effect.mapError(asUpdatePasswordFields))
        return json({ email })
      }),
    ),
  ],
})
