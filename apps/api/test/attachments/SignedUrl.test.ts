import { assert, describe, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import * as SignedUrl from "../../src/attachments/SignedUrl.ts"

const secret = "test-secret-0123456789"
const path = "/api/v4/files/15"
const start = Date.parse("2026-11-22T04:30:10.000Z")

describe("SignedUrl", () => {
  it.effect("signs for at least the lifetime, rounded up to the minute", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires } = yield* SignedUrl.sign(secret, path, 3600)
      assert.strictEqual(expires % 60, 0)
      assert.isTrue(expires * 1000 >= start + 3600_000)
      assert.isTrue(expires * 1000 < start + 3660_000)
    }),
  )

  it.effect("gives every name of a scope one signature, as of the instant the signer was made", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires, signature } = yield* SignedUrl.sign(secret, path, 3600)
      const addressesOf = yield* SignedUrl.signer(secret, "https://reports.example.com", 3600)
      // The clock moves on; the signer keeps the instant it was made at.
      yield* TestClock.setTime(start + 120_000)
      const urlOf = addressesOf(path)
      assert.strictEqual(
        urlOf("thumb"),
        `https://reports.example.com/api/v4/files/15/thumb?expires=${expires}&signature=${signature}`,
      )
      assert.match(
        urlOf("medium"),
        /^https:\/\/reports\.example\.com\/api\/v4\/files\/15\/medium\?expires=\d+&signature=[\w-]{43}$/,
      )
      const query = new URL(urlOf("medium")).searchParams
      const presented = { expires: query.get("expires"), signature: query.get("signature") }
      assert.strictEqual(yield* SignedUrl.verify(secret, path, presented), "valid")
      assert.notStrictEqual(
        new URL(addressesOf("/api/v4/files/16")("thumb")).searchParams.get("signature"),
        signature,
      )
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

  it.effect("refuses a tampered signature, expiry, scope or secret, and missing parameters", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(start)
      const { expires, signature } = yield* SignedUrl.sign(secret, path, 3600)
      const flipped = `${signature.slice(0, -1)}${signature.endsWith("A") ? "B" : "A"}`
      const verify = (presented: { expires: unknown; signature: unknown }, at = path, key = secret) =>
        SignedUrl.verify(key, at, presented)
      assert.strictEqual(yield* verify({ expires: String(expires), signature: flipped }), "invalid")
      assert.strictEqual(yield* verify({ expires: String(expires + 3600), signature }), "invalid")
      assert.strictEqual(
        yield* verify({ expires: String(expires), signature }, "/api/v4/files/16"),
        "invalid",
      )
      assert.strictEqual(
        yield* verify({ expires: String(expires), signature }, "/api/v4/files/151"),
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
