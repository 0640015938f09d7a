/**
 * The versioned migrations, applied in order at start-up.
 */
import { Migrator } from "effect/sql"
import initial from "./0001_initial.ts"
import tenancyInvariants from "./0002_tenancy_invariants.ts"
import jobsAndAttachments from "./0003_jobs_and_attachments.ts"

/** Every migration, keyed `<number>_<name>`. */
export const migrations = Migrator.fromRecord({
  "0001_initial": initial,
  "0002_tenancy_invariants": tenancyInvariants,
  "0003_jobs_and_attachments": jobsAndAttachments,
})
