/**
 * `team_invitations`: the pending invitations of addresses that have no account yet (docs/api.md,
 * Invitations). Each names its team, the address (as the users table keeps addresses, trimmed and
 * in lower case; one pending invitation per team and address), the team role and channels the
 * person gets (`channel_ids`, a comma-separated list: the channels are distributed on Citus, so a
 * reference table holds no foreign key to them, and the ones deleted meanwhile are left out on
 * acceptance), who invited them, and the token of the latest e-mail as its SHA-256 digest (null
 * until the e-mail's job made it) with its expiry. An accepted invitation keeps `accepted_at` and
 * the user it made; a withdrawn one is deleted.
 */
import { runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE TABLE team_invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES teams(id),
    email TEXT NOT NULL,
    team_role TEXT NOT NULL CHECK (team_role IN ('team_member', 'manager')),
    channel_role TEXT NOT NULL CHECK (channel_role IN ('admin', 'operator', 'reporter', 'viewer')),
    channel_ids TEXT NOT NULL,
    inviter_id INTEGER REFERENCES users(id),
    token_hash TEXT UNIQUE,
    expires_at TEXT NOT NULL,
    last_invited_at TEXT NOT NULL,
    accepted_at TEXT,
    accepted_user_id INTEGER REFERENCES users(id),
    created_at TEXT NOT NULL
  )`,
  `CREATE UNIQUE INDEX team_invitations_pending ON team_invitations (team_id, email) WHERE accepted_at IS NULL`,
]

/** Adds the table. */
export default runStatements(statements)
