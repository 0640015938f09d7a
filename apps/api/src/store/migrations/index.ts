/**
 * The versioned migrations, applied in order at start-up.
 */
import { Migrator } from "effect/sql"
import initial from "./0001_initial.ts"

/** Every migration, keyed `<number>_<name>`. */
export const migrations = Migrator.fromRecord({
  "0001_initial": initial,
})
