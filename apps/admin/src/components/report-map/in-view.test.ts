import { describe, expect, it } from "vitest"
import { inView } from "./in-view.ts"

describe("inView", () => {
  it("counts the reports a map shows, in the singular for one", () => {
    expect([0, 1, 2, 12_345].map(inView)).toEqual([
      "No reports in view",
      "1 report in view",
      "2 reports in view",
      `${(12_345).toLocaleString()} reports in view`,
    ])
  })
})
