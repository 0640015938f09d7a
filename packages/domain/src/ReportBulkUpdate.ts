/**
 * `POST /api/v4/reports/bulk_update` (docs/api.md, Reports): many updates of reports in one call,
 * in the form of the API's bulk creates (`POST /api/v4/shapes/bulk_create`). Each item is the body
 * of a single `PATCH /api/v4/reports/{id}` without its envelope, plus the `id` of the report it
 * changes; each is decoded on its own, so one bad item is answered in its result and does not
 * refuse the others.
 */
import { Result, Schema } from "effect"
import { decodeInput, type InvalidInput } from "./Invalid.ts"
import { Count, Id } from "./internal/wire.ts"
import { Report, ReportUpdate } from "./Report.ts"

/** The most items one bulk update takes. */
export const bulkUpdateLimit = 200

/**
 * The body of a bulk update: an array of 1 to 200 items, decoded one by one with `bulkUpdateItem`.
 *
 * @example
 * ```ts
 * decodeInput(ReportBulkUpdate, [{ id: 49, report_state_id: 3 }], "reports") // one item
 * ```
 */
export const ReportBulkUpdate = Schema.Array(Schema.Unknown).check(
  Schema.isMinLength(1, { message: "must hold at least one report" }),
  Schema.isMaxLength(bulkUpdateLimit, { message: `must hold at most ${bulkUpdateLimit} reports` }),
)

/**
 * One item as the contract describes it: the report's `id` and the fields and answers of
 * `PATCH /api/v4/reports/{id}`'s body.
 *
 * @example
 * ```ts
 * const item: ReportBulkUpdateItem = { id: 49, report_state_id: 3, assignee_id: 22 }
 * ```
 */
export const ReportBulkUpdateItem = Schema.StructWithRest(Schema.Struct({ id: Id }), [
  Schema.Record(Schema.String, Schema.Unknown),
]).annotate({ description: "The report's `id` and the fields of the body of `PATCH /api/v4/reports/{id}`." })
export type ReportBulkUpdateItem = typeof ReportBulkUpdateItem.Type

/**
 * Reads one item: the id of the report and its changes, as `PATCH` reads them (the `id` key is not
 * an answer, so `ReportUpdate` leaves it out). Failures name the item's keys: `id`,
 * `report_state_id`.
 *
 * @example
 * ```ts
 * bulkUpdateItem({ id: 49, assignee_id: null }) // Result.succeed({ id: 49, changes: { assignee_id: null, answers: {} } })
 * ```
 */
export const bulkUpdateItem = (
  item: unknown,
): Result.Result<{ readonly id: number; readonly changes: ReportUpdate }, InvalidInput> =>
  Result.flatMap(decodeInput(Schema.Struct({ id: Id }), item), ({ id }) =>
    Result.map(decodeInput(ReportUpdate, item), (changes) => ({ id, changes })),
  )

/**
 * The result of one item, in request order: `ref` its index in the request; `data` the updated
 * report with `http_status: 200`, or the item's refusal with its status and reasons (`errors` by
 * the item's keys, `base` for a refusal of the whole item).
 *
 * @example
 * ```ts
 * const refused: ReportBulkResult = { ref: 1, http_status: 403, errors: { base: ["you may not edit this report"] } }
 * ```
 */
export const ReportBulkResult = Schema.Struct({
  ref: Count,
  data: Schema.optionalKey(Report),
  http_status: Schema.Literals([200, 403, 404, 409, 422]).annotate({
    message: "must be one of 200, 403, 404, 409, 422",
  }),
  errors: Schema.Record(Schema.String, Schema.Array(Schema.String)),
})
export type ReportBulkResult = typeof ReportBulkResult.Type
