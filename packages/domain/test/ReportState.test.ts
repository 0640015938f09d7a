import { describe, expect, it } from "@effect/vitest"
import { Option, Result } from "effect"
import fc from "fast-check"
import { InvalidInput } from "../src/Invalid.ts"
import {
  checkInitialChange,
  checkNextStateIds,
  initialState,
  nextStates,
  onUpdate,
  type ReportState,
  type StateChange,
} from "../src/ReportState.ts"

// New (1) → In progress (2) → Resolved (3); Resolved may be reopened (1); Archived (4) unrestricted.
const states: ReadonlyArray<ReportState> = [
  { id: 1, position: 0, initial: true, next_state_ids: [2] },
  { id: 2, position: 1, initial: false, next_state_ids: [3, 1] },
  { id: 3, position: 2, initial: false, next_state_ids: [1] },
  { id: 4, position: 3, initial: false },
  { id: 5, position: 4, initial: false, next_state_ids: null },
  { id: 6, position: 5, initial: false, next_state_ids: [] },
]

describe("ReportState.initialState", () => {
  it.each<[string, ReadonlyArray<ReportState>, number | undefined]>([
    ["the state marked initial", states, 1],
    [
      "the state marked initial, whatever its position",
      [
        { id: 1, position: 0, initial: false },
        { id: 2, position: 5, initial: true },
      ],
      2,
    ],
    [
      "the lowest position when none is marked",
      [
        { id: 7, position: 2, initial: false },
        { id: 8, position: 1, initial: false },
        { id: 9, position: 3, initial: false },
      ],
      8,
    ],
    [
      "the lowest id among equal positions",
      [
        { id: 9, position: 1, initial: false },
        { id: 8, position: 1, initial: false },
      ],
      8,
    ],
    [
      "the lowest position among several marked",
      [
        { id: 1, position: 0, initial: false },
        { id: 2, position: 4, initial: true },
        { id: 3, position: 2, initial: true },
      ],
      3,
    ],
    ["nothing for a channel without states", [], undefined],
  ])("is %s", (_, channelStates, expected) => {
    expect(Option.getOrUndefined(initialState(channelStates))?.id).toBe(expected)
  })
})

describe("ReportState.onUpdate", () => {
  const unchanged: StateChange = { _tag: "Unchanged" }
  const changed = (previousStateId: number, nextStateId: number): StateChange => ({
    _tag: "Changed",
    previousStateId,
    nextStateId,
  })

  it.each<[string, number, number | null | undefined, StateChange]>([
    ["no report_state_id", 1, undefined, unchanged],
    ["a null report_state_id", 1, null, unchanged],
    ["the current state again, even when not listed as a next state", 1, 1, unchanged],
    ["an allowed next state", 1, 2, changed(1, 2)],
    ["another allowed next state", 2, 1, changed(2, 1)],
    ["any state from a state without next_state_ids", 4, 3, changed(4, 3)],
    ["any state from a state with null next_state_ids", 5, 2, changed(5, 2)],
    ["any state from a state with empty next_state_ids", 6, 4, changed(6, 4)],
    ["any state from a current state the channel no longer has", 99, 3, changed(99, 3)],
  ])("allows %s", (_, currentStateId, requestedStateId, expected) => {
    expect(onUpdate({ states, currentStateId, requestedStateId })).toEqual(Result.succeed(expected))
  })

  it.each<[string, number, number, string]>([
    ["a state of another channel", 1, 42, "is not a report state of this channel"],
    [
      "a state of another channel, from an unrestricted state",
      4,
      42,
      "is not a report state of this channel",
    ],
    ["a state not listed as next", 1, 3, "cannot follow state 1; allowed: 2"],
    ["a state not listed among several", 2, 4, "cannot follow state 2; allowed: 3, 1"],
  ])("rejects %s", (_, currentStateId, requestedStateId, message) => {
    expect(onUpdate({ states, currentStateId, requestedStateId })).toEqual(
      Result.fail(InvalidInput.at("report.report_state_id", message)),
    )
  })
})

describe("ReportState.nextStates", () => {
  const states: ReadonlyArray<ReportState> = [
    { id: 3, position: 2, initial: false },
    { id: 1, position: 0, initial: true, next_state_ids: [2] },
    { id: 2, position: 1, initial: false, next_state_ids: [] },
    { id: 4, position: 1, initial: false, next_state_ids: null },
  ]

  it("offers the states the current one lists", () => {
    expect(nextStates(states, 1).map((state) => state.id)).toEqual([2])
  })

  it("offers every other state, in position order, when the current one lists none or an empty list", () => {
    expect(nextStates(states, 2).map((state) => state.id)).toEqual([1, 4, 3])
    expect(nextStates(states, 4).map((state) => state.id)).toEqual([1, 2, 3])
  })

  it("offers exactly the states an update accepts", () => {
    const state = (id: number) =>
      fc.record({
        id: fc.constant(id),
        position: fc.nat(5),
        initial: fc.boolean(),
        next_state_ids: fc.option(fc.subarray([1, 2, 3, 4, 5]), { nil: null }),
      })
    fc.assert(
      fc.property(
        fc.tuple(state(1), state(2), state(3), state(4), state(5)),
        fc.integer({ min: 1, max: 5 }),
        (all, current) => {
          const offered = new Set(nextStates(all, current).map((each) => each.id))
          return all.every(
            (target) =>
              target.id === current ||
              offered.has(target.id) ===
                Result.isSuccess(
                  onUpdate({ states: all, currentStateId: current, requestedStateId: target.id }),
                ),
          )
        },
      ),
    )
  })
})

describe("ReportState.checkNextStateIds", () => {
  it("takes states of the channel, or none", () => {
    expect(Result.isSuccess(checkNextStateIds([2, 3], [1, 2, 3]))).toBe(true)
    expect(Result.isSuccess(checkNextStateIds(null, [1]))).toBe(true)
    expect(Result.isSuccess(checkNextStateIds([], []))).toBe(true)
  })

  it("names the states of other channels", () => {
    const one = checkNextStateIds([2, 9], [1, 2, 3])
    expect(Result.isFailure(one) && one.failure.errors).toEqual({
      "report_state.next_state_ids": ["must name states of the same channel; 9 is not"],
    })
    const two = checkNextStateIds([8, 9], [1])
    expect(Result.isFailure(two) && two.failure.errors).toEqual({
      "report_state.next_state_ids": ["must name states of the same channel; 8, 9 are not"],
    })
  })
})

describe("ReportState.checkInitialChange", () => {
  it("refuses to unset the initial state, and takes every other change", () => {
    const refused = checkInitialChange(true, false)
    expect(Result.isFailure(refused) && refused.failure.errors).toEqual({
      "report_state.initial": ["a channel needs an initial state; make another state initial instead"],
    })
    for (const [initial, requested] of [
      [true, true],
      [true, undefined],
      [false, false],
      [false, true],
      [false, undefined],
    ] as const) {
      expect(Result.isSuccess(checkInitialChange(initial, requested))).toBe(true)
    }
  })
})
