/**
 * Reading a report's history (docs/api.md, Reports): `GET /api/v4/reports/{report_id}/changes`,
 * for whoever reads the report (`404` for anyone else, as a fetch). A private answer's change
 * shows its values only to those a fetch shows that answer to (the domain's `ReportDisclosure`):
 * others see that the field changed, and when, with null values. An answer whose field has left
 * the form is shown as a private one would be, as its field's visibility is no longer known.
 */
import { isFieldKey } from "@fieldreport/domain/FormField"
import { seesPrivateAnswers } from "@fieldreport/domain/ReportDisclosure"
import { Context, Effect, Layer } from "effect"
import type { NotFound } from "../Errors.ts"
import { type ReportChangeRow, ReportChangeStore } from "../store/ReportChangeStore.ts"
import { ReportStore } from "../store/ReportStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import * as ChannelContext from "./ChannelContext.ts"
import { findReadable, type ReportKey } from "./ReadableReport.ts"

/**
 * A page of a report's changes as the reader may see them, and how many there are.
 *
 * @example
 * ```ts
 * const { rows, total } = yield* (yield* ReportChanges).page(actor, 49, { offset: 0, limit: 50 })
 * ```
 */
export interface ChangesOfReport {
  readonly rows: ReadonlyArray<ReportChangeRow>
  readonly total: number
}

/**
 * Makes the report history service.
 *
 * @example
 * ```ts
 * const layer = Layer.effect(ReportChanges, make)
 * ```
 */
export const make = Effect.gen(function* () {
  const store = yield* ReportChangeStore
  const contextOf = yield* ChannelContext.make
  const readable = findReadable(yield* ReportStore, yield* Access)

  const page = traced("ReportChanges.page")(function* (
    actor: Actor,
    key: ReportKey,
    range: { readonly offset: number; readonly limit: number },
  ) {
    const { report, access } = yield* readable(actor, key)
    const found = yield* store.page(report.id, range.offset, range.limit)
    if (seesPrivateAnswers(access, actor.user.id, report)) return found
    const { fields } = yield* contextOf(access)
    const open = new Set(
      fields.filter((field) => field.field_visibility !== "private").map((field) => field.key),
    )
    const shown = (change: ReportChangeRow) =>
      change.field === null || !isFieldKey(change.field) || open.has(change.field)
        ? change
        : { ...change, old_value: null, new_value: null }
    return { rows: found.rows.map(shown), total: found.total } satisfies ChangesOfReport
  })

  return ReportChanges.of({ page })
})

/**
 * The report history service.
 *
 * @example
 * ```ts
 * const { rows } = yield* (yield* ReportChanges).page(actor, "6f1c…", { offset: 0, limit: 50 })
 * ```
 */
export class ReportChanges extends Context.Service<
  ReportChanges,
  {
    /** A page of the report's changes, newest first, as the actor may see them. */
    readonly page: (
      actor: Actor,
      key: ReportKey,
      range: { readonly offset: number; readonly limit: number },
    ) => Effect.Effect<ChangesOfReport, NotFound>
  }
>()("api/services/ReportChanges") {
  static readonly layer = Layer.effect(ReportChanges, make)
}
