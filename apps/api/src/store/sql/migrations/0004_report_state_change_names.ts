/**
 * Report state changes keep the names the two states had when the report moved, so a report's
 * history reads the same after a state is renamed (the domain's `ReportStateChange`). Changes
 * written before this migration take the states' current names.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `ALTER TABLE report_state_changes ADD COLUMN previous_state_name TEXT NOT NULL DEFAULT ''`,
  `ALTER TABLE report_state_changes ADD COLUMN new_state_name TEXT NOT NULL DEFAULT ''`,
  `UPDATE report_state_changes SET
    previous_state_name = COALESCE(
      (SELECT s.name FROM report_states s WHERE s.id = report_state_changes.previous_state_id), ''),
    new_state_name = COALESCE(
      (SELECT s.name FROM report_states s WHERE s.id = report_state_changes.new_state_id), '')`,
]

/** Adds and fills the two name columns. */
export default runStatements(statements)
