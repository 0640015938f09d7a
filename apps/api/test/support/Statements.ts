/**
 * The SQL statements SQLite runs while a request does, seen by wrapping node:sqlite's statement
 * methods: how suites hold a request to few statements, or a decision to one look-up. SQLite only
 * (the integration suites on PostgreSQL skip these checks).
 */
import { StatementSync } from "node:sqlite"

type Run = "all" | "get" | "run" | "iterate"
const runs: ReadonlyArray<Run> = ["all", "get", "run", "iterate"]

/**
 * The SQL of every statement SQLite runs while `act` does, white space folded.
 *
 * @example
 * ```ts
 * const statements = await statementsDuring(() => server.request("GET", "/api/v4/reports/49", { token }))
 * ```
 */
export const statementsDuring = async (act: () => Promise<unknown>): Promise<ReadonlyArray<string>> => {
  const seen: Array<string> = []
  const methods = StatementSync.prototype as unknown as Record<Run, (...args: Array<unknown>) => unknown>
  const originals = runs.map((name) => [name, methods[name]] as const)
  for (const [name, original] of originals)
    methods[name] = function (this: StatementSync, ...args: Array<unknown>) {
      seen.push(this.sourceSQL.replace(/\s+/g, " ").trim())
      return original.apply(this, args)
    }
  try {
    await act()
  } finally {
    for (const [name, original] of originals) methods[name] = original
  }
  return seen
}

/**
 * The statements that read a channel with the caller's roles in it: the access decision.
 *
 * @example
 * ```ts
 * expect(channelAccessReads(statements)).toHaveLength(1)
 * ```
 */
export const channelAccessReads = (statements: ReadonlyArray<string>): ReadonlyArray<string> =>
  statements.filter((sql) => sql.includes("cm.role AS channel_role"))
