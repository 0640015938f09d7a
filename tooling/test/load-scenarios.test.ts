import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { loadScenarios } from "../bench/LoadScenarios.ts"
import { type LoadTarget, openTarget } from "../bench/LoadTarget.ts"
import { combine, failuresOf, type Measured } from "../bench/Measure.ts"
import { cpuOf, memoryOf } from "../bench/Servers.ts"
import type { Scenario } from "../generate/Generate.ts"
import { generateDatabase } from "../generate/GeneratedDatabase.ts"

const small: Scenario = {
  reports: 400,
  channels: 2,
  members: 20,
  followers: 3,
  areas: 30,
  shapes: 4,
  notifications: 0,
  reads: 0,
  images: 5,
  seed: 3,
}

describe("the load scenarios", () => {
  let dataDir: string
  let target: LoadTarget

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), "fieldreport-load-test-"))
    await generateDatabase(dataDir, small, () => {})
    target = await openTarget({ dataDir, reports: small.reports, seed: small.seed, log: () => {} })
  })

  afterAll(async () => {
    await target?.close()
    rmSync(dataDir, { recursive: true, force: true })
  })

  it("each get the answer the benchmark counts as good from the API process", async () => {
    const scenarios = loadScenarios(target.context)
    expect(scenarios.map((scenario) => scenario.key)).toEqual([
      "health",
      "me",
      "fetch",
      "fetch-form",
      "list",
      "poll",
      "tiles",
      "analytics",
      "search",
      "create",
      "update",
    ])
    for (const scenario of scenarios) {
      const { path, body } = scenario.next()
      const response = await fetch(`${target.api.url}${path}`, {
        method: scenario.method,
        headers: scenario.headers,
        ...(body === undefined ? {} : { body }),
      })
      const text = await response.text()
      expect({ scenario: scenario.key, status: response.status }).toEqual({
        scenario: scenario.key,
        status: scenario.status,
      })
      expect(text.length).toBeGreaterThan(2)
    }
  })

  it("read the API process's memory and CPU time from /proc", () => {
    const { rss, peak } = memoryOf(target.api.pid)
    expect(rss).toBeGreaterThan(10 * 1024 * 1024)
    expect(peak).toBeGreaterThanOrEqual(rss)
    expect(cpuOf(target.api.pid)).toBeGreaterThan(0)
  })
})

describe("combining bursts", () => {
  const burst = (requestsPerSecond: number, p50: number, p99: number, failed: string): Measured => ({
    requestsPerSecond,
    requests: requestsPerSecond * 4,
    p50,
    p99,
    failures: failed === "" ? 0 : 1,
    failed,
    peakRss: p99 * 1000,
    cpu: requestsPerSecond,
  })

  it("averages throughput, takes the median p50 and the highest p99, memory peak, and sums the rest", () => {
    const combined = combine([burst(100, 5, 40, ""), burst(300, 9, 20, "1 timeouts"), burst(200, 7, 90, "")])
    expect(combined).toEqual({
      requestsPerSecond: 200,
      requests: 2400,
      p50: 7,
      p99: 90,
      failures: 1,
      failed: "1 timeouts",
      peakRss: 90_000,
      cpu: 600,
    })
    expect(failuresOf(combined)).toBe("1 (1 timeouts)")
    expect(failuresOf(burst(1, 1, 1, ""))).toBe("0")
  })
})
