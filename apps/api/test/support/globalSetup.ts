/**
 * Names this test run, so that the PostgreSQL databases its tests create (`TestDatabase`) carry
 * the name, and drops whatever is left of them when the run ends.
 */
import { randomBytes } from "node:crypto"
import { dropRunDatabases, postgresServerUrl } from "./TestDatabase.ts"

/** Vitest's global setup: answers the teardown. */
export default function setup(): () => Promise<void> {
  const run = randomBytes(4).toString("hex")
  process.env.FIELDREPORT_TEST_RUN = run
  return async () => {
    if (postgresServerUrl !== undefined) await dropRunDatabases(run)
  }
}
