/**
 * Each user's counts in a channel, kept as reports, reads and notifications are written, for the
 * analytics that answer one row per user (docs/api.md, Analytics): `reports_per_user`,
 * `reports_read` and `user_awareness`. Their answers have as many rows as the channel has active
 * members, so no count per day or month is much smaller than the reports themselves (20,000 members
 * filing a million reports over two years have some 400,000 member-months); but the totals are one
 * row per user, and a range holding most of a channel's reports is counted as the totals less the
 * reports outside it (`AnalyticsStore`).
 *
 * - `user_counts`, per channel and user: `reports` filed (anonymous ones left out), `opens` of
 *   the channel's reports and `reports_read` (distinct reports opened), `alerts` (notifications
 *   about the channel's reports) and `alerts_opened`, and `alert_sources`: their reports (not
 *   anonymous) that alerted someone else.
 * - `channel_counts`: the channel's `reports_seen`, reports opened at least once.
 *
 * Triggers keep them on every write of `reports`, `report_reads` and `notifications`. Reads and
 * notifications carry their report's channel (a report never changes channel), so they are
 * counted out from their own row even when a channel's deletion cascades to them; the report is
 * gone by then, so a report's `alert_sources` are counted out before it is deleted. A count that
 * falls to 0 stays as a row of 0. A notification's user and report never change, and there is at
 * most one per user and report (`UNIQUE (user_id, report_id)`).
 *
 * On PostgreSQL, where writers do not wait on each other, the triggers that ask whether a read or a
 * notification is the first of its kind lock the report's row first, so two transactions never
 * both count themselves first.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { postgresTypes } from "./Ddl.ts"

const tables: ReadonlyArray<string> = [
  `CREATE TABLE user_counts (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL,
    reports INTEGER NOT NULL DEFAULT 0,
    opens INTEGER NOT NULL DEFAULT 0,
    reports_read INTEGER NOT NULL DEFAULT 0,
    alerts INTEGER NOT NULL DEFAULT 0,
    alerts_opened INTEGER NOT NULL DEFAULT 0,
    alert_sources INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (channel_id, user_id)
  ) WITHOUT ROWID`,
  `CREATE TABLE channel_counts (
    channel_id INTEGER PRIMARY KEY REFERENCES channels(id) ON DELETE CASCADE,
    reports_seen INTEGER NOT NULL DEFAULT 0
  )`,
]

/** Whether a report (`row`) alerted someone other than its reporter (`reporter`). */
const alertedOthers = (report: string, reporter: string) =>
  `EXISTS (SELECT 1 FROM notifications n WHERE n.report_id = ${report} AND n.user_id <> ${reporter})`

// The counts of what was written so far, each a statement both engines read alike.
const fill: ReadonlyArray<string> = [
  `INSERT INTO user_counts (channel_id, user_id, reports)
    SELECT channel_id, user_id, COUNT(*) FROM reports WHERE is_anonymous = 0 GROUP BY channel_id, user_id`,
  `INSERT INTO user_counts (channel_id, user_id, opens, reports_read)
    SELECT channel_id, user_id, COUNT(*), COUNT(DISTINCT report_id) FROM report_reads
    WHERE true GROUP BY channel_id, user_id
    ON CONFLICT (channel_id, user_id) DO UPDATE SET opens = excluded.opens, reports_read = excluded.reports_read`,
  `INSERT INTO user_counts (channel_id, user_id, alerts, alerts_opened)
    SELECT channel_id, user_id, COUNT(*), SUM(read) FROM notifications
    WHERE true GROUP BY channel_id, user_id
    ON CONFLICT (channel_id, user_id) DO UPDATE SET alerts = excluded.alerts, alerts_opened = excluded.alerts_opened`,
  `INSERT INTO user_counts (channel_id, user_id, alert_sources)
    SELECT r.channel_id, r.user_id, COUNT(*) FROM reports r
    WHERE r.is_anonymous = 0 AND ${alertedOthers("r.id", "r.user_id")}
    GROUP BY r.channel_id, r.user_id
    ON CONFLICT (channel_id, user_id) DO UPDATE SET alert_sources = excluded.alert_sources`,
  `INSERT INTO channel_counts (channel_id, reports_seen)
    SELECT channel_id, COUNT(DISTINCT report_id) FROM report_reads GROUP BY channel_id`,
]

/**
 * How an upsert names its table's row in `DO UPDATE`: through the alias `c` on PostgreSQL, by the
 * table's own name in SQLite's triggers: SQLite 3.40 (Debian 12's `sqlite3`) cannot read a trigger
 * whose INSERT gives its table an alias, and then cannot open the database at all.
 */
type Upsert = "aliased" | "named"

/** The target of an upsert into `table`, and its row's `column` in `DO UPDATE`. */
const upsertInto = (table: string, upsert: Upsert) => ({
  into: upsert === "aliased" ? `${table} AS c` : table,
  current: (column: string) => `${upsert === "aliased" ? "c" : table}.${column}`,
})

/** Adds `amounts` (column → SQL expression) to a user's counts, making their row if need be; only when `when` holds. */
const add = (
  channel: string,
  user: string,
  amounts: Record<string, string>,
  when = "true",
  upsert: Upsert = "named",
) => {
  const columns = Object.keys(amounts)
  const target = upsertInto("user_counts", upsert)
  return `INSERT INTO ${target.into} (channel_id, user_id, ${columns.join(", ")})
    SELECT ${channel}, ${user}, ${Object.values(amounts).join(", ")} WHERE ${when}
    ON CONFLICT (channel_id, user_id) DO UPDATE SET
      ${columns.map((column) => `${column} = ${target.current(column)} + excluded.${column}`).join(", ")};`
}

/** Takes `amounts` off a user's counts; only when `when` holds. */
const take = (channel: string, user: string, amounts: Record<string, string>, when = "true") =>
  `UPDATE user_counts SET ${Object.entries(amounts)
    .map(([column, amount]) => `${column} = ${column} - (${amount})`)
    .join(", ")}
    WHERE channel_id = ${channel} AND user_id = ${user} AND ${when};`

/** Whether a read (`row`) is the only one of its report by its reader, or of its report at all. */
const onlyRead = (row: "NEW" | "OLD", byReader: boolean) =>
  `NOT EXISTS (SELECT 1 FROM report_reads o WHERE o.report_id = ${row}.report_id
    ${byReader ? `AND o.user_id = ${row}.user_id` : ""} AND o.id <> ${row}.id)`

const countRead = [
  add("NEW.channel_id", "NEW.user_id", {
    opens: "1",
    reports_read: `CASE WHEN ${onlyRead("NEW", true)} THEN 1 ELSE 0 END`,
  }),
  `INSERT INTO channel_counts (channel_id, reports_seen) SELECT NEW.channel_id, 1 WHERE ${onlyRead("NEW", false)}
    ON CONFLICT (channel_id) DO UPDATE SET reports_seen = channel_counts.reports_seen + 1;`,
].join("\n")
const uncountRead = [
  take("OLD.channel_id", "OLD.user_id", {
    opens: "1",
    reports_read: `CASE WHEN ${onlyRead("OLD", true)} THEN 1 ELSE 0 END`,
  }),
  `UPDATE channel_counts SET reports_seen = reports_seen - 1
    WHERE channel_id = OLD.channel_id AND ${onlyRead("OLD", false)};`,
].join("\n")

/**
 * The reporter of a notification's report, when the notification is to someone else, the report is
 * not anonymous and no other notification about it is to someone else: the one notification that
 * makes (or made) the report an alert source. No row when the report is gone.
 */
const soleAlertOf = (row: "NEW" | "OLD") => `SELECT r.channel_id, r.user_id FROM reports r
  WHERE r.id = ${row}.report_id AND r.is_anonymous = 0 AND r.user_id <> ${row}.user_id
    AND NOT EXISTS (SELECT 1 FROM notifications o
      WHERE o.report_id = ${row}.report_id AND o.user_id <> r.user_id AND o.id <> ${row}.id)`

const countNotification = [
  add("NEW.channel_id", "NEW.user_id", { alerts: "1", alerts_opened: "NEW.read" }),
  `INSERT INTO user_counts (channel_id, user_id, alert_sources)
    SELECT s.channel_id, s.user_id, 1 FROM (${soleAlertOf("NEW")}) s WHERE true
    ON CONFLICT (channel_id, user_id) DO UPDATE SET alert_sources = user_counts.alert_sources + 1;`,
].join("\n")
const uncountNotification = [
  take("OLD.channel_id", "OLD.user_id", { alerts: "1", alerts_opened: "OLD.read" }),
  `UPDATE user_counts SET alert_sources = alert_sources - 1
    WHERE (channel_id, user_id) IN (${soleAlertOf("OLD")});`,
].join("\n")
const recountOpened = take("NEW.channel_id", "NEW.user_id", { alerts_opened: "OLD.read - NEW.read" })

const countReport = (upsert: Upsert) =>
  add(
    "NEW.channel_id",
    "NEW.user_id",
    {
      reports: "1",
      alert_sources: `CASE WHEN ${alertedOthers("NEW.id", "NEW.user_id")} THEN 1 ELSE 0 END`,
    },
    "NEW.is_anonymous = 0",
    upsert,
  )
const uncountReport = take(
  "OLD.channel_id",
  "OLD.user_id",
  { reports: "1", alert_sources: `CASE WHEN ${alertedOthers("OLD.id", "OLD.user_id")} THEN 1 ELSE 0 END` },
  "OLD.is_anonymous = 0",
)
/** A deleted report's notifications are gone by the time its AFTER DELETE trigger runs. */
const uncountDeletedReport = take("OLD.channel_id", "OLD.user_id", { reports: "1" }, "OLD.is_anonymous = 0")
const uncountAlertSource = take(
  "OLD.channel_id",
  "OLD.user_id",
  { alert_sources: "1" },
  `OLD.is_anonymous = 0 AND ${alertedOthers("OLD.id", "OLD.user_id")}`,
)

/** The columns of a report the counts are keyed or filtered by. */
const reportKeys = ["channel_id", "user_id", "is_anonymous"]

/**
 * The SQLite triggers that keep the counts, by name. `0027_sqlite_340_schema` creates again those
 * whose first text gave the upserts' table an alias.
 */
export const sqliteTriggers = {
  reports_count_per_user: `CREATE TRIGGER reports_count_per_user AFTER INSERT ON reports BEGIN ${countReport("named")} END`,
  reports_uncount_alert_source: `CREATE TRIGGER reports_uncount_alert_source BEFORE DELETE ON reports BEGIN ${uncountAlertSource} END`,
  reports_uncount_per_user: `CREATE TRIGGER reports_uncount_per_user AFTER DELETE ON reports BEGIN ${uncountDeletedReport} END`,
  reports_recount_per_user: `CREATE TRIGGER reports_recount_per_user AFTER UPDATE OF ${reportKeys.join(", ")} ON reports
    WHEN ${reportKeys.map((column) => `OLD.${column} IS NOT NEW.${column}`).join(" OR ")}
    BEGIN ${uncountReport} ${countReport("named")} END`,
  report_reads_count: `CREATE TRIGGER report_reads_count AFTER INSERT ON report_reads BEGIN ${countRead} END`,
  report_reads_uncount: `CREATE TRIGGER report_reads_uncount AFTER DELETE ON report_reads BEGIN ${uncountRead} END`,
  notifications_count: `CREATE TRIGGER notifications_count AFTER INSERT ON notifications BEGIN ${countNotification} END`,
  notifications_uncount: `CREATE TRIGGER notifications_uncount AFTER DELETE ON notifications BEGIN ${uncountNotification} END`,
  notifications_recount_opened: `CREATE TRIGGER notifications_recount_opened AFTER UPDATE OF read ON notifications
    WHEN OLD.read IS NOT NEW.read BEGIN ${recountOpened} END`,
} as const

const sqlite: ReadonlyArray<string> = [...tables, ...fill, ...Object.values(sqliteTriggers)]

const postgres = (() => {
  /** A trigger function running `body`, then answering `returns` (NULL after, the row before). */
  const fn = (name: string, body: string, returns = "NULL") => `CREATE FUNCTION ${name}() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
      ${body}
      RETURN ${returns};
    END
    $$`
  /**
   * Locks the reports of the rows written, so that of two transactions adding reads or
   * notifications to one report, the second waits for the first and then sees its rows.
   */
  const lockReports = (rows: string) =>
    `PERFORM 1 FROM reports WHERE id IN (SELECT report_id FROM ${rows}) ORDER BY id FOR NO KEY UPDATE;`
  /** A statement-level trigger seeing the rows a statement wrote as the table `rows`. */
  const statementTrigger = (table: string, event: "INSERT" | "DELETE", rows: string, name: string) =>
    `CREATE TRIGGER ${name} AFTER ${event} ON ${table}
      REFERENCING ${event === "INSERT" ? "NEW" : "OLD"} TABLE AS ${rows}
      FOR EACH STATEMENT EXECUTE FUNCTION ${name}()`
  const others = (rows: string) => `(SELECT 1 FROM ${rows} w WHERE w.id = o.id)`
  return [
    ...tables.map(postgresTypes),
    ...fill,
    fn(
      "reports_count_per_user",
      `IF TG_OP <> 'INSERT' THEN ${uncountReport} END IF;
      IF TG_OP <> 'DELETE' THEN ${countReport("aliased")} END IF;`,
    ),
    `CREATE TRIGGER reports_count_per_user AFTER INSERT ON reports FOR EACH ROW
      EXECUTE FUNCTION reports_count_per_user()`,
    `CREATE TRIGGER reports_recount_per_user AFTER UPDATE OF ${reportKeys.join(", ")} ON reports FOR EACH ROW
      WHEN (${reportKeys.map((column) => `OLD.${column} IS DISTINCT FROM NEW.${column}`).join(" OR ")})
      EXECUTE FUNCTION reports_count_per_user()`,
    fn("reports_uncount_per_user", `${uncountAlertSource} ${uncountDeletedReport}`, "OLD"),
    `CREATE TRIGGER reports_uncount_per_user BEFORE DELETE ON reports FOR EACH ROW
      EXECUTE FUNCTION reports_uncount_per_user()`,
    // PostgreSQL runs row triggers after the whole statement, when every row it wrote is there to
    // see, so whether a read or a notification is the first of its kind is asked per statement.
    fn(
      "report_reads_count",
      `${lockReports("added")}
      INSERT INTO user_counts AS c (channel_id, user_id, opens, reports_read)
        SELECT a.channel_id, a.user_id, COUNT(*), COUNT(DISTINCT a.report_id) FILTER (WHERE NOT EXISTS (
          SELECT 1 FROM report_reads o WHERE o.report_id = a.report_id AND o.user_id = a.user_id
            AND NOT EXISTS ${others("added")}))
        FROM added a GROUP BY a.channel_id, a.user_id
        ON CONFLICT (channel_id, user_id) DO UPDATE
          SET opens = c.opens + excluded.opens, reports_read = c.reports_read + excluded.reports_read;
      INSERT INTO channel_counts AS c (channel_id, reports_seen)
        SELECT a.channel_id, COUNT(DISTINCT a.report_id) FROM added a
        WHERE NOT EXISTS (SELECT 1 FROM report_reads o WHERE o.report_id = a.report_id AND NOT EXISTS ${others("added")})
        GROUP BY a.channel_id
        ON CONFLICT (channel_id) DO UPDATE SET reports_seen = c.reports_seen + excluded.reports_seen;`,
    ),
    statementTrigger("report_reads", "INSERT", "added", "report_reads_count"),
    fn(
      "report_reads_uncount",
      `UPDATE user_counts c SET opens = c.opens - g.opens, reports_read = c.reports_read - g.pairs
        FROM (
          SELECT d.channel_id, d.user_id, COUNT(*) AS opens, COUNT(DISTINCT d.report_id) FILTER (WHERE NOT EXISTS (
            SELECT 1 FROM report_reads o WHERE o.report_id = d.report_id AND o.user_id = d.user_id)) AS pairs
          FROM gone d GROUP BY d.channel_id, d.user_id
        ) g
        WHERE c.channel_id = g.channel_id AND c.user_id = g.user_id;
      UPDATE channel_counts c SET reports_seen = c.reports_seen - g.reports
        FROM (
          SELECT d.channel_id, COUNT(DISTINCT d.report_id) AS reports FROM gone d
          WHERE NOT EXISTS (SELECT 1 FROM report_reads o WHERE o.report_id = d.report_id)
          GROUP BY d.channel_id
        ) g
        WHERE c.channel_id = g.channel_id;`,
    ),
    statementTrigger("report_reads", "DELETE", "gone", "report_reads_uncount"),
    fn(
      "notifications_count",
      `${lockReports("added")}
      INSERT INTO user_counts AS c (channel_id, user_id, alerts, alerts_opened)
        SELECT channel_id, user_id, COUNT(*), SUM(read) FROM added GROUP BY channel_id, user_id
        ON CONFLICT (channel_id, user_id) DO UPDATE
          SET alerts = c.alerts + excluded.alerts, alerts_opened = c.alerts_opened + excluded.alerts_opened;
      INSERT INTO user_counts AS c (channel_id, user_id, alert_sources)
        SELECT r.channel_id, r.user_id, COUNT(*) FROM reports r
        WHERE r.id IN (SELECT report_id FROM added) AND r.is_anonymous = 0
          AND EXISTS (SELECT 1 FROM added a WHERE a.report_id = r.id AND a.user_id <> r.user_id)
          AND NOT EXISTS (SELECT 1 FROM notifications o
            WHERE o.report_id = r.id AND o.user_id <> r.user_id AND NOT EXISTS ${others("added")})
        GROUP BY r.channel_id, r.user_id
        ON CONFLICT (channel_id, user_id) DO UPDATE SET alert_sources = c.alert_sources + excluded.alert_sources;`,
    ),
    statementTrigger("notifications", "INSERT", "added", "notifications_count"),
    fn(
      "notifications_uncount",
      `UPDATE user_counts c SET alerts = c.alerts - g.alerts, alerts_opened = c.alerts_opened - g.opened
        FROM (SELECT channel_id, user_id, COUNT(*) AS alerts, SUM(read) AS opened FROM gone GROUP BY channel_id, user_id) g
        WHERE c.channel_id = g.channel_id AND c.user_id = g.user_id;
      UPDATE user_counts c SET alert_sources = c.alert_sources - g.reports
        FROM (
          SELECT r.channel_id, r.user_id, COUNT(*) AS reports FROM reports r
          WHERE r.id IN (SELECT report_id FROM gone) AND r.is_anonymous = 0
            AND EXISTS (SELECT 1 FROM gone d WHERE d.report_id = r.id AND d.user_id <> r.user_id)
            AND NOT EXISTS (SELECT 1 FROM notifications o WHERE o.report_id = r.id AND o.user_id <> r.user_id)
          GROUP BY r.channel_id, r.user_id
        ) g
        WHERE c.channel_id = g.channel_id AND c.user_id = g.user_id;`,
    ),
    statementTrigger("notifications", "DELETE", "gone", "notifications_uncount"),
    fn("notifications_recount_opened", recountOpened),
    `CREATE TRIGGER notifications_recount_opened AFTER UPDATE OF read ON notifications FOR EACH ROW
      WHEN (OLD.read IS DISTINCT FROM NEW.read) EXECUTE FUNCTION notifications_recount_opened()`,
  ]
})()

/** Creates and fills the two tables, then the triggers that keep them. */
export default Effect.gen(function* () {
  const sql = yield* SqlClient.SqlClient
  for (const statement of sql.onDialectOrElse({ pg: () => postgres, orElse: () => sqlite }))
    yield* sql.unsafe(statement)
})
