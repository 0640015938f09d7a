/**
 * Filing and changing reports (docs/api.md, Reports): fetch, create, update, upsert and the history
 * of state changes.
 *
 * Every write is one transaction: the report, its answers checked against the channel's form, its
 * attachments marked used and recorded field by field, its box in the spatial index, its state
 * change, the categories an upsert creates, and the background job that tells others about it.
 * A write that fails a rule leaves nothing behind.
 *
 * Details docs/api.md does not spell out:
 *
 * - The Category field of the form answers the category as well as `category_id` does (the legacy
 *   clients send it in `form_fields`); both given must agree. The answer is kept as `category_id`
 *   alone, so the two can never drift apart.
 * - A title not given (or blank) is derived and follows later changes (the domain's `ReportTitle`).
 * - A client `uuid` that names a report the caller cannot read is a conflict (`409`), never that
 *   report. An update never changes a report's `uuid`: clients know the report by it.
 * - A create ignores `report_state_id`; an upsert that finds the report is the v4 dialect's "later
 *   update" and sets the state as `PATCH` does, with the same transitions, roles and state change
 *   record (integrations mirror an external system's state this way).
 * - Upsert names the report's category on every call: an update without `category_id` or
 *   `category_names` puts the report back in the root category.
 * - Only the channel's operators and admins change a report's state, its assignee and its due
 *   time (the domain's `ReportDispatch`); reporters edit their own reports' other fields. The
 *   assignee must be a member of the report's channel who has joined its team.
 */
import { randomUUID } from "node:crypto"
import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import * as FormAnswers from "@fieldreport/domain/FormAnswers"
import type { FormField } from "@fieldreport/domain/FormField"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import {
  type Answers,
  type Location,
  type ReportCreate,
  type ReportUpdate,
  type ReportUpsert,
  requireLocation,
} from "@fieldreport/domain/Report"
import * as ReportDispatch from "@fieldreport/domain/ReportDispatch"
import * as ReportState from "@fieldreport/domain/ReportState"
import * as ReportTitle from "@fieldreport/domain/ReportTitle"
import { mayEditReport } from "@fieldreport/domain/Roles"
import * as UpsertCategory from "@fieldreport/domain/UpsertCategory"
import { Context, DateTime, Effect, Layer, Option, Result } from "effect"
import { Conflict, Forbidden, NotFound } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { type CategoryRow, CategoryStore } from "../store/CategoryStore.ts"
import { ChannelStore } from "../store/ChannelStore.ts"
import { FormStore } from "../store/FormStore.ts"
import { type ReportStateRow, ReportStateStore } from "../store/ReportStateStore.ts"
import {
  type AttachmentLink,
  type ReportRow,
  ReportStore,
  type StateChangeRow,
  type StoredAnswers,
} from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { Access, type ChannelAccess } from "./Access.ts"
import { Attachments } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"
import { defaultAppearance } from "./Categories.ts"
import { formFieldOf } from "./Forms.ts"
import { Shapes } from "./Shapes.ts"

const stateOf = (row: ReportStateRow): ReportState.ReportState => ({
  id: row.id,
  position: row.position,
  initial: row.initial === 1,
  next_state_ids: row.next_state_ids,
})

/** The derived title of a report, its category path read from the channel's categories. */
const derivedTitle = (
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

/** Everything of a channel that writing one of its reports reads. */
interface ChannelContext {
  readonly access: ChannelAccess
  readonly fields: ReadonlyArray<FormField>
  readonly states: ReadonlyArray<ReportStateRow>
  readonly categories: ReadonlyArray<CategoryRow>
}

/** The category a write chose (none: keep it, or the root for a new report), and the tree it is in. */
interface ChosenCategory {
  readonly categoryId: number | undefined
  readonly categories: ReadonlyArray<CategoryRow>
}

/** How a write chooses the category, given what the form's Category field answered. */
type CategoryChoice = (
  context: ChannelContext,
  answered: number | undefined,
) => Effect.Effect<ChosenCategory, InvalidInput>

/** What a write gives besides the channel and the category. */
interface Draft {
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

/** A report the actor may read, with the actor's access to its channel. */
export interface ReadableReport {
  readonly report: ReportRow
  readonly access: ChannelAccess
}

/**
 * A report a create or an upsert answers with, with the access decided for the write, and
 * whether it was made just now.
 */
export interface Filed extends ReadableReport {
  readonly created: boolean
}

/**
 * Finds a report the actor may read: one of a channel they cannot read is `404`, as if it did
 * not exist. Shared with the services of what hangs on reports (comments).
 *
 * @example
 * ```ts
 * const { report, access } = yield* findReadable(reportStore, accessService)(actor, 49)
 * ```
 */
export const findReadable = (store: ReportStore["Service"], access: Access["Service"]) =>
  Effect.fn("Reports.findReadable")(function* (actor: Actor, id: number) {
    const report = yield* store.find(id)
    if (report === undefined) return yield* new NotFound({ resource: "report" })
    const channel = yield* access
      .channelFor(actor, report.channel_id, "read")
      .pipe(Effect.mapError(() => new NotFound({ resource: "report" })))
    return { report, access: channel } satisfies ReadableReport
  })

/** The attachments the answers name, field by field. */
const linksOf = (fields: ReadonlyArray<FormField>, answers: StoredAnswers): ReadonlyArray<AttachmentLink> =>
  fields.flatMap((field) =>
    FormAnswers.attachmentIds({ fields: [field] }, answers).map((id) => ({
      attachment_id: id,
      field_key: field.key,
    })),
  )

const categoryFieldOf = (context: ChannelContext): FormField | undefined =>
  context.fields.find((field) => field.field_type === "Category")

/**
 * The category the body asks for: `category_id`, or the answer of the Category field; both given
 * must be the same.
 */
const requestedCategory = (
  context: ChannelContext,
  categoryId: number | undefined,
  answered: number | undefined,
): Result.Result<number | undefined, InvalidInput> => {
  const key = categoryFieldOf(context)?.key
  if (categoryId !== undefined && answered !== undefined && categoryId !== answered && key !== undefined) {
    return Result.fail(InvalidInput.at(`report.${key}`, "must be the same category as category_id"))
  }
  return Result.succeed(categoryId ?? answered)
}

/** Create and update: the category asked for, which must be in the channel's tree. */
const givenCategory =
  (categoryId: number | undefined): CategoryChoice =>
  (context, answered) =>
    Effect.gen(function* () {
      const requested = yield* Effect.fromResult(requestedCategory(context, categoryId, answered))
      if (requested !== undefined && !context.categories.some((category) => category.id === requested)) {
        return yield* InvalidInput.at("report.category_id", "is not a category of this channel")
      }
      return { categoryId: requested, categories: context.categories }
    })

export class Reports extends Context.Service<
  Reports,
  {
    /**
     * The report with its channel and the actor's access to it, as decided when it was found
     * (rendering uses that decision rather than asking again), recording that the actor opened it
     * (and reading their notifications about it).
     */
    readonly get: (actor: Actor, id: number) => Effect.Effect<ReadableReport, NotFound>
    /** Files a report; the same client `uuid` again answers the report filed with it. */
    readonly create: (
      actor: Actor,
      input: ReportCreate,
    ) => Effect.Effect<Filed, Forbidden | InvalidInput | Conflict>
    /** Changes a report; it comes back with the access decided for the change, as `get`'s does. */
    readonly update: (
      actor: Actor,
      id: number,
      changes: ReportUpdate,
    ) => Effect.Effect<ReadableReport, NotFound | Forbidden | InvalidInput>
    /** Updates the channel's report with the source id (the lowest id of several), or files one. */
    readonly upsert: (
      actor: Actor,
      input: ReportUpsert,
    ) => Effect.Effect<Filed, Forbidden | InvalidInput | Conflict>
    readonly stateChanges: (
      actor: Actor,
      id: number,
    ) => Effect.Effect<ReadonlyArray<StateChangeRow>, NotFound>
  }
>()("api/services/Reports") {
  static readonly layer = Layer.effect(
    Reports,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const attachments = yield* Attachments
      const jobs = yield* JobRunner
      const reports = yield* ReportStore
      const forms = yield* FormStore
      const states = yield* ReportStateStore
      const categoryStore = yield* CategoryStore
      const channels = yield* ChannelStore
      const shapes = yield* Shapes
      const readable = findReadable(reports, access)

      /** The channel a body names, when the actor may report in it. */
      const channelToReport = (actor: Actor, channelId: number) =>
        access
          .channelFor(actor, channelId, "report")
          .pipe(
            Effect.catchTag("NotFound", () =>
              Effect.fail(InvalidInput.at("report.account_id", "is not a channel you can see")),
            ),
          )

      const contextOf = Effect.fnUntraced(function* (channelAccess: ChannelAccess) {
        const channelId = channelAccess.channel.id
        const form = yield* forms.findByChannel(channelId)
        // Every channel is created with its form, states and root category in one transaction.
        if (form === undefined) return yield* Effect.die(new Error(`channel ${channelId} has no form`))
        return {
          access: channelAccess,
          fields: (yield* forms.fields(form.id, { removed: false })).map(formFieldOf),
          states: yield* states.listOfChannels([channelId]),
          categories: yield* categoryStore.listOfChannel(channelId),
        } satisfies ChannelContext
      })

      /** Upsert: the category of `UpsertCategory.plan`, creating the names not found. */
      const plannedCategory =
        (categoryId: number | undefined, categoryNames: ReadonlyArray<string> | undefined): CategoryChoice =>
        (context, answered) =>
          Effect.gen(function* () {
            const requested = yield* Effect.fromResult(requestedCategory(context, categoryId, answered))
            const plan = yield* Effect.fromResult(
              UpsertCategory.plan({
                categories: context.categories,
                rootId: context.access.channel.category_id,
                categoryId: requested,
                categoryNames,
              }),
            )
            if (plan._tag === "UseCategory")
              return { categoryId: plan.categoryId, categories: context.categories }
            const top = context.categories.find((category) => category.id === plan.parentId)
            // The plan only names parents from the tree it was given.
            if (top === undefined)
              return yield* Effect.die(new Error("the planned parent is not in the tree"))
            let parent = top
            const created: Array<CategoryRow> = []
            for (const name of plan.names) {
              const depth = parent.depth + 1
              parent = yield* categoryStore.insert({
                channel_id: parent.channel_id,
                parent_id: parent.id,
                name,
                label_name: CategoryTree.labelNames[depth] ?? name,
                depth,
                position: yield* categoryStore.nextPosition(parent.channel_id, parent.id),
                pin_color: parent.pin_color,
                pin_appearance: defaultAppearance,
              })
              created.push(parent)
            }
            return { categoryId: parent.id, categories: [...context.categories, ...created] }
          })

      /** Checks answers against the form, with the content types of the attachments they name. */
      const checkAnswers = Effect.fnUntraced(function* (
        actor: Actor,
        context: ChannelContext,
        answers: Answers,
        reportId: number | undefined,
      ) {
        const contentTypes = yield* attachments.contentTypesOf(
          FormAnswers.attachmentIds(context, answers),
          reportId === undefined ? { userId: actor.user.id } : { userId: actor.user.id, reportId },
        )
        return yield* Effect.fromResult(
          FormAnswers.validate(context, answers, {
            mode: reportId === undefined ? "create" : "update",
            contentTypes,
          }),
        )
      })

      /** The checked answers, split into the Category field's answer and the answers kept. */
      const split = (context: ChannelContext, answers: Answers) => {
        const key = categoryFieldOf(context)?.key
        const answered = key === undefined ? undefined : answers[key]
        const kept: StoredAnswers = Object.fromEntries(
          Object.entries(answers).filter(([name]) => name !== key),
        )
        return { answered: typeof answered === "number" ? answered : undefined, kept }
      }

      const givenShape = (actor: Actor, shapeId: number) =>
        Effect.flatMap(reports.isShapeOfApp(shapeId, actor.app.id), (found) =>
          found
            ? Effect.succeed(shapeId)
            : Effect.fail(InvalidInput.at("report.shape_id", "is not a shape of this channel's app")),
        )

      /** The smallest shape of the app that contains the location, its boundary included. */
      const shapeAt = (actor: Actor, { latitude, longitude }: Location) =>
        Effect.map(shapes.smallestContaining(actor.app.id, [longitude, latitude]), (id) => id ?? null)

      /**
       * Marks the attachments the report now names used, releases those it stopped naming, and
       * records which field names each.
       */
      const useAttachments = Effect.fnUntraced(function* (
        report: ReportRow,
        context: ChannelContext,
        before: ReadonlyArray<AttachmentLink>,
      ) {
        const formKeys = new Set<string>(context.fields.map((field) => field.key))
        // Answers of fields taken out of the form are kept, and so are their files.
        const retired = before.filter((link) => !formKeys.has(link.field_key))
        const current = linksOf(context.fields, report.answers)
        const links = [...current, ...retired]
        const problems: Record<string, Array<string>> = {}
        const note = (link: AttachmentLink, message: string) => {
          problems[`report.${link.field_key}`] = [...(problems[`report.${link.field_key}`] ?? []), message]
        }
        for (const link of current) {
          const earlier = retired.find((other) => other.attachment_id === link.attachment_id)
          if (earlier !== undefined)
            note(link, `attachment ${link.attachment_id} is already in ${earlier.field_key}`)
        }
        const namedBefore = new Set(before.map((link) => link.attachment_id))
        const missing = new Set(
          yield* attachments.claim(
            links.map((link) => link.attachment_id).filter((id) => !namedBefore.has(id)),
          ),
        )
        for (const link of links) {
          if (missing.has(link.attachment_id)) note(link, `attachment ${link.attachment_id} does not exist`)
        }
        if (Object.keys(problems).length > 0) return yield* new InvalidInput({ errors: problems })
        const named = new Set(links.map((link) => link.attachment_id))
        yield* attachments.release([...namedBefore].filter((id) => !named.has(id)))
        yield* reports.replaceAttachmentLinks(report, links)
      })

      /** Files a new report in the channel's initial state. */
      const fileNew = Effect.fnUntraced(function* (
        actor: Actor,
        context: ChannelContext,
        draft: Draft,
        chooseCategory: CategoryChoice,
      ) {
        const { answered, kept } = split(
          context,
          yield* checkAnswers(actor, context, draft.answers, undefined),
        )
        const { categoryId, categories } = yield* chooseCategory(context, answered)
        const category = categoryId ?? context.access.channel.category_id
        const state = Option.getOrUndefined(ReportState.initialState(context.states.map(stateOf)))
        if (state === undefined)
          return yield* Effect.die(new Error(`channel ${context.access.channel.id} has no states`))
        const shapeId =
          draft.shape_id !== undefined
            ? yield* givenShape(actor, draft.shape_id)
            : draft.location === undefined
              ? null
              : yield* shapeAt(actor, draft.location)
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
          report_state_id: state.id,
          shape_id: shapeId,
          answers: kept,
          created_at: now,
        })
        // Another request filed a report with this uuid since the caller looked.
        if (report === undefined)
          return yield* new Conflict({ message: "report.uuid: is used by another report" })
        yield* useAttachments(report, context, [])
        yield* jobs.enqueue(JobKinds.ReportCreated, { report_id: report.id })
        return report
      })

      /** Changes an existing report: what the draft gives, and the state it asks for. */
      const revise = Effect.fnUntraced(function* (
        actor: Actor,
        context: ChannelContext,
        current: ReportRow,
        draft: Draft,
        chooseCategory: CategoryChoice,
      ) {
        const { answered, kept } = split(
          context,
          yield* checkAnswers(actor, context, draft.answers, current.id),
        )
        const chosen = yield* chooseCategory(context, answered)
        const categoryId = chosen.categoryId ?? current.category_id
        const stateChange = yield* Effect.fromResult(
          ReportState.onUpdate({
            states: context.states.map(stateOf),
            currentStateId: current.report_state_id,
            requestedStateId: draft.report_state_id,
          }),
        )
        const location = draft.location
        const moved =
          location !== undefined &&
          (location.latitude !== current.latitude || location.longitude !== current.longitude)
        const shapeId =
          draft.shape_id !== undefined
            ? yield* givenShape(actor, draft.shape_id)
            : moved
              ? yield* shapeAt(actor, location)
              : current.shape_id
        const answers = { ...current.answers, ...kept }
        const title = ReportTitle.revised({
          written: draft.title,
          current: current.title,
          before: derivedTitle(context.categories, current.category_id, context.fields, current.answers),
          after: derivedTitle(chosen.categories, categoryId, context.fields, answers),
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
            answers,
          },
          now,
        )
        if (moved) yield* jobs.enqueue(JobKinds.ReportMoved, { report_id: report.id })
        if (stateChange._tag === "Changed") {
          const nameOf = (id: number) => context.states.find((state) => state.id === id)?.name ?? ""
          yield* reports.insertStateChange({
            report_id: report.id,
            channel_id: report.channel_id,
            user_id: actor.user.id,
            previous_state_id: stateChange.previousStateId,
            previous_state_name: nameOf(stateChange.previousStateId),
            new_state_id: stateChange.nextStateId,
            new_state_name: nameOf(stateChange.nextStateId),
            created_at: now,
          })
        }
        yield* useAttachments(report, context, yield* reports.attachmentLinks(current.id))
        return report
      })

      /** An assignee must be able to work on the report: a member of its channel, in its team. */
      const checkAssignee = Effect.fnUntraced(function* (channelId: number, userId: number) {
        const membership = yield* channels.access(channelId, userId)
        if (membership === undefined || membership.channel_role === null || membership.agreed_to_join !== 1) {
          return yield* InvalidInput.at("report.assignee_id", "is not a member of the report's channel")
        }
      })

      const get = Effect.fn("Reports.get")(function* (actor: Actor, id: number) {
        const found = yield* readable(actor, id)
        yield* reports.recordRead(found.report, actor.user.id, yield* nowIso)
        return found
      })

      const create = Effect.fn("Reports.create")(function* (actor: Actor, input: ReportCreate) {
        const channelAccess = yield* channelToReport(actor, input.account_id)
        return yield* inTransaction(
          Effect.gen(function* () {
            if (input.uuid !== undefined) {
              const filed = yield* reports.findByUuid(input.uuid)
              if (filed !== undefined) {
                const again = yield* readable(actor, filed.id).pipe(
                  Effect.mapError(() => new Conflict({ message: "report.uuid: is used by another report" })),
                )
                return { ...again, created: false } satisfies Filed
              }
            }
            const context = yield* contextOf(channelAccess)
            const report = yield* fileNew(actor, context, input, givenCategory(input.category_id))
            return { report, access: channelAccess, created: true } satisfies Filed
          }),
        )
      })

      /** Refuses a change that moves the report to another state unless the actor operates its channel. */
      const checkStateChange = (
        channelAccess: ChannelAccess,
        report: ReportRow,
        stateId: number | undefined,
      ) =>
        ReportDispatch.movesState(report, stateId) && !ReportDispatch.mayDispatch(channelAccess)
          ? Effect.fail(
              new Forbidden({
                message: "only the channel's operators and admins may change a report's state",
              }),
            )
          : Effect.void

      const update = Effect.fn("Reports.update")(function* (actor: Actor, id: number, changes: ReportUpdate) {
        const { report, access: channelAccess } = yield* readable(actor, id)
        if (!mayEditReport(channelAccess.channelRole, actor.user.id, report)) {
          return yield* new Forbidden({ message: "you may not edit this report" })
        }
        yield* checkStateChange(channelAccess, report, changes.report_state_id)
        if (ReportDispatch.reassigns(report, changes) && !ReportDispatch.mayDispatch(channelAccess)) {
          return yield* new Forbidden({
            message: "only the channel's operators and admins may assign a report",
          })
        }
        return yield* inTransaction(
          Effect.gen(function* () {
            const current = yield* reports.find(id)
            // Deleted with its channel since it was read: as if it never existed.
            if (current === undefined) return yield* new NotFound({ resource: "report" })
            // A client sending the whole report back keeps an assignee who has left the channel since.
            const assignee = changes.assignee_id
            if (assignee !== undefined && assignee !== null && assignee !== current.assignee_id)
              yield* checkAssignee(current.channel_id, assignee)
            const context = yield* contextOf(channelAccess)
            const report = yield* revise(actor, context, current, changes, givenCategory(changes.category_id))
            return { report, access: channelAccess } satisfies ReadableReport
          }),
        )
      })

      const upsert = Effect.fn("Reports.upsert")(function* (actor: Actor, input: ReportUpsert) {
        const channelAccess = yield* channelToReport(actor, input.account_id)
        const category = plannedCategory(input.category_id, input.category_names)
        return yield* inTransaction(
          Effect.gen(function* () {
            const context = yield* contextOf(channelAccess)
            const existing = yield* reports.findBySource(channelAccess.channel.id, input.source_id)
            if (existing === undefined) {
              // Upsert rule 3: a new report starts in the channel's initial state, as a create does.
              const { report_state_id: _ignored, ...draft } = input
              yield* Effect.fromResult(requireLocation(draft))
              const report = yield* fileNew(actor, context, draft, category)
              return { report, access: channelAccess, created: true } satisfies Filed
            }
            if (!mayEditReport(channelAccess.channelRole, actor.user.id, existing)) {
              return yield* new Forbidden({ message: "you may not edit this report" })
            }
            yield* checkStateChange(channelAccess, existing, input.report_state_id)
            const report = yield* revise(actor, context, existing, input, category)
            return { report, access: channelAccess, created: false } satisfies Filed
          }),
        )
      })

      const stateChanges = Effect.fn("Reports.stateChanges")(function* (actor: Actor, id: number) {
        yield* readable(actor, id)
        return yield* reports.stateChanges(id)
      })

      return Reports.of({ get, create, update, upsert, stateChanges })
    }),
  )
}
