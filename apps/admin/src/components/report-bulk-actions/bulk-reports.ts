/**
 * Changing and deleting many reports, as the bulk actions do it: updates go through
 * `bulkUpdateReports` (docs/api.md, Updating many reports at once) in batches of the most one call
 * takes, each item answered on its own (`207` when some were refused); deletes are one
 * `deleteReport` each, as the API has no bulk delete. Either way the outcome is which reports were
 * done and why the others were refused, said in one sentence by `outcomeText`.
 */

import { bulkUpdateLimit } from "@fieldreport/domain/ReportBulkUpdate"
import { msg, str } from "@lit/localize"
import { Schema } from "effect"
import type { Connection } from "../../shared/connection.ts"
import { plural } from "../../shared/localization.ts"
import { errorText, run } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"

/** A report the server refused, with its reasons in words. */
export interface Refusal {
  readonly id: number
  readonly reasons: ReadonlyArray<string>
}

/** What a bulk action did: the reports done, and those refused. */
export interface Outcome {
  readonly done: ReadonlyArray<number>
  readonly refused: ReadonlyArray<Refusal>
}

/** The changes a bulk update makes to a report: fields of `PATCH /api/v4/reports/{id}`. */
export type Changes = Readonly<{
  report_state_id?: number
  assignee_id?: number | null
  assignment_due_at?: string | null
}>

/** One report and its changes, an item of `bulkUpdateReports`. */
export type Item = Changes & { readonly id: number }

/** How far a bulk action got: reports finished of all. */
export type OnProgress = (finished: number, total: number) => void

/** An item's result as far as the outcome needs it; the updated report is not read. */
const ItemResult = Schema.Struct({
  ref: Schema.Number,
  http_status: Schema.Number,
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
})

/** The words for the item keys a refusal names, in the language shown. */
const fieldNames = (): Readonly<Record<string, string>> => ({
  report_state_id: msg("state", { id: "bulk.field.state" }),
  assignee_id: msg("assignee", { id: "bulk.field.assignee" }),
  assignment_due_at: msg("due time", { id: "bulk.field.due" }),
})

/** A refusal's `errors` as sentences: `base` as it is, a field's messages after the field's name. */
const reasonsOf = (errors: Readonly<Record<string, ReadonlyArray<string>>>): ReadonlyArray<string> =>
  Object.entries(errors).flatMap(([field, messages]) =>
    messages.map((message) => (field === "base" ? message : `${fieldNames()[field] ?? field} ${message}`)),
  )

/**
 * Updates reports, each with its own changes, a batch at a time, telling `onProgress` after each.
 * A batch the server refused as a whole (or that never reached it) refuses each of its reports
 * with that reason, and the next batch still goes.
 *
 * @example
 * ```ts
 * const outcome = await updateReports(connection, [{ id: 12, assignee_id: 5 }, { id: 13, assignee_id: 5 }], () => {})
 * outcome.refused // [{ id: 13, reasons: ["you may not edit this report"] }]
 * ```
 */
export const updateReports = async (
  connection: Connection,
  items: ReadonlyArray<Item>,
  onProgress: OnProgress,
): Promise<Outcome> => {
  const done: Array<number> = []
  const refused: Array<Refusal> = []
  for (let start = 0; start < items.length; start += bulkUpdateLimit) {
    const batch = items.slice(start, start + bulkUpdateLimit)
    try {
      const results = await run(
        connection.client.call(
          "bulkUpdateReports",
          { query: { fields: "id" }, body: batch },
          { as: ItemResult },
        ),
      )
      for (const result of results) {
        const item = batch[result.ref]
        if (item === undefined) continue
        if (result.http_status === 200) done.push(item.id)
        else refused.push({ id: item.id, reasons: reasonsOf(result.errors) })
      }
    } catch (error) {
      for (const item of batch) refused.push({ id: item.id, reasons: [errorText(error)] })
    }
    onProgress(start + batch.length, items.length)
  }
  return { done, refused }
}

/** Deletes at the same time: enough to be quick, few enough to leave the server to others too. */
const parallelDeletes = 4

/**
 * Deletes reports one by one (a few at a time), telling `onProgress` after each.
 *
 * @example
 * ```ts
 * const outcome = await deleteReports(connection, [12, 13], () => {})
 * ```
 */
export const deleteReports = async (
  connection: Connection,
  ids: ReadonlyArray<number>,
  onProgress: OnProgress,
): Promise<Outcome> => {
  const done: Array<number> = []
  const refused: Array<Refusal> = []
  let next = 0
  const worker = async () => {
    while (next < ids.length) {
      const id = ids[next++]!
      try {
        await run(connection.client.call("deleteReport", { path: { report_id: id } }))
        done.push(id)
      } catch (error) {
        refused.push({ id, reasons: [errorText(error)] })
      }
      onProgress(done.length + refused.length, ids.length)
    }
  }
  await Promise.all(Array.from({ length: Math.min(parallelDeletes, ids.length) }, worker))
  const order = new Map(ids.map((id, index) => [id, index]))
  const byRequest = (a: number, b: number) => order.get(a)! - order.get(b)!
  return { done: done.sort(byRequest), refused: refused.sort((a, b) => byRequest(a.id, b.id)) }
}

/**
 * What a bulk action did to a number of reports, in the language shown: "1 report deleted",
 * "12 reports moved to Resolved".
 *
 * @example
 * ```ts
 * doneSaid.movedTo("Resolved")(12) // "12 reports moved to Resolved"
 * ```
 */
export const doneSaid = {
  updated: (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report updated`, { id: "bulk.updated.one" }),
      other: (n) => msg(str`${n} reports updated`, { id: "bulk.updated.other" }),
    }),
  deleted: (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report deleted`, { id: "bulk.deleted.one" }),
      other: (n) => msg(str`${n} reports deleted`, { id: "bulk.deleted.other" }),
    }),
  moved: (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report moved`, { id: "bulk.moved.one" }),
      other: (n) => msg(str`${n} reports moved`, { id: "bulk.moved.other" }),
    }),
  movedTo: (state: string) => (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report moved to ${state}`, { id: "bulk.movedTo.one" }),
      other: (n) => msg(str`${n} reports moved to ${state}`, { id: "bulk.movedTo.other" }),
    }),
  unassigned: (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report unassigned`, { id: "bulk.unassigned.one" }),
      other: (n) => msg(str`${n} reports unassigned`, { id: "bulk.unassigned.other" }),
    }),
  assignedTo: (name: string) => (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report assigned to ${name}`, { id: "bulk.assignedTo.one" }),
      other: (n) => msg(str`${n} reports assigned to ${name}`, { id: "bulk.assignedTo.other" }),
    }),
  noDue: (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report left without a due time`, { id: "bulk.noDue.one" }),
      other: (n) => msg(str`${n} reports left without a due time`, { id: "bulk.noDue.other" }),
    }),
  due: (time: string) => (count: number) =>
    plural(count, {
      one: (n) => msg(str`${n} report due ${time}`, { id: "bulk.due.one" }),
      other: (n) => msg(str`${n} reports due ${time}`, { id: "bulk.due.other" }),
    }),
}

/** How many report ids a sentence names for one reason before saying how many more. */
const namedIds = 5

/** Reports by id: "report 12", "reports 12, 13 and 4 more". */
const reportsNamed = (ids: ReadonlyArray<number>): string => {
  const named = ids.slice(0, namedIds).join(", ")
  const more = ids.length - namedIds
  if (more > 0) return msg(str`reports ${named} and ${formatCount(more)} more`, { id: "bulk.reportsMore" })
  return ids.length === 1
    ? msg(str`report ${named}`, { id: "bulk.reportNamed" })
    : msg(str`reports ${named}`, { id: "bulk.reportsNamed" })
}

/**
 * The outcome in one sentence: how many were done (`said`: one of `doneSaid`) and, for those
 * refused, each reason once with the reports it refused.
 *
 * @example
 * ```ts
 * outcomeText({ done: [1, 2], refused: [{ id: 3, reasons: ["you may not edit this report"] }] }, doneSaid.updated)
 * // "2 reports updated, 1 refused: you may not edit this report (report 3)."
 * ```
 */
export const outcomeText = (outcome: Outcome, said: (count: number) => string): string => {
  const done = said(outcome.done.length)
  if (outcome.refused.length === 0) return `${done}.`
  const byReason = new Map<string, Array<number>>()
  for (const refusal of outcome.refused) {
    for (const reason of refusal.reasons.length === 0
      ? [msg("refused", { id: "bulk.refused" })]
      : refusal.reasons) {
      byReason.set(reason, [...(byReason.get(reason) ?? []), refusal.id])
    }
  }
  const reasons = [...byReason].map(([reason, ids]) => `${reason} (${reportsNamed(ids)})`).join("; ")
  return msg(str`${done}, ${formatCount(outcome.refused.length)} refused: ${reasons}.`, {
    id: "bulk.outcomeRefused",
  })
}
