/**
 * A channel to write reports in, for the tests of what a report write is made of: the actor,
 * the channel's form, states and categories, a report of it, and stores that keep what they are
 * asked to do in `calls`, so a test reads the writes in the order they happened.
 */
import type { FieldType, FormField } from "@fieldreport/domain/FormField"
import type { ChannelRole } from "@fieldreport/domain/Roles"
import { Effect, Layer } from "effect"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import type { ChannelAccess } from "../../src/services/Access.ts"
import { Attachments } from "../../src/services/Attachments.ts"
import type { Actor } from "../../src/services/Authentication.ts"
import type { ChannelContext } from "../../src/services/ChannelContext.ts"
import { Shapes } from "../../src/services/Shapes.ts"
import type { CategoryRow } from "../../src/store/CategoryStore.ts"
import { ReportChangeStore } from "../../src/store/ReportChangeStore.ts"
import type { ReportStateRow } from "../../src/store/ReportStateStore.ts"
import { type AttachmentLink, type ReportRow, ReportStore } from "../../src/store/ReportStore.ts"

/** A reporter of the app, signed in. */
export const actor: Actor = {
  user: {
    id: 7,
    email: "rua@example.com",
    first_name: "Rua",
    last_name: "Tane",
    password_hash: null,
    admin: 0,
    deactivated: 0,
    image_attachment_id: null,
    app_version: "",
    bluetooth_enabled: 0,
    location_enabled: 0,
    push_notification_enabled: 0,
    last_active_at: null,
    created_at: "2026-01-01T00:00:00.000Z",
    email_verified: 1,
  },
  app: { id: 1, bundle_id: "com.fieldreport.app", name: "Fieldreport", self_sign_up: 0 },
  teamId: 4,
  session: undefined,
}

/** The channel "Roads", its root category 100. */
export const accessAs = (channelRole: ChannelRole | undefined): ChannelAccess => ({
  channel: { id: 31, team_id: 4, name: "Roads", logo_attachment_id: null, category_id: 100, form_id: 5 },
  channelRole,
  teamRole: "team_member",
})

const field = (id: number, field_type: FieldType): FormField => ({
  id,
  label: field_type,
  key: `f_5_${id}_${id}`,
  field_type,
  form_order: id,
  data: "",
  mandatory: null,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

/** The form's fields: the category, what was seen, photos. */
export const categoryField = field(1, "Category")
export const whatField = field(2, "ShortTextBox")
export const photosField = field(3, "Image")

const category = (id: number, name: string, parent_id: number | null, depth: number): CategoryRow => ({
  id,
  channel_id: 31,
  parent_id,
  name,
  label_name: "",
  depth,
  position: 1,
  pin_color: "#ff8800",
  pin_appearance: "default",
})

/** Roads ── Potholes */
export const categories: ReadonlyArray<CategoryRow> = [
  category(100, "Roads", null, 0),
  category(101, "Potholes", 100, 1),
]

const state = (
  id: number,
  name: string,
  initial: boolean,
  next: ReadonlyArray<number> | null,
): ReportStateRow => ({
  id,
  channel_id: 31,
  name,
  position: id,
  initial: initial ? 1 : 0,
  appearance: "default",
  next_state_ids: next,
})

/** New → In progress → Done. */
export const states: ReadonlyArray<ReportStateRow> = [
  state(1, "New", true, [2]),
  state(2, "In progress", false, [3]),
  state(3, "Done", false, null),
]

/** The channel as a write by a reporter reads it. */
export const context: ChannelContext = {
  access: accessAs("reporter"),
  fields: [categoryField, whatField, photosField],
  states,
  categories,
}

/** A report of the channel by the actor, at the harbour, new. */
export const reportOf = (changes: Partial<ReportRow> = {}): ReportRow => ({
  id: 49,
  channel_id: 31,
  uuid: "5d1f9a57-20a4-4d39-9f0b-3a1f6e0c2b7e",
  source_id: null,
  user_id: 7,
  is_anonymous: 0,
  title: "Potholes, Roads",
  address: "",
  latitude: -41.28,
  longitude: 174.77,
  category_id: 101,
  report_state_id: 1,
  shape_id: 8,
  assignee_id: null,
  assignment_due_at: null,
  answers: {},
  version: 1,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  ...changes,
})

/** What the stores were asked to do, in order: the method and what it was given. */
export type Calls = Array<readonly [string, ...ReadonlyArray<unknown>]>

/**
 * The report store, attachments, shapes and jobs a write uses, keeping what they are asked in
 * `calls`. Every upload the answers name is the actor's png; `missing` attachments do not exist;
 * `insertFails` is another report holding the uuid; the report had the links `before`.
 */
export const writeServices = (
  calls: Calls,
  options: {
    readonly missing?: ReadonlyArray<number>
    readonly insertFails?: boolean
    readonly before?: ReadonlyArray<AttachmentLink>
  } = {},
) =>
  Layer.mergeAll(
    Layer.mock(ReportStore)({
      insert: (row) =>
        Effect.sync(() => {
          calls.push(["insert", row])
          return options.insertFails === true
            ? undefined
            : {
                ...row,
                id: 49,
                assignee_id: null,
                assignment_due_at: null,
                version: 1,
                updated_at: row.created_at,
              }
        }),
      update: (id, changes, at) =>
        Effect.sync(() => {
          calls.push(["update", id, changes, at])
          return reportOf({ ...changes, updated_at: at })
        }),
      attachmentLinks: () => Effect.succeed(options.before ?? []),
      replaceAttachmentLinks: (report, links) =>
        Effect.sync(() => void calls.push(["replaceAttachmentLinks", report.id, links])),
      insertStateChange: (change) => Effect.sync(() => void calls.push(["insertStateChange", change])),
      isShapeOfApp: (shapeId) => Effect.succeed(shapeId === 8 || shapeId === 9),
    }),
    // The history a write records is tested over HTTP (report_changes.test.ts).
    Layer.mock(ReportChangeStore)({ record: () => Effect.void }),
    Layer.mock(Attachments)({
      contentTypesOf: (ids) => Effect.succeed(new Map(ids.map((id) => [id, "image/png"]))),
      claim: (ids) =>
        Effect.sync(() => {
          calls.push(["claim", ids])
          return ids.filter((id) => options.missing?.includes(id) === true)
        }),
      release: (ids) => Effect.sync(() => void calls.push(["release", ids])),
    }),
    Layer.mock(Shapes)({ smallestContaining: () => Effect.succeed(12) }),
    Layer.mock(JobRunner)({
      enqueue: (kind, payload) =>
        Effect.sync(() => {
          calls.push(["enqueue", kind.name, payload])
          return calls.length
        }),
    }),
  )
