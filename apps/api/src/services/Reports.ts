/**
 * Filing and changing reports (docs/api.md, Reports): fetch, create, update, upsert, delete and the
 * history of state changes; and what a field app syncs (docs/api.md, Field apps and offline sync):
 * the syncable reports and the state changes of the reports the user reads.
 *
 * Every write is one transaction: the report, its answers checked against the channel's form, its
 * attachments marked used and recorded field by field, its box in the spatial index, its state
 * change, the categories an upsert creates, and the background job that tells others about it.
 * A write that fails a rule leaves nothing behind. A write answers with the report and the access
 * decided for it, so rendering the answer does not decide again.
 *
 * Details docs/api.md does not spell out, besides those of what a write is made of (`ReportFiling`,
 * `ReportCategory`, `ReportDispatching`, and the domain's `CategoryAnswer`):
 *
 * - A client `uuid` that names a report the caller cannot read is a conflict (`409`), never that
 *   report.
 * - A create ignores `report_state_id`; an upsert that finds the report is the v4 dialect's "later
 *   update" and sets the state as `PATCH` does, with the same transitions, roles and state change
 *   record (integrations mirror an external system's state this way).
 * - Upsert names the report's category on every call: an update without `category_id` or
 *   `category_names` puts the report back in the root category.
 * - Only the channel's operators and admins change a report's state, its assignee and its due
 *   time; reporters edit their own reports' other fields.
 * - A report is named by its id or its client uuid (`ReportKey`) wherever it is fetched, changed,
 *   deleted or its history read.
 * - An update whose `If-Match` names another version than the report's is refused with the report
 *   as it is (`Stale`, a `412`), checked on the report read in the update's transaction.
 * - Whoever may edit a report may delete it: its reporter while still a reporter of the channel,
 *   the channel's operators and admins (`ReportDeletion` says what goes with it).
 */
import type { IfMatch } from "@fieldreport/domain/EntityTag"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import {
  type ReportCreate,
  type ReportUpdate,
  type ReportUpsert,
  requireLocation,
} from "@fieldreport/domain/Report"
import { mayEditReport } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer } from "effect"
import { Conflict, Forbidden, NotFound } from "../Errors.ts"
import {
  type ChangesPage,
  type Page,
  type ReportRow,
  ReportStore,
  type StateChangeRow,
} from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access, type ChannelAccess } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import * as ChannelContext from "./ChannelContext.ts"
import { findReadable, type ReadableReport, type ReportKey } from "./ReadableReport.ts"
import * as ReportCategory from "./ReportCategory.ts"
import * as ReportDeletion from "./ReportDeletion.ts"
import * as ReportDispatching from "./ReportDispatching.ts"
import * as ReportFiling from "./ReportFiling.ts"
import { checkVersion, type Stale } from "./Stale.ts"
import * as SyncScope from "./SyncScope.ts"

/**
 * A report a create or an upsert answers with, with the access decided for the write, and
 * whether it was made just now.
 *
 * @example
 * ```ts
 * const { report, access, created } = yield* reports.create(actor, input)
 * ```
 */
export interface Filed extends ReadableReport {
  readonly created: boolean
}

/**
 * Which state changes of the reports the actor reads a list asks for: of the syncable reports
 * only (`preset_filter=syncable_reports`), of one report, changed after a time, one page.
 */
export interface StateChangeQuery extends ChangesPage {
  readonly syncableOnly: boolean
  readonly reportId: number | undefined
}

/** Refuses a change of a report the actor may not edit: reporters edit their own only. */
const checkEdit = (actor: Actor, channelAccess: ChannelAccess, report: ReportRow, doing = "edit") =>
  mayEditReport(channelAccess.channelRole, actor.user.id, report)
    ? Effect.void
    : Effect.fail(new Forbidden({ message: `you may not ${doing} this report` }))

/**
 * Makes the reports service on the stores and the services a write reads.
 *
 * @example
 * ```ts
 * const layer = Layer.effect(Reports, make)
 * ```
 */
export const make = Effect.gen(function* () {
  const inTransaction = yield* Transaction.runner
  const access = yield* Access
  const reports = yield* ReportStore
  const contextOf = yield* ChannelContext.make
  const filing = yield* ReportFiling.make
  const { planned } = yield* ReportCategory.make
  const dispatching = yield* ReportDispatching.make
  const deletion = yield* ReportDeletion.make
  const scopeOf = yield* SyncScope.make
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

  const get = traced("Reports.get")(function* (actor: Actor, key: ReportKey) {
    const found = yield* readable(actor, key)
    yield* reports.recordRead(found.report, actor.user.id, yield* nowIso)
    return found
  })

  const create = traced("Reports.create")(function* (actor: Actor, input: ReportCreate) {
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
        const report = yield* filing.fileNew(actor, context, input, ReportCategory.given(input.category_id))
        return { report, access: channelAccess, created: true } satisfies Filed
      }),
    )
  })

  const update = traced("Reports.update")(function* (
    actor: Actor,
    key: ReportKey,
    changes: ReportUpdate,
    ifMatch?: IfMatch,
  ) {
    const { report, access: channelAccess } = yield* readable(actor, key)
    yield* checkEdit(actor, channelAccess, report)
    yield* ReportDispatching.checkStateMove(channelAccess, report, changes.report_state_id)
    yield* ReportDispatching.checkReassignment(channelAccess, report, changes)
    return yield* inTransaction(
      Effect.gen(function* () {
        const current = yield* reports.lock(report.id)
        // Deleted since it was read: as if it never existed.
        if (current === undefined) return yield* new NotFound({ resource: "report" })
        yield* checkVersion(ifMatch, current.version, {
          report: current,
          access: channelAccess,
        } satisfies ReadableReport)
        yield* dispatching.checkAssignee(current, changes.assignee_id)
        const context = yield* contextOf(channelAccess)
        const revised = yield* filing.revise(
          actor,
          context,
          current,
          changes,
          ReportCategory.given(changes.category_id),
        )
        return { report: revised, access: channelAccess } satisfies ReadableReport
      }),
    )
  })

  const upsert = traced("Reports.upsert")(function* (actor: Actor, input: ReportUpsert) {
    const channelAccess = yield* channelToReport(actor, input.account_id)
    const category = planned(input.category_id, input.category_names)
    return yield* inTransaction(
      Effect.gen(function* () {
        const context = yield* contextOf(channelAccess)
        const existing = yield* reports.findBySource(channelAccess.channel.id, input.source_id)
        if (existing === undefined) {
          // Upsert rule 3: a new report starts in the channel's initial state, as a create does.
          const { report_state_id: _ignored, ...draft } = input
          yield* Effect.fromResult(requireLocation(draft))
          const report = yield* filing.fileNew(actor, context, draft, category)
          return { report, access: channelAccess, created: true } satisfies Filed
        }
        yield* checkEdit(actor, channelAccess, existing)
        yield* ReportDispatching.checkStateMove(channelAccess, existing, input.report_state_id)
        const report = yield* filing.revise(actor, context, existing, input, category)
        return { report, access: channelAccess, created: false } satisfies Filed
      }),
    )
  })

  const remove = traced("Reports.remove")(function* (actor: Actor, key: ReportKey) {
    const { report, access: channelAccess } = yield* readable(actor, key)
    yield* checkEdit(actor, channelAccess, report, "delete")
    yield* inTransaction(
      Effect.gen(function* () {
        const current = yield* reports.lock(report.id)
        if (current === undefined) return yield* new NotFound({ resource: "report" })
        yield* deletion.remove(current)
      }),
    )
  })

  const stateChanges = traced("Reports.stateChanges")(function* (actor: Actor, key: ReportKey) {
    const { report } = yield* readable(actor, key)
    return yield* reports.stateChanges(report.id)
  })

  const syncable = traced("Reports.syncable")(function* (actor: Actor, page: ChangesPage) {
    return yield* reports.syncable(yield* scopeOf(actor), page)
  })

  const allStateChanges = traced("Reports.allStateChanges")(function* (
    actor: Actor,
    query: StateChangeQuery,
  ) {
    const scope = yield* scopeOf(actor)
    return yield* reports.stateChangesPage({
      channelIds: scope.channelIds,
      syncable: query.syncableOnly ? scope : undefined,
      reportId: query.reportId,
      after: query.after,
      offset: query.offset,
      limit: query.limit,
    })
  })

  return Reports.of({ get, create, update, upsert, remove, stateChanges, syncable, allStateChanges })
})

/**
 * The reports service.
 *
 * @example
 * ```ts
 * const reports = yield* Reports
 * const { report, created } = yield* reports.upsert(actor, input)
 * ```
 */
export class Reports extends Context.Service<
  Reports,
  {
    /**
     * The report with its channel and the actor's access to it, as decided when it was found
     * (rendering uses that decision rather than asking again), recording that the actor opened it
     * (and reading their notifications about it).
     */
    readonly get: (actor: Actor, key: ReportKey) => Effect.Effect<ReadableReport, NotFound>
    /** Files a report; the same client `uuid` again answers the report filed with it. */
    readonly create: (
      actor: Actor,
      input: ReportCreate,
    ) => Effect.Effect<Filed, Forbidden | InvalidInput | Conflict>
    /**
     * Changes a report; it comes back with the access decided for the change, as `get`'s does.
     * With `ifMatch` naming another version, nothing changes and the report as it is comes back
     * as `Stale`.
     */
    readonly update: (
      actor: Actor,
      key: ReportKey,
      changes: ReportUpdate,
      ifMatch?: IfMatch,
    ) => Effect.Effect<ReadableReport, NotFound | Forbidden | InvalidInput | Stale<ReadableReport>>
    /** Updates the channel's report with the source id (the lowest id of several), or files one. */
    readonly upsert: (
      actor: Actor,
      input: ReportUpsert,
    ) => Effect.Effect<Filed, Forbidden | InvalidInput | Conflict>
    /** Deletes a report with everything that hangs on it, and writes its tombstones. */
    readonly remove: (actor: Actor, key: ReportKey) => Effect.Effect<void, NotFound | Forbidden>
    readonly stateChanges: (
      actor: Actor,
      key: ReportKey,
    ) => Effect.Effect<ReadonlyArray<StateChangeRow>, NotFound>
    /** A page of the reports the actor syncs, in the order they changed (`SyncScope`). */
    readonly syncable: (actor: Actor, page: ChangesPage) => Effect.Effect<Page<ReportRow>>
    /** A page of the state changes of the reports the actor reads in the current team. */
    readonly allStateChanges: (actor: Actor, query: StateChangeQuery) => Effect.Effect<Page<StateChangeRow>>
  }
>()("api/services/Reports") {
  static readonly layer = Layer.effect(Reports, make)
}
