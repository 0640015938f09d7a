/**
 * Writing a report from what a request gives, inside the request's transaction: filing a new
 * report, and revising one that exists. Each write checks the answers against the channel's form,
 * chooses the category, finds the shape the report lies in, gives it its title, moves its state,
 * relinks its attachments, records what it changed in the report's history (`ReportHistory`) and
 * tells others about it.
 *
 * A title not given (or blank) is derived and follows later changes (the domain's `ReportTitle`).
 * An update never changes a report's `uuid`: clients know the report by it.
 */
import { randomUUID } from "node:crypto"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import type { FormField } from "@fieldreport/domain/FormField"
import type { Answers, Location } from "@fieldreport/domain/Report"
import * as ReportTitle from "@fieldreport/domain/ReportTitle"
import { DateTime, Effect } from "effect"
import { Conflict } from "../Errors.ts"
import type { CategoryRow } from "../store/CategoryStore.ts"
import { ReportChangeStore } from "../store/ReportChangeStore.ts"
import { type ReportRow, ReportStore, type StoredAnswers } from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import type { Actor } from "./Authentication.ts"
import type { ChannelContext } from "./ChannelContext.ts"
import * as ReportAnswers from "./ReportAnswers.ts"
import * as ReportAttachments from "./ReportAttachments.ts"
import type { CategoryChoice } from "./ReportCategory.ts"
import * as ReportFanOut from "./ReportFanOut.ts"
import * as ReportHistory from "./ReportHistory.ts"
import * as ReportShape from "./ReportShape.ts"
import * as ReportStateChanges from "./ReportStateChanges.ts"

/**
 * What a write gives besides the channel and the category: a create's, an update's or an
 * upsert's body.
 *
 * @example
 * ```ts
 * const draft: Draft = { location: { latitude: -41.29, longitude: 174.78 }, answers: { f_1_29_11: "Oil" } }
 * ```
 */
export interface Draft {
  readonly location?: Location
  readonly address?: string
  readonly source_id?: string
  readonly shape_id?: number
  readonly uuid?: string
  readonly title?: string
  readonly is_anonymous?: boolean
  readonly answers: Answers
  readonly report_state_id?: number
  /** Only an update assigns: null clears. */
  readonly assignee_id?: number | null
  readonly assignment_due_at?: DateTime.Utc | null
}

/**
 * The derived title of a report, its category path read from the channel's categories.
 *
 * @example
 * ```ts
 * derivedTitle(context.categories, 14, context.fields, { f_1_29_11: "Deep one" }) // "Deep one, Potholes, Roads"
 * ```
 */
export const derivedTitle = (
  categories: ReadonlyArray<CategoryRow>,
  categoryId: number,
  fields: ReadonlyArray<FormField>,
  answers: StoredAnswers,
): string =>
  ReportTitle.derive(
    CategoryTree.path(categories, categoryId).map((category) => category.name),
    fields,
    answers,
  )

/** Whether a write gives the report another location. */
const moves = (current: ReportRow, location: Location | undefined): location is Location =>
  location !== undefined &&
  (location.latitude !== current.latitude || location.longitude !== current.longitude)

/**
 * Makes the writes, on the report store and the services a write reads (attachments, shapes, jobs).
 *
 * @example
 * ```ts
 * const filing = yield* ReportFiling.make
 * const report = yield* filing.fileNew(actor, context, input, ReportCategory.given(input.category_id))
 * ```
 */
export const make = Effect.gen(function* () {
  const reports = yield* ReportStore
  const answers = yield* ReportAnswers.make
  const shape = yield* ReportShape.make
  const attachments = yield* ReportAttachments.make
  const stateChanges = yield* ReportStateChanges.make
  const fanOut = yield* ReportFanOut.make
  const history = yield* ReportChangeStore

  /**
   * Files a new report in the channel's initial state, under the root category unless one is
   * chosen. A `Conflict` when another request filed a report with the draft's uuid meanwhile.
   */
  const fileNew = Effect.fnUntraced(function* (
    actor: Actor,
    context: ChannelContext,
    draft: Draft,
    chooseCategory: CategoryChoice,
  ) {
    const { answered, kept } = yield* answers.check(actor, context, draft.answers, undefined)
    const { categoryId, categories } = yield* chooseCategory(context, answered)
    const category = categoryId ?? context.access.channel.category_id
    const stateId = yield* ReportStateChanges.initialStateOf(context)
    const shapeId =
      draft.shape_id !== undefined
        ? yield* shape.given(actor, draft.shape_id)
        : draft.location === undefined
          ? null
          : yield* shape.at(actor, draft.location)
    const now = yield* nowIso
    const report = yield* reports.insert({
      channel_id: context.access.channel.id,
      uuid: draft.uuid ?? randomUUID(),
      source_id: draft.source_id ?? null,
      user_id: actor.user.id,
      is_anonymous: draft.is_anonymous === true ? 1 : 0,
      title: ReportTitle.given(draft.title) ?? derivedTitle(categories, category, context.fields, kept),
      address: draft.address ?? "",
      latitude: draft.location?.latitude ?? null,
      longitude: draft.location?.longitude ?? null,
      category_id: category,
      report_state_id: stateId,
      shape_id: shapeId,
      answers: kept,
      created_at: now,
    })
    // Another request filed a report with this uuid since the caller looked.
    if (report === undefined)
      return yield* new Conflict({ message: "report.uuid: is used by another report" })
    yield* attachments.relink(report, context.fields, [])
    yield* history.record(report, actor.user.id, now, [ReportHistory.filed])
    yield* fanOut.filed(report)
    return report
  })

  /**
   * Changes an existing report: what the draft gives, the answers it gives merged over those the
   * report has, and the state it asks for.
   */
  const revise = Effect.fnUntraced(function* (
    actor: Actor,
    context: ChannelContext,
    current: ReportRow,
    draft: Draft,
    chooseCategory: CategoryChoice,
  ) {
    const { answered, kept } = yield* answers.check(actor, context, draft.answers, current.id)
    const chosen = yield* chooseCategory(context, answered)
    const categoryId = chosen.categoryId ?? current.category_id
    const stateChange = yield* Effect.fromResult(
      ReportStateChanges.onUpdate(context, current, draft.report_state_id),
    )
    const location = draft.location
    const moved = moves(current, location)
    const shapeId =
      draft.shape_id !== undefined
        ? yield* shape.given(actor, draft.shape_id)
        : moved
          ? yield* shape.at(actor, location)
          : current.shape_id
    const merged = { ...current.answers, ...kept }
    const title = ReportTitle.revised({
      written: draft.title,
      current: current.title,
      before: derivedTitle(context.categories, current.category_id, context.fields, current.answers),
      after: derivedTitle(chosen.categories, categoryId, context.fields, merged),
    })
    const now = yield* nowIso
    const report = yield* reports.update(
      current.id,
      {
        ...(draft.source_id === undefined ? {} : { source_id: draft.source_id }),
        ...(draft.address === undefined ? {} : { address: draft.address }),
        ...(location === undefined ? {} : { latitude: location.latitude, longitude: location.longitude }),
        ...(stateChange._tag === "Changed" ? { report_state_id: stateChange.nextStateId } : {}),
        ...(draft.assignee_id === undefined ? {} : { assignee_id: draft.assignee_id }),
        ...(draft.assignment_due_at === undefined
          ? {}
          : {
              assignment_due_at:
                draft.assignment_due_at === null ? null : DateTime.formatIso(draft.assignment_due_at),
            }),
        title,
        category_id: categoryId,
        shape_id: shapeId,
        answers: merged,
      },
      now,
    )
    yield* history.record(report, actor.user.id, now, ReportHistory.changes(current, report))
    if (moved) yield* fanOut.moved(report)
    if (stateChange._tag === "Changed") yield* stateChanges.record(actor, context, report, stateChange, now)
    yield* attachments.relink(report, context.fields, yield* reports.attachmentLinks(current.id))
    return report
  })

  return { fileNew, revise }
})
