/**
 * Filing and changing reports on the PostgreSQL floor server, with the statements the API runs on
 * PostgreSQL (`Reports.create`, `Reports.update`): the caller's access to the channel; in one
 * transaction the channel's form, states and categories, the smallest shape of the app holding
 * the location (its boxes found by the `box` index), the report written (its uuid claimed in a
 * savepoint; an update reads it locked first), its attachment links replaced, and for a new
 * report the job that tells others of it. Titles are derived by the domain's rules
 * (`ReportTitle`, `CategoryTree`), shapes matched by `PointInPolygon`.
 *
 * It takes the bodies the load scenarios send: a create with a location, a category and answers
 * to text and choice fields; an update of the address. Anything else is `501`.
 */
import { randomUUID } from "node:crypto"
import * as PointInPolygon from "@fieldreport/domain/PointInPolygon"
import { Refusal } from "./FloorCaller.ts"
import { isAttachment, reportColumns, reportRecord } from "./FloorReports.ts"
import {
  type CategoryRow,
  type Change,
  type ChannelContext,
  checkedAnswers,
  derivedTitle,
  type Link,
  reportOf,
  ringsOf,
  type StateRow,
} from "./FloorReportWrites.ts"
import { type Caller, type ChannelAccess, channelFor } from "./PgFloorCaller.ts"
import type { PgFloorDatabase, PgFloorTransaction } from "./PgFloorDatabase.ts"
import { findReport, formOf, placeholders, type ReportRow } from "./PgFloorReports.ts"

const contextOf = async (db: PgFloorTransaction, access: ChannelAccess): Promise<ChannelContext> => {
  const fields = await formOf(db, access.id)
  const states = await db.all<StateRow>(
    "SELECT id, channel_id, name, position, initial, appearance, next_state_ids FROM report_states WHERE channel_id IN ($1) ORDER BY channel_id, position, id",
    access.id,
  )
  const categories = await db.all<CategoryRow>(
    "SELECT id, channel_id, parent_id, name, label_name, depth, position, pin_color, pin_appearance FROM categories WHERE channel_id = $1 ORDER BY depth, position, id",
    access.id,
  )
  return { access, fields, states, categories }
}

/** Whether the caller may edit a report: as an operator or admin of its channel, or as its reporter. */
const mayEdit = (access: ChannelAccess, caller: Caller, report: ReportRow): boolean =>
  access.channel_role === "operator" ||
  access.channel_role === "admin" ||
  (access.channel_role === "reporter" && report.user_id === caller.user.id)

/** The smallest shape of the app holding the point, its boundary included, read eight at a time. */
const shapeAt = async (
  db: PgFloorTransaction,
  appId: number,
  longitude: number,
  latitude: number,
): Promise<number | null> => {
  const candidates = await db.all<{ id: number }>(
    `SELECT s.id, s.area, s.min_longitude, s.min_latitude, s.max_longitude, s.max_latitude
      FROM shapes_box b JOIN shapes s ON s.id = b.id
      WHERE b.box && box(point($1, $2), point($3, $4))
        AND s.min_longitude <= $5 AND s.max_longitude >= $6 AND s.min_latitude <= $7 AND s.max_latitude >= $8
        AND s.branded_app_id = $9 AND s.area > 0 ORDER BY s.area, s.id`,
    ...[longitude, latitude, longitude, latitude],
    ...[longitude, longitude, latitude, latitude, appId],
  )
  for (let from = 0; from < candidates.length; from += 8) {
    const batch = candidates.slice(from, from + 8).map((candidate) => candidate.id)
    const geometries = new Map(
      (
        await db.all<{ id: number; geom: string }>(
          `SELECT id, geom FROM shapes WHERE id IN (${placeholders(batch)})`,
          ...batch,
        )
      ).map((shape) => [shape.id, shape.geom]),
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

/**
 * Replaces the report's attachment links with those its answers name now, keeping those of fields
 * taken out of the form; the files they name must be linked already (`before`).
 */
const linkAttachments = async (
  db: PgFloorTransaction,
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
  await db.run("DELETE FROM report_attachments WHERE report_id = $1", report.id)
  if (links.length > 0)
    await db.run(
      `INSERT INTO report_attachments ("attachment_id","field_key","report_id","channel_id") VALUES ${links
        .map((_, index) => `(${placeholders([1, 2, 3, 4], index * 4 + 1)})`)
        .join(",")}`,
      ...links.flatMap((link) => [link.attachment_id, link.field_key, report.id, report.channel_id]),
    )
}

/** Writes entries of a report's history, in one statement. */
const recordChanges = (
  db: PgFloorTransaction,
  report: { readonly id: number; readonly channel_id: number },
  userId: number,
  at: string,
  changes: ReadonlyArray<Change>,
): Promise<void> =>
  db.run(
    `INSERT INTO report_changes ("channel_id","report_id","user_id","action","field","old_value","new_value","created_at") VALUES ${changes
      .map((_, index) => `(${placeholders([1, 2, 3, 4, 5, 6, 7, 8], index * 8 + 1)})`)
      .join(",")}`,
    ...changes.flatMap((change) => [
      ...[report.channel_id, report.id, userId, change.action, change.field],
      ...[JSON.stringify(change.old), JSON.stringify(change.new), at],
    ]),
  )

/**
 * A report create: the report filed in the channel's initial state, answered with its record and
 * address.
 *
 * @example
 * ```ts
 * const { id, body } = await createReport(db, caller, JSON.parse(text))
 * ```
 */
export const createReport = async (
  db: PgFloorDatabase,
  caller: Caller,
  body: unknown,
): Promise<{ readonly id: number; readonly body: Record<string, unknown> }> => {
  const input = reportOf(body, ["account_id", "location", "category_id"])
  const location = input.location as { latitude: number; longitude: number } | undefined
  if (typeof input.account_id !== "number" || typeof location?.latitude !== "number")
    throw new Refusal(501, "the floor takes creates with an account_id and a location")
  const access = await channelFor(db, caller, input.account_id, "report")
  if (access === undefined) throw new Refusal(422, "report.account_id: is not a channel you can see")
  const report = await db.transaction(async (tx) => {
    const context = await contextOf(tx, access)
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
    const shapeId = await shapeAt(tx, caller.appId, location.longitude, location.latitude)
    const now = new Date().toISOString()
    const uuid = randomUUID()
    const filed = await tx.savepoint(async () => {
      const claimed = await tx.all(
        "INSERT INTO client_uuids (kind, uuid) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING uuid",
        "report",
        uuid,
      )
      if (claimed.length === 0) throw new Refusal(409, "report.uuid: is used by another report")
      return tx.get<ReportRow>(
        `INSERT INTO reports ("channel_id","uuid","source_id","user_id","is_anonymous","title","address","latitude","longitude","category_id","report_state_id","shape_id","answers","created_at","updated_at")
          VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10,$11,$12,$13,$14,$15) RETURNING ${reportColumns}`,
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
    await linkAttachments(tx, context, filed, [])
    await recordChanges(tx, filed, caller.user.id, now, [
      { action: "created", field: null, old: null, new: null },
    ])
    const enqueued = new Date().toISOString()
    await tx.get(
      `INSERT INTO jobs ("kind","payload","run_at","unique_key","created_at","status","attempts")
        VALUES ($1,$2,$3,$4,$5,$6,$7) ON CONFLICT DO NOTHING RETURNING id`,
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
 * const body = await updateReport(db, caller, 49, { report: { address: "12 Queen St" } })
 * ```
 */
export const updateReport = async (
  db: PgFloorDatabase,
  caller: Caller,
  id: number,
  body: unknown,
): Promise<Record<string, unknown>> => {
  const input = reportOf(body, ["address"])
  if (typeof input.address !== "string" || Object.keys(input).length > 1)
    throw new Refusal(501, "the floor takes updates of the address")
  const found = await findReport(db, id)
  const access = found === undefined ? undefined : await channelFor(db, caller, found.channel_id, "read")
  if (found === undefined || access === undefined) throw new Refusal(404, "no such report")
  if (!mayEdit(access, caller, found)) throw new Refusal(403, "you may not edit this report")
  const report = await db.transaction(async (tx) => {
    const current = await tx.get<ReportRow>(
      `SELECT ${reportColumns} FROM reports WHERE id = $1 FOR NO KEY UPDATE`,
      id,
    )
    if (current === undefined) throw new Refusal(404, "no such report")
    const context = await contextOf(tx, access)
    // The answers stay; the title follows them only when it was derived from them.
    const answers = { ...(JSON.parse(current.answers) as Record<string, unknown>) }
    const before = derivedTitle(context, current.category_id, answers)
    const after = derivedTitle(context, current.category_id, answers)
    const now = new Date().toISOString()
    const changed = await tx.get<ReportRow>(
      `UPDATE reports SET "address" = $1, "title" = $2, "category_id" = $3, "shape_id" = $4, "answers" = $5, "updated_at" = $6,
          version = version + 1
        WHERE id = $7 RETURNING ${reportColumns}`,
      ...[input.address as string, current.title === before ? after : current.title, current.category_id],
      ...[current.shape_id, JSON.stringify(answers), now, id],
    )
    if (changed === undefined) throw new Refusal(404, "no such report")
    const moved = [
      { field: "title", old: current.title, new: changed.title },
      { field: "address", old: current.address, new: changed.address },
    ].filter((change) => change.old !== change.new)
    if (moved.length > 0)
      await recordChanges(
        tx,
        changed,
        caller.user.id,
        now,
        moved.map((change) => ({ action: "changed", ...change })),
      )
    const links = await tx.all<Link>(
      "SELECT attachment_id, field_key FROM report_attachments WHERE report_id = $1 ORDER BY attachment_id",
      id,
    )
    await linkAttachments(tx, context, changed, links)
    return changed
  })
  return reportRecord(report)
}
