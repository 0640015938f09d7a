import { describe, expect, it } from "@effect/vitest"
import { ApiError, TransportError } from "@fieldreport/client/ApiError"
import { Duration, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import * as Retry from "../src/Retry.ts"

const answer = (status: number, retryAfterSeconds?: number) =>
  new ApiError({
    status,
    title: `HTTP ${status}`,
    detail: "",
    errors: {},
    ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
  })

/** A call that fails with each of `failures` in turn, then answers how many calls were made. */
const flaky = (failures: ReadonlyArray<ApiError | TransportError>) => {
  let calls = 0
  return Effect.suspend(() => {
    calls += 1
    const failure = failures[calls - 1]
    return failure === undefined ? Effect.succeed(calls) : Effect.fail(failure)
  })
}

const quick: Retry.RetryPolicy = { retries: 3, baseDelay: Duration.millis(10), maxDelay: Duration.millis(40) }

describe("Retry", () => {
  it.effect("tries again after 5xx answers and network failures", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(
        Retry.withRetries(flaky([answer(503), new TransportError({ message: "ECONNRESET" })]), quick),
      )
      yield* TestClock.adjust(Duration.seconds(1))
      expect(yield* Fiber.join(fiber)).toBe(3)
    }),
  )

  it.effect("gives up when the retries are spent, with the last failure", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(
        Effect.flip(Retry.withRetries(flaky([answer(500), answer(502), answer(503), answer(504)]), quick)),
      )
      yield* TestClock.adjust(Duration.seconds(1))
      expect((yield* Fiber.join(fiber)).message).toBe("504 HTTP 504: ")
    }),
  )

  it.effect("does not repeat a call the API refused", () =>
    Effect.gen(function* () {
      const error = yield* Effect.flip(Retry.withRetries(flaky([answer(422), answer(422)]), quick))
      expect(error).toEqual(answer(422))
    }),
  )

  it.effect("waits as long as a 429 asked before trying again", () =>
    Effect.gen(function* () {
      const fiber = yield* Effect.forkChild(Retry.withRetries(flaky([answer(429, 30)]), quick))
      yield* TestClock.adjust(Duration.seconds(29))
      expect(fiber.pollUnsafe()).toBeUndefined()
      yield* TestClock.adjust(Duration.seconds(1))
      expect(yield* Fiber.join(fiber)).toBe(2)
    }),
  )
})
