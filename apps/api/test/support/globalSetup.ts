/**
 * Names this test run, so that the PostgreSQL databases its tests create (`TestDatabase`) carry
 * the name, and drops whatever is left of them when the run ends. With a PostgreSQL server, migrates
 * a template once, which the tests' databases copy instead of migrating each their own.
 */
import { randomBytes } from "node:crypto"
import { createMigratedTemplate, dropRunDatabases, postgresServerUrl } from "./TestDatabase.ts"

/** Vitest's global setup: answers the teardown. */
export default async function setup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString("hex")
  process.env.FIELDREPORT_TEST_RUN = run
  if (postgresServerUrl !== undefined) process.env.FIELDREPORT_TEST_TEMPLATE = await createMigratedTemplate()
  return async () => {
    if (postgresServerUrl !== undefined) await dropRunDatabases(run)
  }
}
