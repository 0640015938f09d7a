import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import fc from "fast-check"
import * as FieldCatalogue from "../src/FieldCatalogue.ts"
import * as FieldSelection from "../src/FieldSelection.ts"
import type { MalformedRequest } from "../src/Invalid.ts"
import type * as QueryValue from "../src/QueryValue.ts"

const keysOf = (catalogue: FieldCatalogue.FieldCatalogue, fields: string) =>
  Result.map(
    Result.flatMap(FieldSelection.parse(fields), (selection) => FieldSelection.resolve(catalogue, selection)),
    (resolved) => resolved.keys,
  )

const resolved = (catalogue: FieldCatalogue.FieldCatalogue, fields: string) =>
  Result.getOrThrow(
    Result.flatMap(FieldSelection.parse(fields), (selection) => FieldSelection.resolve(catalogue, selection)),
  )

const errors = <A>(result: Result.Result<A, MalformedRequest>) => {
  expect(Result.isFailure(result)).toBe(true)
  return Result.isFailure(result) ? result.failure.errors : {}
}

const reportDefaults = [
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
]

const categoryAll = [
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
]

describe("FieldSelection.parse", () => {
  it.each<[string, FieldSelection.FieldSelection]>([
    ["account_logo,-title", { added: ["account_logo"], removed: ["title"] }],
    [" account_logo , -title ", { added: ["account_logo"], removed: ["title"] }],
    ["a,a,-b,-b", { added: ["a"], removed: ["b"] }],
    ["a,,b", { added: ["a", "b"], removed: [] }],
    ["", FieldSelection.none],
  ])("reads %j", (fields, expected) => {
    expect(FieldSelection.parse(fields)).toEqual(Result.succeed(expected))
  })

  it("accepts 64 names and rejects 65, naming fields", () => {
    const names = (count: number) => Array.from({ length: count }, (_, index) => `f${index}`).join(",")
    expect(Result.isSuccess(FieldSelection.parse(names(64)))).toBe(true)
    expect(errors(FieldSelection.parse(names(65)))).toEqual({ fields: ["must name at most 64 fields"] })
  })
})

describe("FieldSelection.fromQuery", () => {
  it.each<[string, QueryValue.Query, FieldSelection.FieldSelection]>([
    ["fields=a,-b", { fields: "a,-b" }, { added: ["a"], removed: ["b"] }],
    ["fields[]=a&fields[]=-b", { fields: ["a", "-b"] }, { added: ["a"], removed: ["b"] }],
    ["fields[0]=a&fields[1]=-b", { fields: ["a", "-b"] }, { added: ["a"], removed: ["b"] }],
    ["fields=", { fields: "" }, FieldSelection.none],
    ["no fields", {}, FieldSelection.none],
  ])("reads %s", (_, query, expected) => {
    expect(FieldSelection.fromQuery(query)).toEqual(Result.succeed(expected))
  })

  it("rejects fields that is not a list", () => {
    expect(Object.keys(errors(FieldSelection.fromQuery({ fields: { x: "a" } })))).toEqual(["fields"])
  })
})

describe("FieldSelection.resolve", () => {
  it.each<[string, FieldCatalogue.FieldCatalogue, string, ReadonlyArray<string>]>([
    ["report defaults", FieldCatalogue.report, "", reportDefaults],
    [
      "report: optional fields join the defaults, in catalogue order",
      FieldCatalogue.report,
      "uuid,account_logo",
      [...reportDefaults, "account_logo", "uuid"],
    ],
    [
      "report: -x removes a default",
      FieldCatalogue.report,
      "-title,-address",
      reportDefaults.filter((key) => key !== "title" && key !== "address"),
    ],
    [
      "report: form_fields adds the comment id lists",
      FieldCatalogue.report,
      "form_fields",
      [...reportDefaults, "form_fields", "note_comment_ids", "report_comment_ids"],
    ],
    ["report: naming a default changes nothing", FieldCatalogue.report, "id,title", reportDefaults],
    ["report: removal wins over addition", FieldCatalogue.report, "uuid,-uuid", reportDefaults],
    [
      "task: all default, only -x has an effect",
      FieldCatalogue.task,
      "title,-description,-report_id",
      ["uuid", "assignee_id", "client_created_at", "completed_at", "completed_by_id", "creator_id", "title"],
    ],
    [
      "notification: -x",
      FieldCatalogue.notification,
      "-archived_at",
      ["id", "archived", "created_at", "read", "report_id", "user_id"],
    ],
    [
      "team: optional is_owner_of",
      FieldCatalogue.team,
      "is_owner_of",
      ["id", "feature_tasks_enabled", "industry", "location", "name", "is_owner_of"],
    ],
    [
      "team user: optional status",
      FieldCatalogue.teamUser,
      "status,-email",
      [
        "id",
        "agreed_to_join",
        "app_version",
        "bluetooth_enabled",
        "first_name",
        "last_active_at",
        "last_invited_at",
        "last_name",
        "location_enabled",
        "push_notification_enabled",
        "role",
        "user_id",
        "status",
      ],
    ],
    ["shape defaults", FieldCatalogue.shape, "", ["id", "geom", "metadata"]],
    [
      "shape: branded_app renders branded_app_id",
      FieldCatalogue.shape,
      "branded_app,normal_color",
      ["id", "geom", "metadata", "branded_app_id", "normal_color"],
    ],
    [
      "note comment: optional public and report_id",
      FieldCatalogue.noteComment,
      "report_id,public",
      ["id", "comment", "created_at", "user_id", "public", "report_id"],
    ],
    ["category: all fields when fields is absent", FieldCatalogue.category, "", categoryAll],
    [
      "category: exactly the named fields when given",
      FieldCatalogue.category,
      "name,parent",
      ["name", "parent_id"],
    ],
    [
      "category: only removals keep the others",
      FieldCatalogue.category,
      "-pin_urls",
      categoryAll.filter((key) => key !== "pin_urls"),
    ],
    ["category: unknown names alone keep all fields", FieldCatalogue.category, "colour", categoryAll],
    ["categories list: only id when fields is absent", FieldCatalogue.categoryList, "", ["id"]],
    [
      "categories list: the named fields",
      FieldCatalogue.categoryList,
      "id,name,children",
      ["id", "name", "child_ids"],
    ],
    ["reports_read: only total_reads by default", FieldCatalogue.reportsRead, "", ["total_reads"]],
    [
      "reports_read: only the requested ones",
      FieldCatalogue.reportsRead,
      "unique_reads,reports_seen",
      ["unique_reads", "reports_seen"],
    ],
    [
      "user_awareness: who, then total_alerts by default",
      FieldCatalogue.userAwareness,
      "",
      ["user_id", "first_name", "last_name", "total_alerts"],
    ],
    [
      "user_awareness: who, then only the requested ones",
      FieldCatalogue.userAwareness,
      "alerts_opened",
      ["user_id", "first_name", "last_name", "alerts_opened"],
    ],
    [
      "user_awareness: who cannot be removed",
      FieldCatalogue.userAwareness,
      "-user_id,-total_alerts",
      ["user_id", "first_name", "last_name"],
    ],
    [
      "user_awareness: naming who picks nothing",
      FieldCatalogue.userAwareness,
      "user_id",
      ["user_id", "first_name", "last_name", "total_alerts"],
    ],
  ])("%s", (_, catalogue, fields, expected) => {
    expect(keysOf(catalogue, fields)).toEqual(Result.succeed(expected))
  })

  it("returns unknown names, as written, for X-Ignored-Fields", () => {
    expect(resolved(FieldCatalogue.report, "colour,uuid,-mood,note_comment_ids").ignored).toEqual([
      "colour",
      "note_comment_ids",
      "-mood",
    ])
    expect(resolved(FieldCatalogue.report, "uuid").ignored).toEqual([])
  })

  it.each([["name"], ["name,-id"], ["id,-id"], ["colour"], ["-name"]])(
    "categories list: fields=%s without id is malformed, naming fields",
    (fields) => {
      expect(errors(keysOf(FieldCatalogue.categoryList, fields))).toEqual({ fields: ["must include id"] })
    },
  )

  it("never renders a key outside the resource's catalogue, and each key once", () => {
    const catalogues = [
      FieldCatalogue.report,
      FieldCatalogue.task,
      FieldCatalogue.notification,
      FieldCatalogue.alertArea,
      FieldCatalogue.team,
      FieldCatalogue.teamUser,
      FieldCatalogue.shape,
      FieldCatalogue.channelSelection,
      FieldCatalogue.category,
      FieldCatalogue.categoryList,
      FieldCatalogue.noteComment,
      FieldCatalogue.reportComment,
      FieldCatalogue.form,
      FieldCatalogue.reportState,
      FieldCatalogue.reportStateChange,
      FieldCatalogue.reportsRead,
      FieldCatalogue.userAwareness,
    ]
    const allNames = [
      ...new Set(
        catalogues.flatMap((catalogue) =>
          catalogue.fields.flatMap((field) => [...field.names, ...field.keys]),
        ),
      ),
    ]
    const name = fc.oneof(
      fc.constantFrom(...allNames),
      fc.string({ maxLength: 12 }).filter((text) => !text.includes(",")),
    )
    const entry = fc.tuple(fc.boolean(), name).map(([remove, text]) => (remove ? `-${text}` : text))
    fc.assert(
      fc.property(
        fc.constantFrom(...catalogues),
        fc.array(entry, { maxLength: FieldSelection.maxNames }),
        (catalogue, names) => {
          const result = Result.flatMap(FieldSelection.fromQuery({ fields: names }), (selection) =>
            FieldSelection.resolve(catalogue, selection),
          )
          // Only a catalogue with required names may refuse a selection.
          if (Result.isFailure(result)) return catalogue.required.length > 0
          const { keys } = result.success
          const catalogueKeys = FieldCatalogue.keys(catalogue)
          return keys.every((key) => catalogueKeys.includes(key)) && new Set(keys).size === keys.length
        },
      ),
    )
  })
})
