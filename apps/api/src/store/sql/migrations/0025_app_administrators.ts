/**
 * `app_administrators`: the users who administer a branded app (docs/api.md, Tenancy and roles),
 * set by platform administrators. An app administrator manages the app's shapes and adds people to
 * any team of the app directly.
 *
 * One row per app and user, keyed by both, so adding someone twice keeps one row and the access
 * check (is this user an administrator of this app?) reads the key alone. A few rows per app, read
 * next to `branded_apps` and `users`: a reference table on Citus (docs/deployment.md).
 */
import { runStatements } from "./Ddl.ts"

/** Creates the table of app administrators. */
export default runStatements([
  `CREATE TABLE app_administrators (
    branded_app_id INTEGER NOT NULL REFERENCES branded_apps(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (branded_app_id, user_id)
  ) WITHOUT ROWID`,
])
