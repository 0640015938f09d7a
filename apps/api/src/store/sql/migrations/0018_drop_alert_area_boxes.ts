/**
 * The alert areas' box table (`alert_areas_box`, made by `createBoxIndex` in migration 0001) goes:
 * the notification fan-out matches against the areas in memory (`AlertAreaIndex`, migration 0012),
 * which computes each box from the area itself, so the table was written on every change and never
 * read.
 *
 * The one statement serves both engines: on SQLite it drops the R*Tree virtual table with its
 * shadow tables, on PostgreSQL the plain table with the GiST index of its generated `box` column.
 */
import { runStatements } from "./Ddl.ts"

/** Drops the alert areas' unread box table. */
export default runStatements([`DROP TABLE alert_areas_box`])
