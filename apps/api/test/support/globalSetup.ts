/**
 * Names this test run, so that the PostgreSQL databases its tests create (`TestDatabase`) carry
 * the name, and drops whatever is left of them when the run ends. When the integration suites run
 * on PostgreSQL, migrates a template once for the databases of their servers.
 */
import { randomBytes } from "node:crypto"
import {
  createMigratedTemplate,
  dropRunDatabases,
  integrationEngine,
  postgresServerUrl,
} from "./TestDatabase.ts"

/** Vitest's global setup: answers the teardown. */
export default async function setup(): Promise<() => Promise<void>> {
  const run = randomBytes(4).toString("hex")
  process.env.FIELDREPORT_TEST_RUN = run
  if (integrationEngine === "postgres") process.env.FIELDREPORT_TEST_TEMPLATE = await createMigratedTemplate()
  return async () => {
    if (postgresServerUrl !== undefined) await dropRunDatabases(run)
  }
}
