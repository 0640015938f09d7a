/**
 * The throttle of requests that make the service send an account e-mail (a password reset, a
 * sign-up's verification), so that nobody can make it mail one address over and over, nor ask for
 * many addresses from one place. Two rules hold, over the last hour:
 *
 * - per e-mail address: `limits.perEmail` requests, whoever asks and whether or not the address
 *   has an account (the answer must not tell which);
 * - per client address: `limits.perAddress` requests, over all e-mail addresses.
 *
 * A request is recorded before it is counted, so a burst sent at once cannot slip through together;
 * a refused one is taken back and answered `429` with `Retry-After`, the seconds until the oldest
 * request that holds it leaves the hour.
 */
import { Clock, Context, Effect, Layer } from "effect"
import { TooManyRequests } from "../Errors.ts"
import { MailRequestStore } from "../store/MailRequestStore.ts"
import { traced } from "../Traced.ts"

/** The limits: requests per e-mail address and per client address, in a window of an hour. */
export const limits = { perEmail: 3, perAddress: 20, windowMillis: 60 * 60 * 1000 } as const

/** A request for an account e-mail. */
export interface MailRequest {
  readonly email: string
  readonly clientAddress: string
}

/**
 * The keys a request counts under, the e-mail address as the users table keeps it.
 *
 * @example
 * ```ts
 * keysOf({ email: " Ana@Example.com", clientAddress: "203.0.113.9" })
 * // { email: "email:ana@example.com", address: "address:203.0.113.9" }
 * ```
 */
export const keysOf = (request: MailRequest) => ({
  email: `email:${request.email.trim().toLowerCase()}`,
  address: `address:${request.clientAddress}`,
})

/**
 * The mail throttle.
 *
 * @example
 * ```ts
 * yield* (yield* MailThrottle).admit({ email: input.email, clientAddress })
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
        const own = yield* requests.record([keys.email, keys.address])
        const now = yield* Clock.currentTimeMillis
        const wait = Math.max(
          yield* waitOf(keys.email, limits.perEmail, own, now),
          yield* waitOf(keys.address, limits.perAddress, own, now),
        )
        if (wait <= 0) return
        yield* requests.forget(own)
        return yield* new TooManyRequests({ retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) })
      })

      return MailThrottle.of({ admit })
    }),
  )
}
