/**
 * The reports' box table (`reports_box`, made by `createBoxIndex` in migration 0001) goes: searches
 * and tiles select reports by their `latitude` and `longitude` columns, so the table was written
 * with every report and never read. It was also the one channel table without a channel, which
 * kept the reports' tables from being distributed by channel on Citus (docs/deployment.md).
 *
 * As in migration 0018, the one statement drops SQLite's R*Tree with its shadow tables and
 * PostgreSQL's table with its GiST index.
 */
import { runStatements } from "./Ddl.ts"

/** Drops the reports' unread box table. */
export default runStatements([`DROP TABLE reports_box`])
