import { describe, expect, it } from "vitest"
import { chosenChannel } from "./team.ts"

const channels = [
  { id: 4, name: "Streets" },
  { id: 9, name: "Parks" },
] as unknown as Parameters<typeof chosenChannel>[0]

describe("chosenChannel", () => {
  it("keeps the chosen channel when the team has it", () => {
    expect(chosenChannel(channels, 9)).toBe(9)
  })

  it("falls back to the team's first channel when the chosen one is not the team's, or none was chosen", () => {
    expect(chosenChannel(channels, 12)).toBe(4)
    expect(chosenChannel(channels, undefined)).toBe(4)
  })

  it("chooses nothing for a team without channels", () => {
    expect(chosenChannel([], 4)).toBeUndefined()
  })
})
