import { describe, expect, it } from "@effect/vitest"
import type { Schema } from "effect"
import { AddUsersToTeamChannels } from "../src/AddUsersToTeamChannels.ts"
import { AlertAreaBody } from "../src/AlertArea.ts"
import { ApiTokenCreate } from "../src/ApiToken.ts"
import { BrandedAppCreate } from "../src/BrandedApp.ts"
import { CategoryCreate, CategoryUpdate } from "../src/Category.ts"
import { ChannelCreate, ChannelUpdate } from "../src/Channel.ts"
import { FormDefinition } from "../src/Form.ts"
import { NoteCommentCreate } from "../src/NoteComment.ts"
import { ReportCreate, ReportUpdate, ReportUpsert } from "../src/Report.ts"
import { ReportCommentCreate } from "../src/ReportComment.ts"
import { ReportStateCreate, ReportStateUpdate } from "../src/ReportStateRecord.ts"
import { SessionCreate, SessionRotation } from "../src/Session.ts"
import { ShapeCreate, ShapeSearch } from "../src/Shape.ts"
import { TaskCreate, TaskUpdate } from "../src/Task.ts"
import { TeamCreate, TeamUpdate } from "../src/Team.ts"
import * as TextLimits from "../src/TextLimits.ts"
import { AdminUserCreate, AdminUserUpdate, UserUpdate } from "../src/User.ts"
import { decoded, errors } from "./internal/decode.ts"

/** Text of exactly `length` characters that fits a field's pattern. */
type Fill = (length: number) => string

const plain: Fill = (length) => "x".repeat(length)
const bundleId: Fill = (length) => `a.${"b".repeat(length - 2)}`
const word: Fill = (length) => "a".repeat(length)
const fieldKey: Fill = (length) => `f_1_1_${"1".repeat(length - 6)}`
const optionValue: Fill = (length) => `f_1_1_1_1_${"1".repeat(length - 10)}`
const jsonDocument: Fill = (length) => `"${"x".repeat(length - 2)}"`
const point: Fill = (length) => `POINT(1 2)${" ".repeat(length - 10)}`
const email: Fill = (length) => `${"a".repeat(length - 12)}@example.com`

const uuid = "3ffeef7c-0f73-4e82-b39e-5a55cce0daef"

/** A valid body with the text put at `path`. */
type Body = (text: string) => unknown

/**
 * Every string field of every request body the domain reads, with its limit: the body, where the
 * text goes, and how to write text of a given length that the field's pattern takes.
 */
const fields: ReadonlyArray<
  readonly [path: string, schema: Schema.Decoder<unknown>, limit: number, body: Body, fill?: Fill]
> = [
  [
    "channels.0.name",
    AddUsersToTeamChannels,
    TextLimits.name,
    (name) => ({ users: [], channels: [{ id: 1, isSelected: true, name }] }),
  ],
  ["alert_area.area", AlertAreaBody, TextLimits.geometry, (area) => ({ alert_area: { area } })],
  [
    "alert_area.name",
    AlertAreaBody,
    TextLimits.name,
    (name) => ({ alert_area: { name, area: "POINT (1 2)", radius: 5 } }),
  ],
  ["name", ApiTokenCreate, TextLimits.name, (name) => ({ name })],
  ["bundle_id", BrandedAppCreate, TextLimits.code, (bundle_id) => ({ bundle_id, name: "App" }), bundleId],
  ["name", BrandedAppCreate, TextLimits.name, (name) => ({ bundle_id: "com.example.app", name })],
  ["name", CategoryCreate, TextLimits.name, (name) => ({ name })],
  ["pin_color", CategoryCreate, TextLimits.code, (pin_color) => ({ name: "Spill", pin_color }), word],
  ["pin_appearance", CategoryUpdate, TextLimits.code, (pin_appearance) => ({ pin_appearance }), word],
  ["name", CategoryUpdate, TextLimits.name, (name) => ({ name })],
  ["name", ChannelCreate, TextLimits.name, (name) => ({ name, team_id: 1 })],
  ["name", ChannelUpdate, TextLimits.name, (name) => ({ name })],
  [
    "name",
    FormDefinition,
    TextLimits.name,
    (name) => ({ name, fields: [{ label: "Category", field_type: "Category" }] }),
  ],
  [
    "fields.0.label",
    FormDefinition,
    TextLimits.name,
    (label) => ({ name: "Form", fields: [{ label, field_type: "Category" }] }),
  ],
  [
    "fields.0.data",
    FormDefinition,
    TextLimits.document,
    (data) => ({ name: "Form", fields: [{ label: "Category", field_type: "Category", data }] }),
    jsonDocument,
  ],
  [
    "fields.1.data.options.0.value",
    FormDefinition,
    TextLimits.code,
    (value) => ({
      name: "Form",
      fields: [
        { label: "Category", field_type: "Category" },
        {
          label: "Kind",
          field_type: "DropDown",
          data: JSON.stringify({ options: [{ label: "One", value }] }),
        },
      ],
    }),
    optionValue,
  ],
  ["comment", NoteCommentCreate, TextLimits.text, (comment) => ({ comment })],
  ["address", ReportCreate, TextLimits.address, (address) => ({ account_id: 1, address })],
  ["title", ReportCreate, TextLimits.title, (title) => ({ account_id: 1, address: "Quay", title })],
  [
    "source_id",
    ReportCreate,
    TextLimits.code,
    (source_id) => ({ account_id: 1, address: "Quay", source_id }),
  ],
  ["f_1_1_1", ReportCreate, TextLimits.text, (text) => ({ account_id: 1, address: "Quay", f_1_1_1: text })],
  [
    "f_1_1_1.1",
    ReportCreate,
    TextLimits.text,
    (text) => ({ account_id: 1, address: "Quay", f_1_1_1: ["a", text] }),
  ],
  [
    "form_fields.0.key",
    ReportCreate,
    TextLimits.code,
    (key) => ({ account_id: 1, address: "Quay", form_fields: [{ key, value: 1 }] }),
    fieldKey,
  ],
  [
    "form_fields.0.value",
    ReportCreate,
    TextLimits.text,
    (value) => ({ account_id: 1, address: "Quay", form_fields: [{ key: "f_1_1_1", value }] }),
  ],
  ["geom", ReportCreate, TextLimits.geometry, (geom) => ({ account_id: 1, geom }), point],
  ["address", ReportUpdate, TextLimits.address, (address) => ({ address })],
  ["title", ReportUpdate, TextLimits.title, (title) => ({ title })],
  ["source_id", ReportUpsert, TextLimits.code, (source_id) => ({ account_id: 1, source_id })],
  [
    "category_names.0",
    ReportUpsert,
    TextLimits.name,
    (name) => ({ account_id: 1, source_id: "gauge-7", category_names: [name] }),
  ],
  ["content", ReportCommentCreate, TextLimits.text, (content) => ({ report_id: 1, content })],
  ["name", ReportStateCreate, TextLimits.name, (name) => ({ channel_id: 1, name })],
  ["name", ReportStateUpdate, TextLimits.name, (name) => ({ name })],
  [
    "email",
    SessionCreate,
    TextLimits.email,
    (email) => ({ app_bundle_id: "com.example.app", email, password: "secret" }),
  ],
  [
    "password",
    SessionCreate,
    TextLimits.secret,
    (password) => ({ app_bundle_id: "com.example.app", email: "a@b.c", password }),
  ],
  [
    "refresh_token",
    SessionRotation,
    TextLimits.secret,
    (refresh_token) => ({ access_token: "a", refresh_token }),
  ],
  ["geom", ShapeCreate, TextLimits.geometry, (geom) => ({ geom })],
  ["intersects", ShapeSearch, TextLimits.geometry, (intersects) => ({ intersects })],
  [
    "title",
    TaskCreate,
    TextLimits.title,
    (title) => ({
      uuid,
      client_created_at: "2024-05-01T09:30:00Z",
      title,
      description: "",
      assignee_id: 1,
      report_id: 1,
    }),
  ],
  [
    "description",
    TaskCreate,
    TextLimits.text,
    (description) => ({
      uuid,
      client_created_at: "2024-05-01T09:30:00Z",
      title: "Check",
      description,
      assignee_id: 1,
      report_id: 1,
    }),
  ],
  ["title", TaskUpdate, TextLimits.title, (title) => ({ title })],
  ["description", TaskUpdate, TextLimits.text, (description) => ({ description })],
  ["name", TeamCreate, TextLimits.name, (name) => ({ name })],
  ["industry", TeamCreate, TextLimits.name, (industry) => ({ name: "Team", industry })],
  ["location", TeamCreate, TextLimits.address, (location) => ({ name: "Team", location })],
  ["name", TeamUpdate, TextLimits.name, (name) => ({ name })],
  ["industry", TeamUpdate, TextLimits.name, (industry) => ({ industry })],
  ["location", TeamUpdate, TextLimits.address, (location) => ({ location })],
  ["first_name", UserUpdate, TextLimits.name, (first_name) => ({ first_name })],
  ["last_name", UserUpdate, TextLimits.name, (last_name) => ({ last_name })],
  ["app_version", UserUpdate, TextLimits.code, (app_version) => ({ app_version })],
  [
    "email",
    AdminUserCreate,
    TextLimits.email,
    (email) => ({ email, first_name: "Ana", last_name: "Lee", password: "correct horse battery" }),
    email,
  ],
  [
    "first_name",
    AdminUserCreate,
    TextLimits.name,
    (first_name) => ({ email: "a@b.c", first_name, last_name: "Lee", password: "correct horse battery" }),
  ],
  ["last_name", AdminUserUpdate, TextLimits.name, (last_name) => ({ last_name })],
]

const schemaNames = new Map<unknown, string>(
  Object.entries({
    AddUsersToTeamChannels,
    AlertAreaBody,
    ApiTokenCreate,
    BrandedAppCreate,
    CategoryCreate,
    CategoryUpdate,
    ChannelCreate,
    ChannelUpdate,
    FormDefinition,
    NoteCommentCreate,
    ReportCreate,
    ReportUpdate,
    ReportUpsert,
    ReportCommentCreate,
    ReportStateCreate,
    ReportStateUpdate,
    SessionCreate,
    SessionRotation,
    ShapeCreate,
    ShapeSearch,
    TaskCreate,
    TaskUpdate,
    TeamCreate,
    TeamUpdate,
    UserUpdate,
    AdminUserCreate,
    AdminUserUpdate,
  }).map(([name, schema]) => [schema, name]),
)

describe("TextLimits", () => {
  const named = fields.map(([path, schema, limit, body, fill]) => ({
    name: `${schemaNames.get(schema)} ${path}`,
    path,
    schema,
    limit,
    body,
    text: fill ?? plain,
  }))

  it.each(named)("$name: the limit is taken, one more is refused", ({ path, schema, limit, body, text }) => {
    expect(text(limit)).toHaveLength(limit)
    decoded(schema, body(text(limit)))
    expect(errors(schema, body(text(limit + 1)))).toEqual({ [path]: [`must be at most ${limit} characters`] })
  })

  it("bounds the text of a timestamp as a short code", () => {
    expect(errors(TaskUpdate, { time: "2".repeat(TextLimits.code + 1) })).toEqual({
      time: [`must be at most ${TextLimits.code} characters`],
    })
  })

  it("says a blank name is blank, and a long one too long", () => {
    expect(errors(ChannelCreate, { name: " ".repeat(TextLimits.name + 1), team_id: 1 })).toEqual({
      name: ["must not be blank", `must be at most ${TextLimits.name} characters`],
    })
  })

  it("counts UTF-16 code units, as JSON Schema's maxLength is read by JavaScript clients", () => {
    expect(errors(ChannelCreate, { name: "🌊".repeat(TextLimits.name / 2), team_id: 1 })).toBeUndefined()
    expect(
      Object.keys(errors(ChannelCreate, { name: `${"🌊".repeat(TextLimits.name / 2)}x`, team_id: 1 }) ?? {}),
    ).toEqual(["name"])
  })
})
