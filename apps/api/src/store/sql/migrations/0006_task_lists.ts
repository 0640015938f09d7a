/**
 * What the task list needs beyond the initial schema: a user's tasks in a team are those they
 * created and those assigned to them, so one index per role, each ending in the list's default
 * order (`client_created_at`), lets the list and its count read only the user's own tasks (the
 * two halves of its `creator_id = … OR assignee_id = …`). B-trees read the same on SQLite and
 * PostgreSQL.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE INDEX tasks_creator ON tasks (team_id, creator_id, client_created_at)`,
  `CREATE INDEX tasks_assignee ON tasks (team_id, assignee_id, client_created_at)`,
]

/** Creates the two indexes. */
export default runStatements(statements)
