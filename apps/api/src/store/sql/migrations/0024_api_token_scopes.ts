/**
 * API token scopes, and where sessions were opened from.
 *
 * `api_tokens.scope` is `read` (the token may only read) or `write` (it may also change data);
 * tokens issued before scopes existed could already write, so they keep `write`.
 *
 * `sessions.client_address` is the client address a session was opened from (null for sessions
 * opened before). Login throttling reads it: an address the user signed in from lately is theirs,
 * so the per-e-mail delays that slow down attacks from many addresses do not hold them up there.
 */
import { runStatements } from "./Ddl.ts"

/** Adds the token scope and the session address. */
export default runStatements([
  `ALTER TABLE api_tokens ADD COLUMN scope TEXT NOT NULL DEFAULT 'write' CHECK (scope IN ('read', 'write'))`,
  `ALTER TABLE sessions ADD COLUMN client_address TEXT`,
  `CREATE INDEX sessions_user_address ON sessions (user_id, client_address)`,
])
