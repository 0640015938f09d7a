/**
 * `upload_authorizations`: the upload authorizations handed out (docs/api.md, Attachments and
 * files), one row per authorization with the user it was handed to, the key prefix the file is
 * posted under, the content type its form allows, when its form stops working, and once an
 * attachment is made of it, when (so a key is made an attachment once). Rows go an hour after
 * they expire, when no attachment can be made of them any more.
 *
 * Local to the coordinator on Citus, as sessions are: looked up by key prefix before any channel is
 * known.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE TABLE upload_authorizations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    key_prefix TEXT NOT NULL UNIQUE,
    content_type TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX upload_authorizations_expiry ON upload_authorizations (expires_at)`,
]

/** Adds the table. */
export default runStatements(statements)
