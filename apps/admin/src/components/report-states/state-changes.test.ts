import { describe, expect, it } from "vitest"
import { stateChanges } from "./state-changes.ts"

const state = (id: number, name: string, position: number, initial = false) => ({
  id,
  channel_id: 4,
  name,
  position,
  initial,
  appearance: "normal" as const,
  next_state_ids: null,
})

const stored = [state(1, "New", 0, true), state(2, "In progress", 1), state(3, "Resolved", 2)]

describe("stateChanges", () => {
  it("sends nothing for states as stored", () => {
    expect(stateChanges(stored, stored)).toEqual([])
  })

  it("sends only what changed, and an empty list of next states as null", () => {
    const [first, second, third] = stored
    const edited = [
      { ...first!, name: "Open" },
      { ...second!, next_state_ids: [] },
      { ...third!, appearance: "loud" as const },
    ]
    expect(stateChanges(stored, edited).map(({ state, change }) => [state.id, change])).toEqual([
      [1, { name: "Open" }],
      [3, { appearance: "loud" }],
    ])
  })

  it("makes a state initial on itself alone, and gives reordered states their places", () => {
    const [first, second, third] = stored
    const edited = [{ ...second! }, { ...first!, initial: false }, { ...third!, initial: true }]
    expect(stateChanges(stored, edited).map(({ state, change }) => [state.id, change])).toEqual([
      [2, { position: 0 }],
      [1, { position: 1 }],
      [3, { initial: true }],
    ])
  })
})
