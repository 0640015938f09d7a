/**
 * The versioned migrations, applied in order at start-up.
 */
import { Migrator } from "effect/sql"
import initial from "./0001_initial.ts"
import tenancyInvariants from "./0002_tenancy_invariants.ts"
import jobsAndAttachments from "./0003_jobs_and_attachments.ts"
import reportStateChangeNames from "./0004_report_state_change_names.ts"
import reportSearches from "./0005_report_searches.ts"
import taskLists from "./0006_task_lists.ts"
import notificationLookups from "./0007_notification_lookups.ts"
import shapes from "./0008_shapes.ts"
import analytics from "./0009_analytics.ts"
import reportCounts from "./0010_report_counts.ts"
import alertAreaRings from "./0011_alert_area_rings.ts"
import alertAreaChanges from "./0012_alert_area_changes.ts"
import userCounts from "./0013_user_counts.ts"
import taskChannels from "./0015_task_channels.ts"
import channelKeys from "./0016_channel_keys.ts"
import notificationKeys from "./0017_notification_keys.ts"
import dropAlertAreaBoxes from "./0018_drop_alert_area_boxes.ts"
import reportAttachmentTimes from "./0019_report_attachment_times.ts"
import dropReportBoxes from "./0020_drop_report_boxes.ts"
import reportAttachmentKeys from "./0021_report_attachment_keys.ts"
import clientUuids from "./0022_client_uuids.ts"
import reportCellCounts from "./0023_report_cell_counts.ts"
import apiTokenScopes from "./0024_api_token_scopes.ts"
import appAdministrators from "./0025_app_administrators.ts"
import auditEvents from "./0026_audit_events.ts"
import sqlite340Schema from "./0027_sqlite_340_schema.ts"
import reportExports from "./0028_report_exports.ts"
import alertAreaNames from "./0029_alert_area_names.ts"
import reportTexts from "./0030_report_texts.ts"
import offlineSync from "./0031_offline_sync.ts"
import uploadAuthorizations from "./0032_upload_authorizations.ts"
import reportChanges from "./0033_report_changes.ts"
import accounts from "./0034_accounts.ts"
import teamInvitations from "./0035_team_invitations.ts"
import notificationIndexes from "./0036_notification_indexes.ts"
import fanOutIndexes from "./0037_fan_out_indexes.ts"

/** Every migration, keyed `<number>_<name>`. */
export const migrations = Migrator.fromRecord({
  "0001_initial": initial,
  "0002_tenancy_invariants": tenancyInvariants,
  "0003_jobs_and_attachments": jobsAndAttachments,
  "0004_report_state_change_names": reportStateChangeNames,
  "0005_report_searches": reportSearches,
  "0006_task_lists": taskLists,
  "0007_notification_lookups": notificationLookups,
  "0008_shapes": shapes,
  "0009_analytics": analytics,
  "0010_report_counts": reportCounts,
  "0011_alert_area_rings": alertAreaRings,
  "0012_alert_area_changes": alertAreaChanges,
  "0013_user_counts": userCounts,
  "0015_task_channels": taskChannels,
  "0016_channel_keys": channelKeys,
  "0017_notification_keys": notificationKeys,
  "0018_drop_alert_area_boxes": dropAlertAreaBoxes,
  "0019_report_attachment_times": reportAttachmentTimes,
  "0020_drop_report_boxes": dropReportBoxes,
  "0021_report_attachment_keys": reportAttachmentKeys,
  "0022_client_uuids": clientUuids,
  "0023_report_cell_counts": reportCellCounts,
  "0024_api_token_scopes": apiTokenScopes,
  "0025_app_administrators": appAdministrators,
  "0026_audit_events": auditEvents,
  "0027_sqlite_340_schema": sqlite340Schema,
  "0028_report_exports": reportExports,
  "0029_alert_area_names": alertAreaNames,
  "0030_report_texts": reportTexts,
  "0031_offline_sync": offlineSync,
  "0032_upload_authorizations": uploadAuthorizations,
  "0033_report_changes": reportChanges,
  "0034_accounts": accounts,
  "0035_team_invitations": teamInvitations,
  "0036_notification_indexes": notificationIndexes,
  "0037_fan_out_indexes": fanOutIndexes,
})
