/**
 * Every API path is written once, in the contract (`packages/contract`): the API, the admin UI,
 * the importer and the tooling build their addresses from it (typed client calls, `href`). Tests
 * and comments may quote paths; code may not. The load benchmark's floors are the one exception: they
 * do the API's work the plainest way, with nothing of the project but its statements, so they
 * write their answers' addresses by hand.
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { describe, expect, it } from "vitest"

const root = join(import.meta.dirname, "../..")

/** The source trees that must not write an API path. */
const trees = [
  "apps/api/src",
  "apps/admin/src",
  "apps/importer/src",
  "packages/client/src",
  "packages/domain/src",
  "tooling/bench",
  "tooling/container",
  "tooling/generate",
]

/** The floor servers of the load benchmark (SQLite and PostgreSQL) and their parts. */
const isFloor = (path: string): boolean =>
  /tooling\/bench\/(floor|pg-floor|Floor\w*|PgFloor\w*)\.ts$/.test(path)

const sourceFiles = (directory: string): ReadonlyArray<string> =>
  readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name)
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(path)
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") && !isFloor(path) ? [path] : []
  })

/** The lines of code (not comments) that write a path under `/api/v4`. */
const literalPaths = (source: string): ReadonlyArray<string> =>
  source
    .split("\n")
    .filter((line) => !/^\s*(\*|\/\*|\/\/)/.test(line))
    .filter((line) => /["'`}]\/api\/v4\//.test(line))

describe("API paths", () => {
  const files = trees.flatMap((tree) => sourceFiles(join(root, tree)))

  it("are looked for in every source tree", () => {
    expect(files.length).toBeGreaterThan(100)
  })

  it("are written only in the contract", () => {
    const found = files.flatMap((file) =>
      literalPaths(readFileSync(file, "utf8")).map((line) => `${relative(root, file)}: ${line.trim()}`),
    )
    expect(found).toEqual([])
  })

  it("would see a path written in code, and not one quoted in a comment", () => {
    expect(literalPaths('const url = "/api/v4/tasks"\n * GET `/api/v4/tasks`\n// "/api/v4/x"')).toEqual([
      'const url = "/api/v4/tasks"',
    ])
    expect(literalPaths(`const url = \`\${base}/api/v4/tasks/\${id}\``)).toHaveLength(1)
  })
})
