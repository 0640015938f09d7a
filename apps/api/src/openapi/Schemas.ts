/**
 * The named schemas of the API reference (`components.schemas`): which domain Schema is shown under
 * which name, with a line saying what it is. A Schema an endpoint table uses that is not named here
 * is written inline where it is used.
 */

import { AlertAreaInput } from "@fieldreport/contract/endpoints/AlertAreas"
import { ChannelSelectionChanges } from "@fieldreport/contract/endpoints/ChannelSelections"
import {
  AddUsersToTeamChannels,
  AddUsersToTeamChannelsResult,
} from "@fieldreport/domain/AddUsersToTeamChannels"
import { AlertArea } from "@fieldreport/domain/AlertArea"
import {
  ReportImage,
  ReportsOverTime,
  ReportsPerDayHour,
  ReportsPerFieldSelection,
  ReportsPerState,
  ReportsPerUser,
  ReportsPerWeekDay,
  ReportsRead,
  UserAwareness,
} from "@fieldreport/domain/Analytics"
import { ApiToken, ApiTokenCreate, CreatedApiToken } from "@fieldreport/domain/ApiToken"
import { Attachment } from "@fieldreport/domain/Attachment"
import { BrandedApp, BrandedAppCreate } from "@fieldreport/domain/BrandedApp"
import { Category, CategoryCreate, CategoryUpdate } from "@fieldreport/domain/Category"
import { Channel, ChannelCreate, ChannelUpdate } from "@fieldreport/domain/Channel"
import { ChannelSelection } from "@fieldreport/domain/ChannelSelection"
import { Form, FormDefinition } from "@fieldreport/domain/Form"
import { NoteComment, NoteCommentCreate } from "@fieldreport/domain/NoteComment"
import { Notification, NotificationUpdate } from "@fieldreport/domain/Notification"
import { Report, ReportCreate, ReportUpdate, ReportUpsert } from "@fieldreport/domain/Report"
import { ReportComment, ReportCommentCreate } from "@fieldreport/domain/ReportComment"
import { MapItem, PendingReportSearch, ReportSearch, Tile } from "@fieldreport/domain/ReportSearch"
import { ReportStateChange } from "@fieldreport/domain/ReportStateChange"
import {
  ReportStateCreate,
  ReportStateRecord,
  ReportStateUpdate,
} from "@fieldreport/domain/ReportStateRecord"
import { CurrentSession, Session, SessionCreate, SessionRotation } from "@fieldreport/domain/Session"
import { Shape, ShapeCreate, ShapeSearch } from "@fieldreport/domain/Shape"
import { Task, TaskCreate, TaskUpdate } from "@fieldreport/domain/Task"
import { Team, TeamCreate, TeamUpdate } from "@fieldreport/domain/Team"
import { TeamUser, TeamUserUpdate } from "@fieldreport/domain/TeamUser"
import { AdminUser, AdminUserCreate, AdminUserUpdate, User, UserUpdate } from "@fieldreport/domain/User"
import { Schema } from "effect"

/**
 * The body of a problem response (RFC 9457; docs/api.md, Errors), as `http/Problem.ts` writes it:
 * `errors` maps field paths to messages on `400` and `422`; `error` repeats the message for older
 * clients; `error_id` names a `500` in the log.
 *
 * @example
 * ```ts
 * const problem: typeof ProblemBody.Type = { type: "urn:fieldreport:problem:not-found", title: "Not found", status: 404, error: "report not found" }
 * ```
 */
export const ProblemBody = Schema.Struct({
  type: Schema.String,
  title: Schema.String,
  status: Schema.Int,
  detail: Schema.optionalKey(Schema.String),
  error: Schema.String,
  errors: Schema.optionalKey(Schema.Record(Schema.String, Schema.Array(Schema.String))),
  error_id: Schema.optionalKey(Schema.String),
})

/** The body of an alert area create or update, under `alert_area`. */

/**
 * A named schema of the reference.
 *
 * @example
 * ```ts
 * const team: Component = { name: "Team", schema: Team, description: "A team of a branded app." }
 * ```
 */
export interface Component {
  readonly name: string
  readonly schema: Schema.Top
  readonly description: string
}

const component = (name: string, schema: Schema.Top, description: string): Component => ({
  name,
  schema,
  description,
})

/**
 * Every named schema. Where a record lists optional fields, they are rendered only when selected
 * with `fields`; a default field removed with `-name` is left out even when marked required.
 */
export const components: ReadonlyArray<Component> = [
  component("Problem", ProblemBody, "An RFC 9457 problem: the body of every error response."),
  component("Session", Session, "A session with its access and refresh tokens."),
  component(
    "CurrentSession",
    CurrentSession,
    "The current session without its tokens; for a personal API token, no expiry and no client uuid.",
  ),
  component("SessionCreate", SessionCreate, "Log-in credentials for a branded app."),
  component("SessionRotation", SessionRotation, "The token pair to rotate."),
  component("BrandedApp", BrandedApp, "A branded (white-label) app, keyed by its bundle id."),
  component("BrandedAppCreate", BrandedAppCreate, "A branded app to create."),
  component("User", User, "The current user's profile and device state."),
  component("UserUpdate", UserUpdate, "Changes to the current user."),
  component("AdminUser", AdminUser, "A user as platform administrators see it."),
  component("AdminUserCreate", AdminUserCreate, "A user to create."),
  component("AdminUserUpdate", AdminUserUpdate, "Changes to a user."),
  component("ApiToken", ApiToken, "A personal API token, without the token itself."),
  component("CreatedApiToken", CreatedApiToken, "A new personal API token; `token` is shown this once."),
  component("ApiTokenCreate", ApiTokenCreate, "A personal API token to create."),
  component(
    "Report",
    Report,
    "A geo-located report in a channel (`account_id`). User fields are left out of anonymous reports.",
  ),
  component(
    "ReportCreate",
    ReportCreate,
    "A report to create. Answers are given as `f_<n>_<n>_<n>` keys at the top level, or in the legacy " +
      "form as `form_fields: [{key, value}]`; `geom` (WKT `POINT(lon lat)`) is the legacy form of `location`.",
  ),
  component(
    "ReportUpdate",
    ReportUpdate,
    "Changes to a report: the create fields but `account_id`, all optional, and `report_state_id`, " +
      "`assignee_id` and `assignment_due_at` (null clears them).",
  ),
  component(
    "ReportUpsert",
    ReportUpsert,
    "A report to create or update, identified by `account_id` and `source_id`.",
  ),
  component(
    "SearchStarted",
    ReportSearch,
    "A search that was started: its id and the address of its results.",
  ),
  component("PendingReportSearch", PendingReportSearch, "A report search that is still running."),
  component("MapItem", MapItem, "A report as a map shows it."),
  component("Tile", Tile, "A grid cell of the map and how many reports lie in it."),
  component("ReportStateChange", ReportStateChange, "A change of a report's state."),
  component("ReportComment", ReportComment, "A comment on a report that its readers see."),
  component("ReportCommentCreate", ReportCommentCreate, "A report comment to create."),
  component("NoteComment", NoteComment, "An internal note on a report."),
  component("NoteCommentCreate", NoteCommentCreate, "A note comment to create."),
  component("Attachment", Attachment, "An uploaded file, with signed addresses that expire."),
  component("Task", Task, "A task about a report, assigned to a team user."),
  component("TaskCreate", TaskCreate, "A task to create; its client generates the uuid."),
  component(
    "TaskUpdate",
    TaskUpdate,
    "Changes to a task. `time` is the client's time of the change: an older change than the last applied " +
      "one is ignored. `completed` sets or clears completion.",
  ),
  component("AlertArea", AlertArea, "A circle or polygon in which the user is alerted about new reports."),
  component(
    "AlertAreaInput",
    AlertAreaInput,
    "An alert area to create or replace: a WKT POINT with a `radius` in metres, or a WKT POLYGON with a null radius.",
  ),
  component("ReportImage", ReportImage, "An image attached to a report of the range."),
  component("ReportsOverTime", ReportsOverTime, "The reports created in one bucket of time."),
  component("ReportsPerFieldSelection", ReportsPerFieldSelection, "The reports with one option of a field."),
  component("ReportsPerState", ReportsPerState, "The reports in one state."),
  component("ReportsPerUser", ReportsPerUser, "The reports filed by one user."),
  component("ReportsPerDayHour", ReportsPerDayHour, "The reports created in one hour of the day (0–23)."),
  component(
    "ReportsPerWeekDay",
    ReportsPerWeekDay,
    "The reports created on one day of the week (0 = Sunday).",
  ),
  component("ReportsRead", ReportsRead, "How often the channel's reports were read: the selected counters."),
  component("UserAwareness", UserAwareness, "The alerts one user received: the selected counters."),
  component("Team", Team, "A team of a branded app."),
  component("TeamCreate", TeamCreate, "A team to create."),
  component(
    "TeamUpdate",
    TeamUpdate,
    "Changes to a team; `is_owner_change` with `user_id` moves ownership (owner only).",
  ),
  component(
    "AddUsersToTeamChannels",
    AddUsersToTeamChannels,
    "Users to add to the selected channels of a team.",
  ),
  component(
    "AddUsersToTeamChannelsResult",
    AddUsersToTeamChannelsResult,
    "One array per selected channel, in request order, of one result per user, in request order.",
  ),
  component("TeamUser", TeamUser, "A user's membership of a team."),
  component(
    "TeamUserUpdate",
    TeamUserUpdate,
    "Changes to a team user: `role` and `supervisor_id` (managers and owners), or `agreed_to_join: true` " +
      "(the invited user).",
  ),
  component("Shape", Shape, "A geometry of a branded app with its metadata."),
  component("ShapeCreate", ShapeCreate, "A shape to create."),
  component("ShapeSearch", ShapeSearch, "Exactly one of `contains`, `intersects` and `bbox`."),
  component(
    "ChannelSelection",
    ChannelSelection,
    "Whether the user views, follows and is alerted about a channel.",
  ),
  component(
    "ChannelSelectionChanges",
    ChannelSelectionChanges,
    "Changes to a channel selection; all three false removes it.",
  ),
  component("Channel", Channel, "A channel of a team; reports name it `account_id`."),
  component("ChannelCreate", ChannelCreate, "A channel to create."),
  component("ChannelUpdate", ChannelUpdate, "Changes to a channel."),
  component("Form", Form, "A channel's form."),
  component(
    "FormDefinition",
    FormDefinition,
    "A form's new definition. A field sent with its `id` keeps its key; exactly one Category field.",
  ),
  component("Category", Category, "A category of a channel's category tree."),
  component(
    "CategoryCreate",
    CategoryCreate,
    "A category to create; the parent defaults to the root, the pin colour to the parent's.",
  ),
  component("CategoryUpdate", CategoryUpdate, "Changes to a category."),
  component("ReportState", ReportStateRecord, "A report state of a channel."),
  component("ReportStateCreate", ReportStateCreate, "A report state to create."),
  component(
    "ReportStateUpdate",
    ReportStateUpdate,
    "Changes to a report state; `next_state_ids` restricts which states may follow (null: any).",
  ),
  component("Notification", Notification, "A notification of the current user about a report."),
  component("NotificationUpdate", NotificationUpdate, "Only `archived` may change."),
]
