/**
 * What people need to manage their own accounts (docs/api.md, Field apps and offline sync):
 *
 * - `emailed_tokens`: the single-use tokens sent by e-mail, a password reset's (an hour) or an
 *   address verification's (a week), kept as SHA-256 digests as other tokens are; `used_at` once
 *   used (or made void by a reset of the password).
 * - `mail_requests`: when someone asked for such an e-mail, under the throttle's keys (the e-mail
 *   address, the client address), so that nobody can make the service mail an address, or ask
 *   from one address, without limit.
 * - `branded_apps.self_sign_up`: whether people may make their own account in the app (off
 *   unless a platform administrator turns it on).
 * - `users.email_verified`: 0 only for someone who signed up and has not yet followed the link
 *   of the verification e-mail; every user an administrator, the first start or the demo made
 *   counts as verified, so the existing users are.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE TABLE emailed_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    purpose TEXT NOT NULL CHECK (purpose IN ('password_reset', 'email_verification')),
    token_hash TEXT NOT NULL UNIQUE,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX emailed_tokens_user ON emailed_tokens (user_id, purpose)`,
  `CREATE INDEX emailed_tokens_expiry ON emailed_tokens (expires_at)`,
  `CREATE TABLE mail_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    throttle_key TEXT NOT NULL,
    requested_at TEXT NOT NULL
  )`,
  `CREATE INDEX mail_requests_key ON mail_requests (throttle_key, requested_at)`,
  `CREATE INDEX mail_requests_time ON mail_requests (requested_at)`,
  `ALTER TABLE branded_apps ADD COLUMN self_sign_up INTEGER NOT NULL DEFAULT 0`,
  `ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1`,
]

/** Adds the tables and columns. */
export default runStatements(statements)
