/**
 * The layers of the API, held by reading the source: data flows one way, so a route calls services
 * and renders through `presentation/`, and never reaches into `store/` (docs/architecture.md).
 */
import { readdirSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"

const routesDirectory = join(import.meta.dirname, "../src/http/routes")

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
