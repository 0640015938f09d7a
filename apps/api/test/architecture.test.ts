/**
 * The layers of the API, held by reading the source: data flows one way, so a route calls services
 * and renders through `presentation/`, and never reaches into `store/`; a job kind lives in `jobs/`,
 * which never reaches up into `services/` (docs/architecture.md).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import * as JobKinds from "../src/jobs/JobKinds.ts"

const routesDirectory = join(import.meta.dirname, "../src/http/routes")
const jobsDirectory = join(import.meta.dirname, "../src/jobs")

/** Every module a source file imports or re-exports from, as written. */
const importsOf = (source: string): ReadonlyArray<string> =>
  [...source.matchAll(/\b(?:from|import)\s*\(?\s*["']([^"']+)["']/g)].map((match) => match[1] ?? "")

describe("the routes", () => {
  const files = readdirSync(routesDirectory).filter((name) => name.endsWith(".ts"))

  it("are found", () => {
    expect(files).toContain("ReportRoutes.ts")
  })

  it.each(files)("%s imports nothing from store/", (name) => {
    const source = readFileSync(join(routesDirectory, name), "utf8")
    expect(importsOf(source).filter((path) => /(^|\/)store\//.test(path))).toEqual([])
  })

  it("would see a store import", () => {
    expect(importsOf('import type { TeamRow } from "../../store/TeamStore.ts"')).toEqual([
      "../../store/TeamStore.ts",
    ])
    expect(importsOf('const m = await import("../../store/TeamStore.ts")')).toEqual([
      "../../store/TeamStore.ts",
    ])
  })
})

describe("the jobs", () => {
  const files = readdirSync(jobsDirectory).filter((name) => name.endsWith(".ts"))

  it("are found", () => {
    expect(files).toContain("JobKinds.ts")
  })

  // Services enqueue jobs and register handlers; a kind lives in jobs/JobKinds.ts, below both.
  it.each(files)("%s imports nothing from services/", (name) => {
    const source = readFileSync(join(jobsDirectory, name), "utf8")
    expect(importsOf(source).filter((path) => /(^|\/)services\//.test(path))).toEqual([])
  })

  it("each kind has a name of its own, as stored in the jobs table", () => {
    const names = Object.values(JobKinds).flatMap((value) =>
      typeof value === "object" && value !== null && "name" in value && "payload" in value
        ? [value.name]
        : [],
    )
    expect(names.length).toBeGreaterThanOrEqual(10)
    expect(new Set(names).size).toBe(names.length)
  })
})
