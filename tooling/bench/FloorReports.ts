/**
 * Reading reports on the floor server, with the statements the API runs (`Reports.get`,
 * `ReportView`): a report, the caller's access to its channel, the open recorded before the
 * answer, and for `form_fields` the report's notes and comments, its channel's form and the files
 * its answers name, at addresses signed as the API signs them (`SignedUrl`). The records are the
 * API's, key for key.
 */
import { hash } from "node:crypto"
import { type Caller, channelFor, Refusal } from "./FloorCaller.ts"
import type { FloorDatabase } from "./FloorDatabase.ts"

/** A report as stored, its answers still JSON text. */
export interface ReportRow {
  readonly id: number
  readonly channel_id: number
  readonly uuid: string | null
  readonly user_id: number
  readonly is_anonymous: number
  readonly title: string
  readonly address: string
  readonly latitude: number | null
  readonly longitude: number | null
  readonly category_id: number
  readonly report_state_id: number
  readonly shape_id: number | null
  readonly answers: string
  readonly version: number
  readonly created_at: string
}

/** A field of a channel's form, as stored. */
export interface FormFieldRow {
  readonly id: number
  readonly key: string
  readonly label: string
  readonly field_type: string
  readonly form_order: number
  readonly data: string
  readonly mandatory: number | null
  readonly visibility: string
  readonly field_visibility: string
  readonly editable: number
}

/** The columns of a report the API reads. */
export const reportColumns =
  "id, channel_id, uuid, source_id, user_id, is_anonymous, title, address, latitude, longitude, category_id, report_state_id, shape_id, assignee_id, assignment_due_at, answers, version, created_at, updated_at"

const attachmentTypes = new Set(["Image", "FileUpload"])

/** Whether a field's answers name files. */
export const isAttachment = (field: Pick<FormFieldRow, "field_type">): boolean =>
  attachmentTypes.has(field.field_type)

/**
 * The report of an id, as stored.
 *
 * @example
 * ```ts
 * const report = findReport(db, 49)
 * ```
 */
export const findReport = (db: FloorDatabase, id: number): ReportRow | undefined =>
  db.get<ReportRow>(`SELECT ${reportColumns} FROM reports WHERE id = ?`, id)

/**
 * The fields of a channel's form, in form order; none when it has no form.
 *
 * @example
 * ```ts
 * const fields = formOf(db, report.channel_id)
 * ```
 */
export const formOf = (db: FloorDatabase, channelId: number): ReadonlyArray<FormFieldRow> => {
  const form = db.get<{ id: number }>(
    "SELECT id, channel_id, name, version FROM forms WHERE channel_id = ?",
    channelId,
  )
  if (form === undefined) return []
  return db.all<FormFieldRow>(
    `SELECT id, form_id, key, label, field_type, form_order, data, mandatory, visibility, field_visibility, editable, removed
      FROM form_fields WHERE form_id = ? AND removed = 0 ORDER BY removed, form_order, id`,
    form.id,
  )
}

/**
 * A report's record with the default fields, in the order the API renders them; an anonymous
 * report has no `user_id`.
 *
 * @example
 * ```ts
 * JSON.stringify(reportRecord(report))
 * ```
 */
export const reportRecord = (report: ReportRow): Record<string, unknown> => {
  const anonymous = report.is_anonymous === 1
  return {
    id: report.id,
    account_id: report.channel_id,
    address: report.address,
    category_id: report.category_id,
    is_anonymous: anonymous,
    iso_created_at: report.created_at,
    location:
      report.latitude === null || report.longitude === null
        ? null
        : { latitude: report.latitude, longitude: report.longitude },
    report_state_id: report.report_state_id,
    title: report.title,
    ...(anonymous ? {} : { user_id: report.user_id }),
    shape_id: report.shape_id,
  }
}

/** Records that the caller opened the report, and marks their notification about it read. */
const recordRead = (db: FloorDatabase, report: ReportRow, userId: number) => {
  const opened = () =>
    db.run(
      `INSERT INTO report_reads ("report_id","channel_id","user_id","opened_at") VALUES (?,?,?,?)`,
      report.id,
      report.channel_id,
      userId,
      new Date().toISOString(),
    )
  const unread = db.all(
    "SELECT 1 AS unread FROM notifications WHERE user_id = ? AND report_id = ? AND read = 0",
    userId,
    report.id,
  )
  if (unread.length === 0) return opened()
  db.transaction(() => {
    opened()
    db.run(
      "UPDATE notifications SET read = 1 WHERE user_id = ? AND report_id = ? AND read = 0",
      userId,
      report.id,
    )
  })
}

/** How long a signed file address works, in seconds: the API's default. */
const urlLifetimeSeconds = 3600

/** A file at its signed addresses, as a report's answer shows it. */
export const fileRecord = (
  secret: string,
  origin: string,
  file: { readonly id: number; readonly filename: string; readonly image: number },
) => {
  const scope = `/api/v4/files/${file.id}`
  const expires = Math.ceil((Date.now() / 1000 + urlLifetimeSeconds) / 60) * 60
  const signature = hash("sha512-256", `${secret}\n${scope}\n${expires}`, "base64url")
  const url = (style: string) => `${origin}${scope}/${style}?expires=${expires}&signature=${signature}`
  return {
    id: file.id,
    original_url: url("original"),
    filename: file.filename,
    style_url: file.image === 1 ? { thumb: url("thumb"), medium: url("medium") } : {},
  }
}

/** The ids of files an answer names. */
export const idsOf = (answer: unknown): ReadonlyArray<number> =>
  Array.isArray(answer) ? answer.filter((id): id is number => typeof id === "number") : []

/** The form with the report's answers, as `form_fields` shows it to the caller. */
const formFields = (
  db: FloorDatabase,
  report: ReportRow,
  seesPrivate: boolean,
  files: { readonly secret: string; readonly origin: string },
) => {
  const fields = formOf(db, report.channel_id)
  const answers = JSON.parse(report.answers) as Record<string, unknown>
  const fileIds = [...new Set(fields.filter(isAttachment).flatMap((field) => idsOf(answers[field.key])))]
  const found =
    fileIds.length === 0
      ? []
      : db.all<{ id: number; filename: string; image: number }>(
          `SELECT id, user_id, filename, content_type, byte_size, storage_key, image, renditions_ready, used, created_at, released_at
            FROM attachments WHERE id IN (${fileIds.map(() => "?").join(",")}) ORDER BY id`,
          ...fileIds,
        )
  const records = new Map(found.map((file) => [file.id, fileRecord(files.secret, files.origin, file)]))
  return fields.map((field) => {
    const answer =
      field.field_type === "Category"
        ? report.category_id
        : field.field_type === "FreeText" || (field.field_visibility === "private" && !seesPrivate)
          ? undefined
          : answers[field.key]
    return {
      id: field.id,
      label: field.label,
      key: field.key,
      field_type: field.field_type,
      form_order: field.form_order,
      data: field.data,
      mandatory: field.mandatory === null ? null : field.mandatory === 1,
      visibility: field.visibility,
      field_visibility: field.field_visibility === "private" ? "private" : "public",
      value:
        answer === undefined
          ? null
          : isAttachment(field)
            ? idsOf(answer).flatMap((id) => records.get(id) ?? [])
            : answer,
      editable: field.editable === 1,
    }
  })
}

/**
 * A report fetch: the report the caller may read, its open recorded, with the default fields or
 * also `form_fields` (which brings `note_comment_ids` and `report_comment_ids`); `404` for a
 * report the caller cannot read.
 *
 * @example
 * ```ts
 * const body = fetchReport(db, caller, 49, { withForm: true, secret, origin: "http://127.0.0.1:3000" })
 * ```
 */
export const fetchReport = (
  db: FloorDatabase,
  caller: Caller,
  id: number,
  options: { readonly withForm: boolean; readonly secret: string; readonly origin: string },
): Record<string, unknown> => {
  const report = findReport(db, id)
  const access = report === undefined ? undefined : channelFor(db, caller, report.channel_id, "read")
  if (report === undefined || access === undefined) throw new Refusal(404, "no such report")
  recordRead(db, report, caller.user.id)
  if (!options.withForm) return reportRecord(report)
  const staff = access.channel_role === "operator" || access.channel_role === "admin"
  const notes = db.all<{ id: number; public: number }>(
    "SELECT id, report_id, channel_id, user_id, comment, public, created_at FROM note_comments WHERE report_id IN (?) ORDER BY report_id, id",
    id,
  )
  const comments = db.all<{ id: number }>(
    "SELECT id, report_id, channel_id, user_id, uuid, content, is_anonymous, created_at FROM report_comments WHERE report_id IN (?) ORDER BY report_id, id",
    id,
  )
  return {
    ...reportRecord(report),
    form_fields: formFields(db, report, staff || report.user_id === caller.user.id, options),
    note_comment_ids: notes.filter((note) => note.public === 1 || staff).map((note) => note.id),
    report_comment_ids: comments.map((comment) => comment.id),
  }
}
