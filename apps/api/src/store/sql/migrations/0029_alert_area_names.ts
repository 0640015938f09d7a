/**
 * `alert_areas.name`: what the user calls an area ("Home", "The farm"), null for an area without
 * one (every area made before names existed). The in-memory index reads no names, so it ignores
 * the column; a rename still numbers a change (migration 0012), which only re-reads the area.
 */
import { runStatements } from "./Ddl.ts"

/** Adds the column. */
export default runStatements([`ALTER TABLE alert_areas ADD COLUMN name TEXT`])
