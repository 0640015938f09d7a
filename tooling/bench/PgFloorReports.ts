/**
 * Reading reports on the PostgreSQL floor server, with the statements the API runs on PostgreSQL
 * (`Reports.get`, `ReportView`): a report, the caller's access to its channel, the open recorded
 * before the answer, and for `form_fields` the report's notes and comments, its channel's form and
 * the files its answers name, at addresses signed as the API signs them (`SignedUrl`). The records
 * are the API's, key for key (`reportRecord` of the SQLite floor: the rows read alike).
 */
import { Refusal } from "./FloorCaller.ts"
import {
  type FormFieldRow,
  fileRecord,
  idsOf,
  isAttachment,
  type ReportRow,
  reportColumns,
  reportRecord,
} from "./FloorReports.ts"
import { type Caller, channelFor } from "./PgFloorCaller.ts"
import type { PgFloorDatabase } from "./PgFloorDatabase.ts"

export type { ReportRow }

/**
 * The report of an id, as stored.
 *
 * @example
 * ```ts
 * const report = await findReport(db, 49)
 * ```
 */
export const findReport = (db: Pick<PgFloorDatabase, "get">, id: number): Promise<ReportRow | undefined> =>
  db.get<ReportRow>(`SELECT ${reportColumns} FROM reports WHERE id = $1`, id)

/**
 * The fields of a channel's form, in form order; none when it has no form.
 *
 * @example
 * ```ts
 * const fields = await formOf(db, report.channel_id)
 * ```
 */
export const formOf = async (
  db: Pick<PgFloorDatabase, "get" | "all">,
  channelId: number,
): Promise<ReadonlyArray<FormFieldRow>> => {
  const form = await db.get<{ id: number }>(
    "SELECT id, channel_id, name, version FROM forms WHERE channel_id = $1",
    channelId,
  )
  if (form === undefined) return []
  return db.all<FormFieldRow>(
    `SELECT id, form_id, key, label, field_type, form_order, data, mandatory, visibility, field_visibility, editable, removed
      FROM form_fields WHERE form_id = $1 AND removed = 0 ORDER BY removed, form_order, id`,
    form.id,
  )
}

/** Records that the caller opened the report, and marks their notification about it read. */
const recordRead = async (db: PgFloorDatabase, report: ReportRow, userId: number) => {
  const opened = (on: Pick<PgFloorDatabase, "run">) =>
    on.run(
      `INSERT INTO report_reads ("report_id","channel_id","user_id","opened_at") VALUES ($1,$2,$3,$4)`,
      report.id,
      report.channel_id,
      userId,
      new Date().toISOString(),
    )
  const unread = await db.all(
    "SELECT 1 AS unread FROM notifications WHERE user_id = $1 AND report_id = $2 AND read = 0",
    userId,
    report.id,
  )
  if (unread.length === 0) return opened(db)
  await db.transaction(async (tx) => {
    await opened(tx)
    await tx.run(
      "UPDATE notifications SET read = 1 WHERE user_id = $1 AND report_id = $2 AND read = 0",
      userId,
      report.id,
    )
  })
}

/** `$n, $n+1, …` for `values`, the first numbered `from`. */
export const placeholders = (values: ReadonlyArray<unknown>, from = 1): string =>
  values.map((_, index) => `$${from + index}`).join(",")

/** The form with the report's answers, as `form_fields` shows it to the caller. */
const formFields = async (
  db: PgFloorDatabase,
  report: ReportRow,
  seesPrivate: boolean,
  files: { readonly secret: string; readonly origin: string },
) => {
  const fields = await formOf(db, report.channel_id)
  const answers = JSON.parse(report.answers) as Record<string, unknown>
  const fileIds = [...new Set(fields.filter(isAttachment).flatMap((field) => idsOf(answers[field.key])))]
  const found =
    fileIds.length === 0
      ? []
      : await db.all<{ id: number; filename: string; image: number }>(
          `SELECT id, user_id, filename, content_type, byte_size, storage_key, image, renditions_ready, used, created_at, released_at
            FROM attachments WHERE id IN (${placeholders(fileIds)}) ORDER BY id`,
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
 * const body = await fetchReport(db, caller, 49, { withForm: true, secret, origin: "http://127.0.0.1:3000" })
 * ```
 */
export const fetchReport = async (
  db: PgFloorDatabase,
  caller: Caller,
  id: number,
  options: { readonly withForm: boolean; readonly secret: string; readonly origin: string },
): Promise<Record<string, unknown>> => {
  const report = await findReport(db, id)
  const access = report === undefined ? undefined : await channelFor(db, caller, report.channel_id, "read")
  if (report === undefined || access === undefined) throw new Refusal(404, "no such report")
  await recordRead(db, report, caller.user.id)
  if (!options.withForm) return reportRecord(report)
  const staff = access.channel_role === "operator" || access.channel_role === "admin"
  const notes = await db.all<{ id: number; public: number }>(
    "SELECT id, report_id, channel_id, user_id, comment, public, created_at FROM note_comments WHERE report_id IN ($1) ORDER BY report_id, id",
    id,
  )
  const comments = await db.all<{ id: number }>(
    "SELECT id, report_id, channel_id, user_id, uuid, content, is_anonymous, created_at FROM report_comments WHERE report_id IN ($1) ORDER BY report_id, id",
    id,
  )
  return {
    ...reportRecord(report),
    form_fields: await formFields(db, report, staff || report.user_id === caller.user.id, options),
    note_comment_ids: notes.filter((note) => note.public === 1 || staff).map((note) => note.id),
    report_comment_ids: comments.map((comment) => comment.id),
  }
}
