/**
 * The transaction runners, on every engine: a run of `runner` that fails leaves none of its writes;
 * `singleWriteRunner` runs in a transaction on PostgreSQL, and on SQLite lets each statement commit
 * by itself (its runs write once, at their end).
 */
import { assert, describe, layer } from "@effect/vitest"
import { Effect, Ref } from "effect"
import { SqlClient } from "effect/sql"
import * as Transaction from "../../src/store/sql/Transaction.ts"
import { engines, migratedDatabase } from "../support/TestDatabase.ts"
import { newUser } from "./contract/Tenancy.ts"

/** Runs, with `inRunner`, a user's creation and then a failure; answers whether the user is kept. */
const keptAfterFailure = (inRunner: <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const sql = yield* SqlClient.SqlClient
    const created = yield* Ref.make<number | undefined>(undefined)
    const outcome = yield* inRunner(
      Effect.gen(function* () {
        yield* Ref.set(created, yield* newUser())
        return yield* Effect.fail("stopped after the write")
      }),
    ).pipe(Effect.flip)
    assert.strictEqual(outcome, "stopped after the write")
    const rows = yield* sql<{
      readonly id: number
    }>`SELECT id FROM users WHERE id = ${yield* Ref.get(created)}`
    return rows.length === 1
  }).pipe(Effect.orDie)

describe("Transaction", () => {
  for (const engine of engines) {
    layer(migratedDatabase(engine))(engine, (it) => {
      it.effect("runner: a run that fails leaves none of its writes", () =>
        Effect.gen(function* () {
          assert.isFalse(yield* keptAfterFailure(yield* Transaction.runner))
        }),
      )

      it.effect(`singleWriteRunner: ${engine === "sqlite" ? "no transaction" : "a transaction"}`, () =>
        Effect.gen(function* () {
          assert.strictEqual(
            yield* keptAfterFailure(yield* Transaction.singleWriteRunner),
            engine === "sqlite",
          )
        }),
      )
    })
  }
})
