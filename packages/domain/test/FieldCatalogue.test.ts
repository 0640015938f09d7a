import { describe, expect, it } from "@effect/vitest"
import * as FieldCatalogue from "../src/FieldCatalogue.ts"

const byPresence = (catalogue: FieldCatalogue.FieldCatalogue, presence: FieldCatalogue.Presence) =>
  catalogue.fields.filter((field) => field.presence === presence).flatMap((field) => field.keys)

describe("FieldCatalogue", () => {
  it.each<[string, FieldCatalogue.FieldCatalogue, ReadonlyArray<string>, ReadonlyArray<string>]>([
    [
      "report",
      FieldCatalogue.report,
      [
        "id",
        "account_id",
        "address",
        "category_id",
        "is_anonymous",
        "iso_created_at",
        "location",
        "report_state_id",
        "title",
        "user_id",
        "shape_id",
      ],
      [
        "account_logo",
        "account_name",
        "form_fields",
        "note_comment_ids",
        "report_comment_ids",
        "is_manageable_by",
        "map_url",
        "note_comments",
        "report_comments",
        "report_state_name",
        "user_image",
        "user_short_name",
        "assignee_id",
        "assignment_due_at",
        "users_opened",
        "uuid",
        "updated_at",
        "appearance",
        "cache_key",
        "version",
        "categories_title",
        "comment_count",
        "viewer_count",
        "report_state",
        "assignee",
        "hidden_fields",
      ],
    ],
    [
      "task",
      FieldCatalogue.task,
      [
        "uuid",
        "assignee_id",
        "client_created_at",
        "completed_at",
        "completed_by_id",
        "creator_id",
        "description",
        "report_id",
        "title",
      ],
      ["version", "updated_at"],
    ],
    [
      "notification",
      FieldCatalogue.notification,
      ["id", "archived_at", "archived", "created_at", "read", "report_id", "user_id"],
      ["updated_at"],
    ],
    [
      "alert area",
      FieldCatalogue.alertArea,
      ["id", "name", "shape_type", "radius", "area", "latitude", "longitude"],
      [],
    ],
    [
      "team",
      FieldCatalogue.team,
      ["id", "feature_tasks_enabled", "industry", "location", "name"],
      ["is_manager_of", "is_owner_of", "team_user_id"],
    ],
    [
      "team user",
      FieldCatalogue.teamUser,
      [
        "id",
        "agreed_to_join",
        "app_version",
        "bluetooth_enabled",
        "email",
        "first_name",
        "last_active_at",
        "last_invited_at",
        "last_name",
        "location_enabled",
        "push_notification_enabled",
        "role",
        "user_id",
      ],
      ["channel_count", "report_count", "status", "supervisor_id"],
    ],
    [
      "shape",
      FieldCatalogue.shape,
      ["id", "geom", "metadata"],
      ["branded_app_id", "cache_key", "highlight_color", "normal_color"],
    ],
    ["channel selection", FieldCatalogue.channelSelection, ["id", "view", "follow", "alert"], []],
    [
      "category",
      FieldCatalogue.category,
      [
        "id",
        "name",
        "label_name",
        "depth",
        "max_subtree_extra_depth",
        "pin_color",
        "pin_appearance",
        "pin_urls",
        "position",
        "account_id",
        "parent_id",
        "child_ids",
      ],
      [],
    ],
    [
      "categories list",
      FieldCatalogue.categoryList,
      ["id"],
      [
        "name",
        "label_name",
        "depth",
        "max_subtree_extra_depth",
        "pin_color",
        "pin_appearance",
        "pin_urls",
        "position",
        "account_id",
        "parent_id",
        "child_ids",
      ],
    ],
    [
      "note comment",
      FieldCatalogue.noteComment,
      ["id", "comment", "created_at", "user_id"],
      ["public", "report_id"],
    ],
    [
      "report comment",
      FieldCatalogue.reportComment,
      ["id", "uuid", "content", "created_at", "is_anonymous", "user_id", "report_id"],
      ["report_uuid"],
    ],
    ["form", FieldCatalogue.form, ["id", "name", "version", "fields"], []],
    [
      "report state",
      FieldCatalogue.reportState,
      ["id", "channel_id", "name", "position", "initial", "appearance", "next_state_ids"],
      [],
    ],
    [
      "report state change",
      FieldCatalogue.reportStateChange,
      ["id", "created_at", "report_id", "user_id", "previous_report_state", "new_report_state"],
      ["report_uuid"],
    ],
    [
      "reports_read",
      FieldCatalogue.reportsRead,
      ["total_reads"],
      ["unique_reads", "report_readers", "reports_seen"],
    ],
    [
      "user_awareness",
      FieldCatalogue.userAwareness,
      ["total_alerts"],
      ["alert_source_reports", "unique_alerts", "alerts_opened"],
    ],
  ])("%s: default and optional keys, in rendering order", (_, catalogue, defaults, optional) => {
    expect(byPresence(catalogue, "default")).toEqual(defaults)
    expect(byPresence(catalogue, "optional")).toEqual(optional)
  })

  it("user_awareness always renders who the record is about", () => {
    expect(byPresence(FieldCatalogue.userAwareness, "always")).toEqual(["user_id", "first_name", "last_name"])
  })

  it("selection modes and required names", () => {
    expect(FieldCatalogue.report.selection).toBe("adds")
    expect(FieldCatalogue.category.selection).toBe("replaces")
    expect(FieldCatalogue.categoryList.selection).toBe("replaces")
    expect(FieldCatalogue.reportsRead.selection).toBe("replaces")
    expect(FieldCatalogue.userAwareness.selection).toBe("replaces")
    expect(FieldCatalogue.categoryList.required).toEqual(["id"])
    expect(FieldCatalogue.category.required).toEqual([])
  })

  it.each<[string, FieldCatalogue.FieldCatalogue, string, ReadonlyArray<string>]>([
    ["shape branded_app", FieldCatalogue.shape, "branded_app", ["branded_app_id"]],
    ["shape branded_app_id", FieldCatalogue.shape, "branded_app_id", ["branded_app_id"]],
    ["category account", FieldCatalogue.category, "account", ["account_id"]],
    ["category parent", FieldCatalogue.category, "parent", ["parent_id"]],
    ["category children", FieldCatalogue.categoryList, "children", ["child_ids"]],
    ["category child_ids", FieldCatalogue.categoryList, "child_ids", ["child_ids"]],
    [
      "report form_fields",
      FieldCatalogue.report,
      "form_fields",
      ["form_fields", "note_comment_ids", "report_comment_ids"],
    ],
  ])("finds %s and the keys it renders", (_, catalogue, name, keys) => {
    expect(FieldCatalogue.find(catalogue, name)?.keys).toEqual(keys)
  })

  it("does not treat the keys form_fields adds as names of their own", () => {
    expect(FieldCatalogue.find(FieldCatalogue.report, "note_comment_ids")).toBeUndefined()
    expect(FieldCatalogue.find(FieldCatalogue.report, "colour")).toBeUndefined()
  })

  it("lists every output key in rendering order", () => {
    expect(FieldCatalogue.keys(FieldCatalogue.shape)).toEqual([
      "id",
      "geom",
      "metadata",
      "branded_app_id",
      "cache_key",
      "highlight_color",
      "normal_color",
    ])
  })

  it("names the fields of a presence by their documented name, in rendering order", () => {
    expect(FieldCatalogue.names(FieldCatalogue.categoryList, "default")).toEqual(["id"])
    expect(FieldCatalogue.names(FieldCatalogue.team, "optional")).toEqual([
      "is_manager_of",
      "is_owner_of",
      "team_user_id",
    ])
    expect(FieldCatalogue.names(FieldCatalogue.shape, "optional")).toContain("branded_app")
    expect(FieldCatalogue.names(FieldCatalogue.shape, "optional")).not.toContain("branded_app_id")
  })
})
