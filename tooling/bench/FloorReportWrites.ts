/**
 * Filing and changing reports on the floor server, with the statements the API runs
 * (`Reports.create`, `Reports.update`): the caller's access to the channel; in one transaction the
 * channel's form, states and categories, the smallest shape of the app holding the location, the
 * report written (its uuid claimed in a savepoint), its attachment links replaced, and for a new
 * report the job that tells others of it. Titles are derived by the domain's rules
 * (`ReportTitle`, `CategoryTree`), shapes matched by `PointInPolygon`.
 *
 * It takes the bodies the load scenarios send: a create with a location, a category and answers
 * to text and choice fields; an update of the address. Anything else is `501`.
 */
import { randomUUID } from "node:crypto"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import type { FormField } from "@fieldreport/domain/FormField"
import * as PointInPolygon from "@fieldreport/domain/PointInPolygon"
import * as ReportTitle from "@fieldreport/domain/ReportTitle"
import type { Ring } from "@fieldreport/domain/Wkt"
import { type Caller, type ChannelAccess, channelFor, mayEdit, Refusal } from "./FloorCaller.ts"
import type { FloorDatabase } from "./FloorDatabase.ts"
import {
  type FormFieldRow,
  findReport,
  formOf,
  isAttachment,
  type ReportRow,
  reportColumns,
  reportRecord,
} from "./FloorReports.ts"

export interface CategoryRow {
  readonly id: number
  readonly parent_id: number | null
  readonly name: string
  readonly depth: number
  readonly position: number
}

export interface StateRow {
  readonly id: number
  readonly position: number
  readonly initial: number
}

/** What writing a report of a channel reads of it. */
export interface ChannelContext {
  readonly access: ChannelAccess
  readonly fields: ReadonlyArray<FormFieldRow>
  readonly states: ReadonlyArray<StateRow>
  readonly categories: ReadonlyArray<CategoryRow>
}

const contextOf = (db: FloorDatabase, access: ChannelAccess): ChannelContext => ({
  access,
  fields: formOf(db, access.id),
  states: db.all<StateRow>(
    "SELECT id, channel_id, name, position, initial, appearance, next_state_ids FROM report_states WHERE channel_id IN (?) ORDER BY channel_id, position, id",
    access.id,
  ),
  categories: db.all<CategoryRow>(
    "SELECT id, channel_id, parent_id, name, label_name, depth, position, pin_color, pin_appearance FROM categories WHERE channel_id = ? ORDER BY depth, position, id",
    access.id,
  ),
})

/** The title derived from the category path and the first public text answer. */
export const derivedTitle = (
  context: ChannelContext,
  categoryId: number,
  answers: Readonly<Record<string, unknown>>,
) =>
  ReportTitle.derive(
    CategoryTree.path(context.categories, categoryId).map((category) => category.name),
    context.fields.map((field) => ({
      key: field.key as FormField["key"],
      field_type: field.field_type as FormField["field_type"],
      field_visibility: field.field_visibility === "private" ? ("private" as const) : ("public" as const),
    })),
    answers,
  )

const choiceTypes = new Set(["DropDown", "Radio"])
const textTypes = new Set(["ShortTextBox", "Description"])

/** The answers of a body checked against the form, the Category field's taken apart. */
export const checkedAnswers = (context: ChannelContext, body: Readonly<Record<string, unknown>>) => {
  let answered: number | undefined
  const kept: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(body)) {
    if (!/^f_\d+_\d+_\d+$/.test(key)) continue
    const field = context.fields.find((candidate) => candidate.key === key)
    if (field === undefined) throw new Refusal(422, `report.${key}: is not a field of this form`)
    if (field.field_type === "Category" && typeof value === "number") answered = value
    else if (textTypes.has(field.field_type) && typeof value === "string") kept[key] = value
    else if (choiceTypes.has(field.field_type) && typeof value === "string") {
      const options = (JSON.parse(field.data) as { options: ReadonlyArray<{ value: string }> }).options
      if (!options.some((option) => option.value === value))
        throw new Refusal(422, `report.${key}: is not an option of the field`)
      kept[key] = value
    } else throw new Refusal(501, `the floor does not check answers of ${field.field_type} fields`)
  }
  return { answered, kept }
}

/** The outer ring and holes of a stored polygon's WKT; the generated shapes are all polygons. */
export const ringsOf = (wkt: string): ReadonlyArray<Ring> => {
  if (!/^POLYGON\s*\(/i.test(wkt)) throw new Refusal(501, "the floor matches polygons only")
  return [...wkt.matchAll(/\(([^()]+)\)/g)].map((ring) =>
    (ring[1] ?? "").split(",").map((position) => {
      const [longitude = Number.NaN, latitude = Number.NaN] = position.trim().split(/\s+/).map(Number)
      return [longitude, latitude] as const
    }),
  )
}

/** The smallest shape of the app holding the point, its boundary included, read eight at a time. */
const shapeAt = (db: FloorDatabase, appId: number, longitude: number, latitude: number): number | null => {
  const candidates = db.all<{ id: number }>(
    `SELECT s.id, s.area, s.min_longitude, s.min_latitude, s.max_longitude, s.max_latitude
      FROM shapes_box b JOIN shapes s ON s.id = b.id
      WHERE b.min_longitude <= ? AND b.max_longitude >= ? AND b.min_latitude <= ? AND b.max_latitude >= ?
        AND s.min_longitude <= ? AND s.max_longitude >= ? AND s.min_latitude <= ? AND s.max_latitude >= ?
        AND s.branded_app_id = ? AND s.area > 0 ORDER BY s.area, s.id`,
    ...[longitude, longitude, latitude, latitude, longitude, longitude, latitude, latitude, appId],
  )
  for (let from = 0; from < candidates.length; from += 8) {
    const batch = candidates.slice(from, from + 8).map((candidate) => candidate.id)
    const geometries = new Map(
      db
        .all<{ id: number; geom: string }>(
          `SELECT id, geom FROM shapes WHERE id IN (${batch.map(() => "?").join(",")})`,
          ...batch,
        )
        .map((shape) => [shape.id, shape.geom]),
    )
    for (const id of batch) {
      const geom = geometries.get(id)
      if (
        geom !== undefined &&
        PointInPolygon.contains({ type: "Polygon", coordinates: ringsOf(geom) }, [longitude, latitude])
      )
        return id
    }
  }
  return null
}

/** An attachment a report's answers name, and the field that names it. */
export interface Link {
  readonly attachment_id: number
  readonly field_key: string
}

/**
 * Replaces the report's attachment links with those its answers name now, keeping those of fields
 * taken out of the form; the files they name must be linked already (`before`).
 */
const linkAttachments = (
  db: FloorDatabase,
  context: ChannelContext,
  report: ReportRow,
  before: ReadonlyArray<Link>,
) => {
  const answers = JSON.parse(report.answers) as Record<string, unknown>
  const keys = new Set(context.fields.map((field) => field.key))
  const links = [
    ...context.fields.filter(isAttachment).flatMap((field) => {
      const answer = answers[field.key]
      return Array.isArray(answer)
        ? answer.map((id) => ({ attachment_id: id as number, field_key: field.key }))
        : []
    }),
    ...before.filter((link) => !keys.has(link.field_key)),
  ]
  const linked = new Set(before.map((link) => link.attachment_id))
  const named = new Set(links.map((link) => link.attachment_id))
  if (
    links.some((link) => !linked.has(link.attachment_id)) ||
    before.some((link) => !named.has(link.attachment_id))
  )
    throw new Refusal(501, "the floor does not claim or release attachments")
  db.run("DELETE FROM report_attachments WHERE report_id = ?", report.id)
  if (links.length > 0)
    db.run(
      `INSERT INTO report_attachments ("attachment_id","field_key","report_id","channel_id") VALUES ${links.map(() => "(?,?,?,?)").join(",")}`,
      ...links.flatMap((link) => [link.attachment_id, link.field_key, report.id, report.channel_id]),
    )
}

/** The body's `report` member, refused when it holds what the floor does not take. */
/** One entry of a report's history: its filing, or a field a write moved. */
export interface Change {
  readonly action: "created" | "changed"
  readonly field: string | null
  readonly old: unknown
  readonly new: unknown
}

/** Writes entries of a report's history, in one statement. */
const recordChanges = (
  db: FloorDatabase,
  report: { readonly id: number; readonly channel_id: number },
  userId: number,
  at: string,
  changes: ReadonlyArray<Change>,
): void => {
  const row = "(?,?,?,?,?,?,?,?)"
  db.run(
    `INSERT INTO report_changes ("channel_id","report_id","user_id","action","field","old_value","new_value","created_at") VALUES ${changes.map(() => row).join(",")}`,
    ...changes.flatMap((change) => [
      ...[report.channel_id, report.id, userId, change.action, change.field],
      ...[JSON.stringify(change.old), JSON.stringify(change.new), at],
    ]),
  )
}

export const reportOf = (
  body: unknown,
  allowed: ReadonlyArray<string>,
): Readonly<Record<string, unknown>> => {
  const report = (body as { report?: unknown } | undefined)?.report
  if (typeof report !== "object" || report === null) throw new Refusal(400, "report: is required")
  const other = Object.keys(report).find((key) => !allowed.includes(key) && !/^f_\d+_\d+_\d+$/.test(key))
  if (other !== undefined) throw new Refusal(501, `the floor does not take report.${other}`)
  return report as Record<string, unknown>
}

/**
 * A report create: the report filed in the channel's initial state, answered with its record and
 * address.
 *
 * @example
 * ```ts
 * const { id, body } = createReport(db, caller, JSON.parse(text))
 * ```
 */
export const createReport = (
  db: FloorDatabase,
  caller: Caller,
  body: unknown,
): { readonly id: number; readonly body: Record<string, unknown> } => {
  const input = reportOf(body, ["account_id", "location", "category_id"])
  const location = input.location as { latitude: number; longitude: number } | undefined
  if (typeof input.account_id !== "number" || typeof location?.latitude !== "number")
    throw new Refusal(501, "the floor takes creates with an account_id and a location")
  const access = channelFor(db, caller, input.account_id, "report")
  if (access === undefined) throw new Refusal(422, "report.account_id: is not a channel you can see")
  const report = db.transaction(() => {
    const context = contextOf(db, access)
    const { answered, kept } = checkedAnswers(context, input)
    const requested = typeof input.category_id === "number" ? input.category_id : answered
    if (requested !== undefined && !context.categories.some((category) => category.id === requested))
      throw new Refusal(422, "report.category_id: is not a category of this channel")
    const categoryId = requested ?? access.category_id
    const marked = context.states.filter((state) => state.initial === 1)
    const [state] = (marked.length > 0 ? marked : [...context.states]).sort(
      (a, b) => a.position - b.position || a.id - b.id,
    )
    if (state === undefined) throw new Refusal(500, "the channel has no states")
    const shapeId = shapeAt(db, caller.appId, location.longitude, location.latitude)
    const now = new Date().toISOString()
    const uuid = randomUUID()
    const filed = db.savepoint(() => {
      const claimed = db.all(
        "INSERT INTO client_uuids (kind, uuid) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING uuid",
        "report",
        uuid,
      )
      if (claimed.length === 0) throw new Refusal(409, "report.uuid: is used by another report")
      return db.get<ReportRow>(
        `INSERT INTO reports ("channel_id","uuid","source_id","user_id","is_anonymous","title","address","latitude","longitude","category_id","report_state_id","shape_id","answers","created_at","updated_at")
          VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?) RETURNING ${reportColumns}`,
        ...[access.id, uuid, null, caller.user.id, 0, derivedTitle(context, categoryId, kept), ""],
        ...[
          location.latitude,
          location.longitude,
          categoryId,
          state.id,
          shapeId,
          JSON.stringify(kept),
          now,
          now,
        ],
      )
    })
    if (filed === undefined) throw new Refusal(500, "the report was not written")
    linkAttachments(db, context, filed, [])
    recordChanges(db, filed, caller.user.id, now, [{ action: "created", field: null, old: null, new: null }])
    const enqueued = new Date().toISOString()
    db.get(
      `INSERT INTO jobs ("kind","payload","run_at","unique_key","created_at","status","attempts")
        VALUES (?,?,?,?,?,?,?) ON CONFLICT DO NOTHING RETURNING id`,
      ...["report.created", JSON.stringify({ report_id: filed.id }), enqueued, null, enqueued, "pending", 0],
    )
    return filed
  })
  return { id: report.id, body: reportRecord(report) }
}

/**
 * A report update of its address: the title kept, or derived again when it was derived.
 *
 * @example
 * ```ts
 * const body = updateReport(db, caller, 49, { report: { address: "12 Queen St" } })
 * ```
 */
export const updateReport = (
  db: FloorDatabase,
  caller: Caller,
  id: number,
  body: unknown,
): Record<string, unknown> => {
  const input = reportOf(body, ["address"])
  if (typeof input.address !== "string" || Object.keys(input).length > 1)
    throw new Refusal(501, "the floor takes updates of the address")
  const found = findReport(db, id)
  const access = found === undefined ? undefined : channelFor(db, caller, found.channel_id, "read")
  if (found === undefined || access === undefined) throw new Refusal(404, "no such report")
  if (!mayEdit(access, caller, found)) throw new Refusal(403, "you may not edit this report")
  const report = db.transaction(() => {
    const current = findReport(db, id)
    if (current === undefined) throw new Refusal(404, "no such report")
    const context = contextOf(db, access)
    // The answers stay; the title follows them only when it was derived from them.
    const answers = { ...(JSON.parse(current.answers) as Record<string, unknown>) }
    const before = derivedTitle(context, current.category_id, answers)
    const after = derivedTitle(context, current.category_id, answers)
    const now = new Date().toISOString()
    const changed = db.get<ReportRow>(
      `UPDATE reports SET "address" = ?, "title" = ?, "category_id" = ?, "shape_id" = ?, "answers" = ?, "updated_at" = ?,
          version = version + 1
        WHERE id = ? RETURNING ${reportColumns}`,
      ...[input.address as string, current.title === before ? after : current.title, current.category_id],
      ...[current.shape_id, JSON.stringify(answers), now, id],
    )
    if (changed === undefined) throw new Refusal(404, "no such report")
    const moved = [
      { field: "title", old: current.title, new: changed.title },
      { field: "address", old: current.address, new: changed.address },
    ].filter((change) => change.old !== change.new)
    if (moved.length > 0)
      recordChanges(
        db,
        changed,
        caller.user.id,
        now,
        moved.map((change) => ({ action: "changed", ...change })),
      )
    const links = db.all<Link>(
      "SELECT attachment_id, field_key FROM report_attachments WHERE report_id = ? ORDER BY attachment_id",
      id,
    )
    linkAttachments(db, context, changed, links)
    return changed
  })
  return reportRecord(report)
}
