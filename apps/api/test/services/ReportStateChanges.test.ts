/**
 * How a write moves a report between its channel's states: a new report starts in the initial
 * state, an update follows the transitions, and a move is recorded with the states' names.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit, Result } from "effect"
import * as ReportStateChanges from "../../src/services/ReportStateChanges.ts"
import { actor, type Calls, context, reportOf, writeServices } from "./ReportWriteFixtures.ts"

describe("ReportStateChanges", () => {
  it.effect("starts a new report in the state marked initial, and dies for a channel without states", () =>
    Effect.gen(function* () {
      assert.strictEqual(yield* ReportStateChanges.initialStateOf(context), 1)
      const exit = yield* Effect.exit(ReportStateChanges.initialStateOf({ ...context, states: [] }))
      assert.isTrue(Exit.hasDies(exit))
    }),
  )

  it("moves a report only to a state that may follow its own", () => {
    const current = reportOf({ report_state_id: 1 })
    assert.deepStrictEqual(
      ReportStateChanges.onUpdate(context, current, 2),
      Result.succeed({ _tag: "Changed", previousStateId: 1, nextStateId: 2 }),
    )
    assert.deepStrictEqual(
      ReportStateChanges.onUpdate(context, current, 1),
      Result.succeed({ _tag: "Unchanged" }),
    )
    assert.isTrue(Result.isFailure(ReportStateChanges.onUpdate(context, current, 3)))
  })

  it.effect("records a move with both states' names, by the actor, at the time given", () => {
    const calls: Calls = []
    return Effect.gen(function* () {
      const stateChanges = yield* ReportStateChanges.make
      yield* stateChanges.record(
        actor,
        context,
        reportOf(),
        { _tag: "Changed", previousStateId: 2, nextStateId: 3 },
        "2026-03-04T05:06:07.000Z",
      )
      assert.deepStrictEqual(calls, [
        [
          "insertStateChange",
          {
            report_id: 49,
            channel_id: 31,
            user_id: 7,
            previous_state_id: 2,
            previous_state_name: "In progress",
            new_state_id: 3,
            new_state_name: "Done",
            created_at: "2026-03-04T05:06:07.000Z",
          },
        ],
      ])
    }).pipe(Effect.provide(writeServices(calls)))
  })
})
