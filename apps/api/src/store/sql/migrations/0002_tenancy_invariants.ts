/**
 * Invariants of teams, channels and their states that the services keep and the database now
 * guards as well: one owner per team, one root category per channel, one initial state per
 * channel. Partial unique indexes read the same on SQLite and PostgreSQL.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE UNIQUE INDEX team_users_owner ON team_users (team_id) WHERE role = 'owner'`,
  `CREATE UNIQUE INDEX categories_root ON categories (channel_id) WHERE parent_id IS NULL`,
  `CREATE UNIQUE INDEX report_states_initial ON report_states (channel_id) WHERE initial = 1`,
]

/** Creates the three partial unique indexes. */
export default runStatements(statements)
