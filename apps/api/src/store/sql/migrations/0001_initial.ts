/**
 * The initial schema. Timestamps are ISO 8601 strings in UTC with milliseconds (they sort as
 * text); booleans are 0/1; documents (form answers, metadata) are JSON text. Every tenant table
 * carries its channel or team key so that it can later be distributed by it.
 */
import { Effect } from "effect"
import { createBoxIndex, runStatements } from "./Ddl.ts"

const statements: ReadonlyArray<string> = [
  `CREATE TABLE branded_apps (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    bundle_id TEXT NOT NULL UNIQUE,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    email TEXT NOT NULL UNIQUE,
    first_name TEXT NOT NULL,
    last_name TEXT NOT NULL,
    password_hash TEXT,
    admin INTEGER NOT NULL DEFAULT 0,
    deactivated INTEGER NOT NULL DEFAULT 0,
    image_attachment_id INTEGER,
    app_version TEXT NOT NULL DEFAULT '',
    bluetooth_enabled INTEGER NOT NULL DEFAULT 0,
    location_enabled INTEGER NOT NULL DEFAULT 0,
    push_notification_enabled INTEGER NOT NULL DEFAULT 0,
    last_active_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE TABLE sessions (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    branded_app_id INTEGER NOT NULL REFERENCES branded_apps(id),
    client_uuid TEXT NOT NULL,
    access_token_hash TEXT NOT NULL UNIQUE,
    refresh_token_hash TEXT NOT NULL UNIQUE,
    access_expires_at TEXT NOT NULL,
    refresh_expires_at TEXT NOT NULL,
    revoked_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX sessions_user ON sessions (user_id)`,
  `CREATE TABLE api_tokens (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    name TEXT NOT NULL,
    token_hash TEXT NOT NULL UNIQUE,
    revoked_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX api_tokens_user ON api_tokens (user_id)`,
  `CREATE TABLE login_failures (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    throttle_key TEXT NOT NULL,
    failed_at TEXT NOT NULL
  )`,
  `CREATE INDEX login_failures_key ON login_failures (throttle_key, failed_at)`,
  `CREATE TABLE settings (
    name TEXT PRIMARY KEY,
    value TEXT NOT NULL
  )`,
  `CREATE TABLE teams (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branded_app_id INTEGER NOT NULL REFERENCES branded_apps(id),
    name TEXT NOT NULL,
    industry TEXT NOT NULL DEFAULT '',
    location TEXT NOT NULL DEFAULT '',
    feature_tasks_enabled INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX teams_app ON teams (branded_app_id)`,
  `CREATE TABLE team_users (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES teams(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    role TEXT NOT NULL DEFAULT 'team_member',
    agreed_to_join INTEGER NOT NULL DEFAULT 1,
    last_invited_at TEXT,
    supervisor_id INTEGER REFERENCES team_users(id),
    created_at TEXT NOT NULL,
    UNIQUE (team_id, user_id)
  )`,
  `CREATE INDEX team_users_user ON team_users (user_id)`,
  `CREATE TABLE channels (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    team_id INTEGER NOT NULL REFERENCES teams(id),
    name TEXT NOT NULL,
    logo_attachment_id INTEGER,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX channels_team ON channels (team_id)`,
  `CREATE TABLE channel_members (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    role TEXT NOT NULL,
    PRIMARY KEY (channel_id, user_id)
  )`,
  `CREATE INDEX channel_members_user ON channel_members (user_id)`,
  `CREATE TABLE channel_selections (
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    user_id INTEGER NOT NULL REFERENCES users(id),
    view INTEGER NOT NULL,
    follow INTEGER NOT NULL,
    alert INTEGER NOT NULL,
    PRIMARY KEY (channel_id, user_id)
  )`,
  `CREATE INDEX channel_selections_user ON channel_selections (user_id)`,
  `CREATE TABLE categories (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    parent_id INTEGER REFERENCES categories(id),
    name TEXT NOT NULL,
    label_name TEXT NOT NULL,
    depth INTEGER NOT NULL,
    position INTEGER NOT NULL,
    pin_color TEXT NOT NULL,
    pin_appearance TEXT NOT NULL DEFAULT 'pin'
  )`,
  `CREATE INDEX categories_channel ON categories (channel_id, parent_id)`,
  `CREATE TABLE forms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL UNIQUE REFERENCES channels(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    next_field_number INTEGER NOT NULL DEFAULT 1
  )`,
  `CREATE TABLE form_fields (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    form_id INTEGER NOT NULL REFERENCES forms(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    key TEXT NOT NULL,
    label TEXT NOT NULL,
    field_type TEXT NOT NULL,
    form_order INTEGER NOT NULL,
    data TEXT NOT NULL DEFAULT '',
    mandatory INTEGER,
    visibility TEXT NOT NULL DEFAULT 'public',
    field_visibility TEXT NOT NULL DEFAULT 'public',
    editable INTEGER NOT NULL DEFAULT 1,
    removed INTEGER NOT NULL DEFAULT 0,
    UNIQUE (channel_id, key)
  )`,
  `CREATE INDEX form_fields_form ON form_fields (form_id, removed, form_order)`,
  `CREATE TABLE report_states (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    name TEXT NOT NULL,
    position INTEGER NOT NULL,
    initial INTEGER NOT NULL DEFAULT 0,
    appearance TEXT NOT NULL DEFAULT 'normal',
    next_state_ids TEXT
  )`,
  `CREATE INDEX report_states_channel ON report_states (channel_id, position)`,
  `CREATE TABLE attachments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    filename TEXT NOT NULL,
    content_type TEXT NOT NULL,
    byte_size INTEGER NOT NULL,
    storage_key TEXT NOT NULL UNIQUE,
    image INTEGER NOT NULL DEFAULT 0,
    renditions_ready INTEGER NOT NULL DEFAULT 0,
    used INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX attachments_unused ON attachments (used, created_at)`,
  `CREATE TABLE shapes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branded_app_id INTEGER NOT NULL REFERENCES branded_apps(id),
    geom TEXT NOT NULL,
    metadata TEXT NOT NULL,
    min_longitude REAL NOT NULL,
    min_latitude REAL NOT NULL,
    max_longitude REAL NOT NULL,
    max_latitude REAL NOT NULL,
    area REAL NOT NULL,
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX shapes_app ON shapes (branded_app_id, id)`,
  `CREATE TABLE reports (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    channel_id INTEGER NOT NULL REFERENCES channels(id) ON DELETE CASCADE,
    uuid TEXT UNIQUE,
    source_id TEXT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    is_anonymous INTEGER NOT NULL DEFAULT 0,
    title TEXT NOT NULL,
    address TEXT NOT NULL DEFAULT '',
    latitude REAL,
    longitude REAL,
    category_id INTEGER NOT NULL REFERENCES categories(id),
    report_state_id INTEGER NOT NULL REFERENCES report_states(id),
    shape_id INTEGER REFERENCES shapes(id) ON DELETE SET NULL,
    assignee_id INTEGER REFERENCES users(id),
    assignment_due_at TEXT,
    answers TEXT NOT NULL DEFAULT '{}',
    version INTEGER NOT NULL DEFAULT 1,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
  )`,
  `CREATE INDEX reports_channel_created ON reports (channel_id, created_at)`,
  `CREATE INDEX reports_channel_updated ON reports (channel_id, updated_at, id)`,
  `CREATE INDEX reports_channel_source ON reports (channel_id, source_id, id)`,
  `CREATE INDEX reports_channel_state ON reports (channel_id, report_state_id)`,
  `CREATE INDEX reports_channel_user ON reports (channel_id, user_id)`,
  `CREATE INDEX reports_category ON reports (category_id)`,
  `CREATE TABLE report_attachments (
    attachment_id INTEGER PRIMARY KEY REFERENCES attachments(id),
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    field_key TEXT NOT NULL
  )`,
  `CREATE INDEX report_attachments_report ON report_attachments (report_id)`,
  `CREATE INDEX report_attachments_channel ON report_attachments (channel_id)`,
  `CREATE TABLE report_state_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    previous_state_id INTEGER REFERENCES report_states(id),
    new_state_id INTEGER NOT NULL REFERENCES report_states(id),
    user_id INTEGER NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX report_state_changes_report ON report_state_changes (report_id, id)`,
  `CREATE TABLE report_reads (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    opened_at TEXT NOT NULL
  )`,
  `CREATE INDEX report_reads_report ON report_reads (report_id, user_id)`,
  `CREATE INDEX report_reads_channel ON report_reads (channel_id, opened_at)`,
  `CREATE TABLE note_comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    comment TEXT NOT NULL,
    public INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX note_comments_report ON note_comments (report_id, id)`,
  `CREATE TABLE report_comments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    user_id INTEGER NOT NULL REFERENCES users(id),
    uuid TEXT UNIQUE,
    content TEXT NOT NULL,
    is_anonymous INTEGER NOT NULL DEFAULT 0,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX report_comments_report ON report_comments (report_id, id)`,
  `CREATE TABLE report_searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    branded_app_id INTEGER NOT NULL,
    team_id INTEGER,
    parameters TEXT NOT NULL,
    status TEXT NOT NULL,
    error TEXT,
    result_count INTEGER,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  `CREATE INDEX report_searches_expiry ON report_searches (expires_at)`,
  `CREATE TABLE report_search_results (
    search_id INTEGER NOT NULL REFERENCES report_searches(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    report_id INTEGER NOT NULL,
    PRIMARY KEY (search_id, position)
  )`,
  `CREATE TABLE jobs (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    kind TEXT NOT NULL,
    payload TEXT NOT NULL,
    status TEXT NOT NULL DEFAULT 'pending',
    attempts INTEGER NOT NULL DEFAULT 0,
    run_at TEXT NOT NULL,
    lease_until TEXT,
    last_error TEXT,
    created_at TEXT NOT NULL,
    finished_at TEXT
  )`,
  `CREATE INDEX jobs_due ON jobs (status, run_at)`,
  `CREATE TABLE tasks (
    uuid TEXT PRIMARY KEY,
    team_id INTEGER NOT NULL REFERENCES teams(id),
    branded_app_id INTEGER NOT NULL,
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    creator_id INTEGER NOT NULL REFERENCES users(id),
    assignee_id INTEGER NOT NULL REFERENCES users(id),
    title TEXT NOT NULL,
    description TEXT NOT NULL,
    client_created_at TEXT NOT NULL,
    completed_at TEXT,
    completed_by_id INTEGER REFERENCES users(id),
    last_change_at TEXT,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX tasks_team ON tasks (team_id, branded_app_id)`,
  `CREATE INDEX tasks_report ON tasks (report_id)`,
  `CREATE TABLE alert_areas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    shape_type TEXT NOT NULL,
    radius INTEGER,
    area TEXT NOT NULL,
    latitude REAL NOT NULL,
    longitude REAL NOT NULL,
    created_at TEXT NOT NULL
  )`,
  `CREATE INDEX alert_areas_user ON alert_areas (user_id)`,
  `CREATE TABLE notifications (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id INTEGER NOT NULL REFERENCES users(id),
    report_id INTEGER NOT NULL REFERENCES reports(id) ON DELETE CASCADE,
    channel_id INTEGER NOT NULL,
    read INTEGER NOT NULL DEFAULT 0,
    archived_at TEXT,
    created_at TEXT NOT NULL,
    UNIQUE (user_id, report_id)
  )`,
  `CREATE INDEX notifications_channel ON notifications (channel_id, created_at)`,
  `CREATE TABLE shape_searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    branded_app_id INTEGER NOT NULL REFERENCES branded_apps(id),
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL
  )`,
  `CREATE TABLE shape_search_results (
    search_id INTEGER NOT NULL REFERENCES shape_searches(id) ON DELETE CASCADE,
    position INTEGER NOT NULL,
    shape_id INTEGER NOT NULL,
    PRIMARY KEY (search_id, position)
  )`,
]

export default Effect.gen(function* () {
  yield* runStatements(statements)
  for (const boxes of ["shapes_box", "reports_box", "alert_areas_box"]) yield* createBoxIndex(boxes)
})
