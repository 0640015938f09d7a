import { describe, expect, it } from "vitest"
import { reportCount } from "../../shared/reportCount.ts"
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

describe("reportCount", () => {
  it("says report for one and reports otherwise", () => {
    expect([1, 2, 12_345].map(reportCount)).toEqual([
      "1 report",
      "2 reports",
      `${(12_345).toLocaleString()} reports`,
    ])
  })
})
