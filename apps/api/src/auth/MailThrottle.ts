/**
 * The throttle of requests that make the service send an account e-mail (a password reset, a
 * sign-up's verification, an invitation), so that nobody can make it mail one address over and
 * over, nor ask for many addresses from one place or one account. Two rules hold, over the last
 * hour:
 *
 * - per e-mail address: `limits.perEmail` requests, whoever asks and whether or not the address
 *   has an account (the answer must not tell which);
 * - per asker, over all e-mail addresses: `limits.perAddress` requests from a client address
 *   (nobody is signed in to ask for a reset or a sign-up), `limits.perInviter` invitations by one
 *   user, wherever they are (a team's manager may invite a crew at once, and managers behind one
 *   office's address do not share their count).
 *
 * A request is recorded before it is counted, so a burst sent at once cannot slip through together;
 * a refused one is taken back and answered `429` with `Retry-After`, the seconds until the oldest
 * request that holds it leaves the hour.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { TooManyRequests } from "../Errors.ts"
import { MailRequestStore } from "../store/MailRequestStore.ts"
import { traced } from "../Traced.ts"

/** The limits: requests per e-mail address, per client address and per inviter, in a window of an hour. */
export const limits = { perEmail: 3, perAddress: 20, perInviter: 100, windowMillis: 60 * 60 * 1000 } as const

/** Who asks for an account e-mail: someone at a client address, or a signed-in user inviting. */
export type Asker = { readonly clientAddress: string } | { readonly inviterId: number }

/** A request for an account e-mail. */
export interface MailRequest {
  readonly email: string
  readonly asker: Asker
}

/**
 * The keys a request counts under, the e-mail address as the users table keeps it, and the limit
 * of its asker's key.
 *
 * @example
 * ```ts
 * keysOf({ email: " Ana@Example.com", asker: { clientAddress: "203.0.113.9" } })
 * // { email: "email:ana@example.com", asker: "address:203.0.113.9", askerLimit: 20 }
 * ```
 */
export const keysOf = (request: MailRequest) => {
  const email = `email:${request.email.trim().toLowerCase()}`
  return "inviterId" in request.asker
    ? { email, asker: `inviter:${request.asker.inviterId}`, askerLimit: limits.perInviter }
    : { email, asker: `address:${request.asker.clientAddress}`, askerLimit: limits.perAddress }
}

/**
 * The mail throttle.
 *
 * @example
 * ```ts
 * yield* (yield* MailThrottle).admit({ email: input.email, asker: { clientAddress } })
 * ```
 */
export class MailThrottle extends Context.Service<
  MailThrottle,
  {
    /** Counts the request, or refuses it (`429`) when a limit holds. */
    readonly admit: (request: MailRequest) => Effect.Effect<void, TooManyRequests>
  }
>()("api/auth/MailThrottle") {
  static readonly layer = Layer.effect(
    MailThrottle,
    Effect.gen(function* () {
      const requests = yield* MailRequestStore

      /** How long until a key's requests other than `own` fall under `limit`; 0 when they are. */
      const waitOf = Effect.fnUntraced(function* (
        key: string,
        limit: number,
        own: ReadonlyArray<number>,
        now: number,
      ) {
        const since = new Date(now - limits.windowMillis).toISOString()
        const rows = (yield* requests.recent(key, since, limit + own.length)).filter(
          (row) => !own.includes(row.id),
        )
        const oldest = rows[limit - 1]
        return oldest === undefined ? 0 : Date.parse(oldest.requested_at) + limits.windowMillis - now
      })

      const admit = traced("MailThrottle.admit")(function* (request: MailRequest) {
        const keys = keysOf(request)
        const own = yield* requests.record([keys.email, keys.asker])
        const now = yield* Clock.currentTimeMillis
        const wait = Math.max(
          yield* waitOf(keys.email, limits.perEmail, own, now),
          yield* waitOf(keys.asker, keys.askerLimit, own, now),
        )
        if (wait <= 0) return
        yield* requests.forget(own)
        return yield* new TooManyRequests({ retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) })
      })

      return MailThrottle.of({ admit })
    }),
  )
}
