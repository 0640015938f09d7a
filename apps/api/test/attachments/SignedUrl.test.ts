import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as SignedUrl from "../../src/attachments/SignedUrl.ts"

const secret = "test-secret-0123456789"
const path = "/api/v4/files/15/thumb"
const start = Date.parse("2026-11-22T04:30:10.000Z")

describe("SignedUrl", () => {
  it.effect("signs for at least the lifetime, rounded up to the minute", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires } = yield* SignedUrl.sign(secret, path, 3600)
      assert.strictEqual(expires % 60, 0)
      assert.isTrue(expires * 1000 >= start + 3600_000)
      assert.isTrue(expires * 1000 < start + 3660_000)
      const url = yield* SignedUrl.signedUrl(secret, "https://reports.example.com", path, 3600)
      assert.match(
        url,
        /^https:\/\/reports\.example\.com\/api\/v4\/files\/15\/thumb\?expires=\d+&signature=[\w-]{43}$/,
      )
    }),
  )

  it.effect("signs many paths as of one instant, each as signedUrl would", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const addressOf = yield* SignedUrl.signer(secret, "https://reports.example.com", 3600)
      // The clock moves on; the signer keeps the instant it was made at.
      yield* TestClock.setTime(start + 120_000)
      const thumb = addressOf(path)
      const medium = addressOf("/api/v4/files/15/medium")
      yield* TestClock.setTime(start)
      assert.strictEqual(thumb, yield* SignedUrl.signedUrl(secret, "https://reports.example.com", path, 3600))
      assert.notStrictEqual(medium.split("signature=")[1], thumb.split("signature=")[1])
      const query = new URL(medium).searchParams
      const presented = { expires: query.get("expires"), signature: query.get("signature") }
      assert.strictEqual(yield* SignedUrl.verify(secret, "/api/v4/files/15/medium", presented), "valid")
    }),
  )

  it.effect("accepts its own signature until the expiry, then calls it expired", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires, signature } = yield* SignedUrl.sign(secret, path, 3600)
      const presented = { expires: String(expires), signature }
      assert.strictEqual(yield* SignedUrl.verify(secret, path, presented), "valid")
      yield* TestClock.setTime(expires * 1000 - 1)
      assert.strictEqual(yield* SignedUrl.verify(secret, path, presented), "valid")
      yield* TestClock.setTime(expires * 1000)
      assert.strictEqual(yield* SignedUrl.verify(secret, path, presented), "expired")
    }),
  )

  it.effect("refuses a tampered signature, expiry, path or secret, and missing parameters", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires, signature } = yield* SignedUrl.sign(secret, path, 3600)
      const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`
      const verify = (presented: { expires: unknown; signature: unknown }, at = path, key = secret) =>
        SignedUrl.verify(key, at, presented)
      assert.strictEqual(yield* verify({ expires: String(expires), signature: flipped }), "invalid")
      assert.strictEqual(yield* verify({ expires: String(expires + 3600), signature }), "invalid")
      assert.strictEqual(
        yield* verify({ expires: String(expires), signature }, "/api/v4/files/16/thumb"),
        "invalid",
      )
      assert.strictEqual(
        yield* verify({ expires: String(expires), signature }, "/api/v4/files/15/original"),
        "invalid",
      )
      assert.strictEqual(
        yield* verify({ expires: String(expires), signature }, path, "another-secret"),
        "invalid",
      )
      assert.strictEqual(yield* verify({ expires: undefined, signature }), "invalid")
      assert.strictEqual(yield* verify({ expires: String(expires), signature: undefined }), "invalid")
      assert.strictEqual(yield* verify({ expires: [String(expires)], signature }), "invalid")
      assert.strictEqual(yield* verify({ expires: `${expires}.0`, signature }), "invalid")
    }),
  )

  it.effect("calls a tampered and expired address invalid, not expired", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires } = yield* SignedUrl.sign(secret, path, 60)
      yield* TestClock.adjust("2 hours")
      assert.strictEqual(
        yield* SignedUrl.verify(secret, path, { expires: String(expires), signature: "x" }),
        "invalid",
      )
    }),
  )
})
