/**
 * Login throttling that slows password guessing without locking the real user out. Every check of
 * a password a client sends (a login, the current password of a password change) goes through
 * `attempt`, and a failure counts under three keys:
 *
 * - the e-mail and client address together: after `FIELDREPORT_LOGIN_ATTEMPTS` failures in
 *   `FIELDREPORT_LOGIN_WINDOW` that pair is refused (`429`) until the oldest of them leaves the
 *   window. This holds an attacker at one address, and only them: the user elsewhere is not the
 *   same pair.
 * - the client address alone, for one password tried on many e-mail addresses: refused past
 *   `FIELDREPORT_LOGIN_ATTEMPTS_PER_ADDRESS` failures in the window (five times the pair's count
 *   unless set, since one address may be a whole office behind NAT).
 * - the e-mail alone, for attackers at many addresses: past `FIELDREPORT_LOGIN_EMAIL_FAILURES`
 *   failures in `FIELDREPORT_LOGIN_EMAIL_WINDOW`, each further attempt must wait
 *   `FIELDREPORT_LOGIN_DELAY` after the latest failure, twice that after the next one, and so on
 *   up to `FIELDREPORT_LOGIN_DELAY_MAX`: a delay, never a wall, and it does not apply at all from
 *   an address the user signed in from within `FIELDREPORT_LOGIN_KNOWN_ADDRESS_TTL`.
 *
 * A refused attempt is not counted and its password is not checked (`429` with `Retry-After`, the
 * seconds until an attempt would be admitted). An attempt is counted before its password is
 * checked, and the count is read with it: attempts sent all at once cannot slip in together before
 * any of them is counted. A right password takes its own count back and clears its pair's.
 */
import { Clock, Context, Duration, Effect, Layer, Option } from "effect"
import { AppConfig } from "../Config.ts"
import { TooManyRequests } from "../Errors.ts"
import { type LoginFailureRow, SessionStore } from "../store/SessionStore.ts"
import { traced } from "../Traced.ts"

/** The limits, in milliseconds where they are times. */
export interface ThrottleSettings {
  readonly pairAttempts: number
  readonly addressAttempts: number
  readonly windowMillis: number
  readonly emailFailures: number
  readonly emailWindowMillis: number
  readonly delayMillis: number
  readonly delayMaxMillis: number
  readonly knownAddressMillis: number
}

/**
 * The wait an e-mail's failures impose after its latest failure: none up to `emailFailures`, then
 * `delayMillis` doubled for every failure beyond, at most `delayMaxMillis`.
 *
 * @example
 * ```ts
 * emailDelayMillis(22, { ...settings, emailFailures: 20, delayMillis: 1000 }) // 4000
 * ```
 */
export const emailDelayMillis = (failures: number, settings: ThrottleSettings): number => {
  if (failures < settings.emailFailures || settings.delayMillis <= 0) return 0
  // Past 2^40 the cap has long been reached; stopping there keeps the number finite.
  const doublings = Math.min(failures - settings.emailFailures, 40)
  return Math.min(settings.delayMaxMillis, settings.delayMillis * 2 ** doublings)
}

/** How many of an e-mail's latest failures decide its wait: enough to reach the cap. */
const emailFailuresRead = (settings: ThrottleSettings): number =>
  settings.emailFailures +
  (settings.delayMillis <= 0 || settings.delayMaxMillis <= settings.delayMillis
    ? 1
    : Math.ceil(Math.log2(settings.delayMaxMillis / settings.delayMillis)) + 1)

/**
 * How long from `now` until an attempt is admitted, given the failures so far (times in
 * milliseconds, newest first); 0 when it is admitted now. `email` is undefined when the e-mail's
 * waits do not apply (the user's own address).
 *
 * @example
 * ```ts
 * waitMillis({ now, pair: [], address: [], email: [now - 500, …] }, settings) // 500 when the wait is a second
 * ```
 */
export const waitMillis = (
  failures: {
    readonly now: number
    readonly pair: ReadonlyArray<number>
    readonly address: ReadonlyArray<number>
    readonly email: ReadonlyArray<number> | undefined
  },
  settings: ThrottleSettings,
): number => {
  const windowed = (times: ReadonlyArray<number>, limit: number) => {
    // Admitted again once the limit-th latest failure leaves the window.
    const oldest = times[limit - 1]
    return oldest === undefined ? 0 : oldest + settings.windowMillis - failures.now
  }
  const latestEmail = failures.email?.[0]
  const email =
    failures.email === undefined || latestEmail === undefined
      ? 0
      : latestEmail + emailDelayMillis(failures.email.length, settings) - failures.now
  return Math.max(
    0,
    windowed(failures.pair, settings.pairAttempts),
    windowed(failures.address, settings.addressAttempts),
    email,
  )
}

/** A password check a client asked for. */
export interface LoginAttempt {
  readonly email: string
  readonly clientAddress: string
  /** The user of the e-mail, when there is one: their own addresses are spared the e-mail's waits. */
  readonly userId: number | undefined
}

/**
 * The keys a login attempt counts under.
 *
 * @example
 * ```ts
 * keysOf({ email: "Ana@example.com", clientAddress: "203.0.113.9", userId: 4 })
 * // { pair: "pair:203.0.113.9 ana@example.com", email: "email:ana@example.com", address: "address:203.0.113.9" }
 * ```
 */
export const keysOf = (attempt: LoginAttempt) => {
  const email = attempt.email.trim().toLowerCase()
  // An address never holds a space, so the pair's two parts cannot run into each other.
  return {
    pair: `pair:${attempt.clientAddress} ${email}`,
    email: `email:${email}`,
    address: `address:${attempt.clientAddress}`,
  }
}

/**
 * The login throttle.
 *
 * @example
 * ```ts
 * const throttle = yield* LoginThrottle
 * const valid = yield* throttle.attempt({ email, clientAddress, userId: user?.id }, verifyPassword(password, hash))
 * ```
 */
export class LoginThrottle extends Context.Service<
  LoginThrottle,
  {
    /**
     * Runs `check` (does the password match?) unless the attempt is throttled (`429`), counting it
     * when the answer is no.
     */
    readonly attempt: <E, R>(
      attempt: LoginAttempt,
      check: Effect.Effect<boolean, E, R>,
    ) => Effect.Effect<boolean, TooManyRequests | E, R>
  }
>()("api/auth/LoginThrottle") {
  /** The throttle on the session store, with the configured limits. */
  static readonly make = Effect.gen(function* () {
    const config = yield* AppConfig
    const sessions = yield* SessionStore
    const settings: ThrottleSettings = {
      pairAttempts: config.loginAttempts,
      addressAttempts: Option.getOrElse(config.loginAttemptsPerAddress, () => config.loginAttempts * 5),
      windowMillis: Duration.toMillis(config.loginWindow),
      emailFailures: config.loginEmailFailures,
      emailWindowMillis: Duration.toMillis(config.loginEmailWindow),
      delayMillis: Duration.toMillis(config.loginDelay),
      delayMaxMillis: Duration.toMillis(config.loginDelayMax),
      knownAddressMillis: Duration.toMillis(config.loginKnownAddressTtl),
    }
    const iso = (millis: number) => new Date(millis).toISOString()

    /** A key's latest failures besides the attempt's own, as times. */
    const others = (
      key: string,
      since: number,
      limit: number,
      own: ReadonlyArray<number>,
    ): Effect.Effect<ReadonlyArray<number>> =>
      Effect.map(sessions.recentLoginFailures(key, iso(since), limit + own.length), (rows) =>
        rows
          .filter((row: LoginFailureRow) => !own.includes(row.id))
          .slice(0, limit)
          .map((row) => Date.parse(row.failed_at)),
      )

    const attempt = traced("LoginThrottle.attempt")(function* <E, R>(
      login: LoginAttempt,
      check: Effect.Effect<boolean, E, R>,
    ) {
      const keys = keysOf(login)
      const own = yield* sessions.recordLoginFailure([keys.pair, keys.email, keys.address])
      const now = yield* Clock.currentTimeMillis
      const pair = yield* others(keys.pair, now - settings.windowMillis, settings.pairAttempts, own)
      const address = yield* others(keys.address, now - settings.windowMillis, settings.addressAttempts, own)
      const email = yield* others(
        keys.email,
        now - settings.emailWindowMillis,
        emailFailuresRead(settings),
        own,
      )
      let wait = waitMillis({ now, pair, address, email }, settings)
      // Only worth a read when the e-mail's wait is what holds the attempt up.
      if (wait > 0 && waitMillis({ now, pair, address, email: undefined }, settings) === 0) {
        const known =
          login.userId !== undefined &&
          (yield* sessions.signedInFrom(
            login.userId,
            login.clientAddress,
            iso(now - settings.knownAddressMillis),
          ))
        if (known) wait = 0
      }
      if (wait > 0) {
        yield* sessions.forgetLoginFailures(own)
        return yield* new TooManyRequests({ retryAfterSeconds: Math.max(1, Math.ceil(wait / 1000)) })
      }
      const valid = yield* check.pipe(Effect.onError(() => sessions.forgetLoginFailures(own)))
      if (valid) {
        yield* sessions.forgetLoginFailures(own)
        // The user's own mistakes from here are forgiven; the e-mail's and the address's stand.
        yield* sessions.clearLoginFailures([keys.pair])
      }
      return valid
    })

    return LoginThrottle.of({ attempt })
  })

  static readonly layer = Layer.effect(LoginThrottle, LoginThrottle.make)
}
