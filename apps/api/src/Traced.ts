/**
 * Service functions named for their spans. `traced("Reports.fetch")(function* (…) { … })` reads like
 * `Effect.fn("Reports.fetch")` and makes the same span around every call when the fiber traces, but
 * nothing when it does not: `Effect.fn` also captures a stack trace and adds two context entries at
 * every call, which on a hot request cost more than some of the calls' own work. Requests trace only
 * when a tracer is configured (`http/Route.ts`).
 */
import { Effect, References } from "effect"

type ErrorOf<Eff> = [Eff] extends [never]
  ? never
  : [Eff] extends [Effect.Effect<infer _A, infer E, infer _R>]
    ? E
    : never

type ServicesOf<Eff> = [Eff] extends [never]
  ? never
  : [Eff] extends [Effect.Effect<infer _A, infer _E, infer R>]
    ? R
    : never

/** What `traced(name)` makes of a generator body, and of an optional step around each call's effect. */
export interface Traced {
  <Eff extends Effect.Effect<unknown, unknown, unknown>, AEff, Args extends Array<unknown>>(
    body: (...args: Args) => Generator<Eff, AEff, never>,
  ): (...args: Args) => Effect.Effect<AEff, ErrorOf<Eff>, ServicesOf<Eff>>
  <Eff extends Effect.Effect<unknown, unknown, unknown>, AEff, Args extends Array<unknown>, A, E, R>(
    body: (...args: Args) => Generator<Eff, AEff, never>,
    around: (call: Effect.Effect<AEff, ErrorOf<Eff>, ServicesOf<Eff>>) => Effect.Effect<A, E, R>,
  ): (...args: Args) => Effect.Effect<A, E, R>
}

type AnyEffect = Effect.Effect<unknown, unknown, unknown>

/**
 * A service function with a span of `name` when traced; `around`, when given, wraps each call's
 * effect inside the span (a transaction, a scope), as `Effect.fn`'s second argument does.
 *
 * @example
 * ```ts
 * const fetch = traced("Reports.fetch")(function* (actor: Actor, id: number) {
 *   return yield* reports.find(id)
 * })
 * ```
 */
export const traced = (name: string): Traced =>
  ((
    body: (...args: Array<unknown>) => Generator<AnyEffect, unknown, never>,
    around: (call: AnyEffect) => AnyEffect = (call) => call,
  ) =>
    Effect.fnUntraced(body, (call) =>
      Effect.withFiber((fiber) => {
        const wrapped = around(call)
        return fiber.getRef(References.TracerEnabled) ? Effect.withSpan(wrapped, name) : wrapped
      }),
    )) as Traced
