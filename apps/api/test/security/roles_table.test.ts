/**
 * The roles table of `docs/security.md` ("Who may call each endpoint") names every endpoint of the
 * API reference once, and nothing else: an endpoint added without saying who may call it, or one
 * removed while the table still lists it, fails here. (Whether the roles named are the ones the API
 * enforces is shown by `api5_function_level_authorisation.test.ts` and the per-resource tests.)
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import * as Document from "../../src/openapi/Document.ts"

const securityPage = new URL("../../../../docs/security.md", import.meta.url)

/** The `METHOD /path` of each row of the table under the heading `heading`. */
const tableRows = (markdown: string, heading: string): ReadonlyArray<string> => {
  const section = markdown.split(/^## /m).find((part) => part.startsWith(heading))
  if (section === undefined) throw new Error(`docs/security.md has no section "${heading}"`)
  return section
    .split("\n")
    .map((line) => /^\| `([A-Z]+ \/[^`]+)` \|/.exec(line)?.[1])
    .filter((row): row is string => row !== undefined)
}

describe("docs/security.md", () => {
  it("says who may call every endpoint of the API reference, each once", () => {
    const rows = tableRows(readFileSync(securityPage, "utf8"), "Who may call each endpoint")
    const endpoints = Object.entries(Document.make().paths).flatMap(([path, operations]) =>
      Object.keys(operations ?? {}).map((method) => `${method.toUpperCase()} ${path}`),
    )
    expect(rows.filter((row, index) => rows.indexOf(row) !== index)).toEqual([])
    expect([...rows].sort()).toEqual([...endpoints].sort())
  })
})
