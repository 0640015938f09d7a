/**
 * Report searches (docs/api.md, Report searches): starting one checks its parameters, stores it and
 * enqueues a `report_search.run` job; the job writes the ordered ids of the matching reports;
 * readers page through them for 24 hours, after which a clean-up job deletes them. Jobs are rows,
 * so a search started before a restart completes after it.
 *
 * Which reports a search reads (the tiles search reads the same):
 *
 * - Only channels the user may read (`Access`) in the branded app and team the search was started
 *   in. `filter[channels]` narrows them (a channel the user may not read is left out, never an
 *   error: clients keep lists of channels that go stale); without it the channels the user selected
 *   with `view: true`, or every readable channel when that selection names none of them.
 *   `exclude[channels]` takes channels away.
 * - Every `filter[…]` criterion must hold; each `exclude[…]` criterion leaves out what it matches
 *   on its own (`exclude[appearance]=invisible&exclude[id][id_array]=4` leaves out the invisible
 *   reports and report 4). A tile is one criterion: `tile_id` or `tile[…]` name a cell, half-open
 *   as `Tile.bounds` says; a report without a location is in no tile. `updated_after` and
 *   `updated_before` are exclusive.
 * - `id[report_search_id]` names the results of an earlier search by the same user in the same app,
 *   not expired and not failed, else `400` when starting. One still running is waited for: the job
 *   tries again later. One that expires or fails before the job runs fails this search.
 * - `filter[q]` and `exclude[q]` match the words of a text against what the user may read of each
 *   report (`ReportTextSearch`): private answers and internal notes count only for those who see
 *   them, decided when the search runs. `filter[user_ids]` never finds an anonymous report.
 * - `order[…]` clauses apply in the order given, then the id breaks ties in the direction of the
 *   last clause; without any, `updated_at desc, id desc`. `order[relevance]` ranks by `filter[q]`.
 */
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import type { Query } from "@fieldreport/domain/QueryValue"
import type { RangePage } from "@fieldreport/domain/RangePage"
import * as ReportSearchQuery from "@fieldreport/domain/ReportSearchQuery"
import { readsInternalNotes } from "@fieldreport/domain/Roles"
import * as SearchText from "@fieldreport/domain/SearchText"
import * as Tile from "@fieldreport/domain/Tile"
import * as Timestamp from "@fieldreport/domain/Timestamp"
import { Clock, Context, type DateTime, Duration, Effect, Layer, Option, Result, Schema } from "effect"
import { NotFound, SearchFailed } from "../Errors.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { JobStore } from "../store/JobStore.ts"
import {
  type Criteria,
  type MapItemRow,
  type ReportSearchRow,
  ReportSearchStore,
  type Selection,
} from "../store/ReportSearchStore.ts"
import { ReportStore } from "../store/ReportStore.ts"
import type { Reader } from "../store/ReportTextSearch.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import type { Actor } from "./Authentication.ts"
import { type RenderOptions, ReportView } from "./ReportView.ts"

/**
 * How long a search and its results are kept after it starts.
 *
 * @example
 * ```ts
 * Duration.toHours(lifetime) // 24
 * ```
 */
export const lifetime = Duration.hours(24)

const cleanupInterval = Duration.hours(1)

/** The query parameters that make a search; kept with it as the job's input. */
const searchParameters = ["filter", "exclude", "order"] as const

/**
 * A search named by `id[report_search_id]` is still running: the job tries again later.
 *
 * @example
 * ```ts
 * new PreviousSearchPending({ parameter: "filter[id][report_search_id]", searchId: 12 })
 * ```
 */
export class PreviousSearchPending extends Schema.TaggedError<PreviousSearchPending>()(
  "PreviousSearchPending",
  { parameter: Schema.String, searchId: Schema.Number },
) {
  override get message(): string {
    return `search ${this.searchId} named by ${this.parameter} is still running`
  }
}

/**
 * A page of a search: pending while the job has not run, else the records of the page and the
 * number of results.
 *
 * @example
 * ```ts
 * const page: SearchPage<number> = { status: "done", total: 233, items: [49, 48] }
 * ```
 */
export type SearchPage<A> =
  | { readonly status: "pending" }
  | { readonly status: "done"; readonly total: number; readonly items: ReadonlyArray<A> }

/**
 * What a finished search's results are for a reader: the channels whose reports among them the
 * reader may read.
 *
 * @example
 * ```ts
 * const results: SearchResults = { status: "done", channelIds: [1, 4] }
 * ```
 */
export type SearchResults =
  | { readonly status: "pending" }
  | { readonly status: "done"; readonly channelIds: ReadonlyArray<number> }

/**
 * The report search service.
 *
 * @example
 * ```ts
 * const searches = yield* ReportSearches
 * const { id } = yield* searches.start(actor, req.query)
 * const page = yield* searches.mapItems(actor, id, RangePage.first)
 * if (page.status === "done") page.items // the map items of the first 60 results
 * ```
 */
export class ReportSearches extends Context.Service<
  ReportSearches,
  {
    /** Checks the parameters (`400` naming the first bad one), stores the search and enqueues it. */
    readonly start: (actor: Actor, query: Query) => Effect.Effect<{ readonly id: number }, MalformedRequest>
    /**
     * The reports parsed search parameters select for the actor, now; a search named by
     * `id[report_search_id]` must have finished (the tiles search answers at once).
     */
    readonly selectionFor: (
      actor: Actor,
      search: ReportSearchQuery.ReportSearchQuery,
    ) => Effect.Effect<Selection, MalformedRequest>
    /** A page of the search's results as map items. */
    readonly mapItems: (
      actor: Actor,
      id: number,
      page: RangePage,
    ) => Effect.Effect<SearchPage<MapItemRow>, NotFound | SearchFailed>
    /**
     * The search's results for a reader of them all (an export): pending while the job has not
     * run, else done with the channels of its team the actor still reads, whose reports are the
     * results the actor may read.
     */
    readonly resultsOf: (actor: Actor, id: number) => Effect.Effect<SearchResults, NotFound | SearchFailed>
    /** A page of the search's results as reports, rendered by `ReportView` for the selected fields. */
    readonly reports: (
      actor: Actor,
      id: number,
      page: RangePage,
      options: RenderOptions,
    ) => Effect.Effect<SearchPage<Record<string, unknown>>, NotFound | SearchFailed>
  }
>()("api/services/ReportSearches") {
  static readonly layer = Layer.effect(
    ReportSearches,
    Effect.gen(function* () {
      const store = yield* ReportSearchStore
      const access = yield* Access
      const users = yield* UserStore
      const apps = yield* BrandedAppStore
      const jobStore = yield* JobStore
      const jobs = yield* JobRunner
      const reportStore = yield* ReportStore
      const view = yield* ReportView
      const inTransaction = yield* Transaction.runner

      /** The channels of the actor's current team the actor may read. */
      const readableChannels = traced("ReportSearches.readableChannels")(function* (actor: Actor) {
        if (actor.teamId === undefined) return []
        const candidates = yield* store.teamChannelIds(actor.teamId)
        const readable = yield* Effect.forEach(candidates, (id) =>
          Effect.map(Effect.result(access.channelFor(actor, id, "read")), (result) =>
            Result.isSuccess(result) ? [id] : [],
          ),
        )
        return readable.flat()
      })

      const channelsSearched = traced("ReportSearches.channelsSearched")(function* (
        actor: Actor,
        search: ReportSearchQuery.ReportSearchQuery,
      ) {
        const readable = yield* readableChannels(actor)
        const given = search.filter.channels
        let channels = readable
        if (given !== undefined) channels = readable.filter((id) => given.includes(id))
        else {
          const viewed = new Set(yield* store.viewedChannelIds(actor.user.id))
          const selected = readable.filter((id) => viewed.has(id))
          if (selected.length > 0) channels = selected
        }
        const excluded = search.exclude.channels ?? []
        return channels.filter((id) => !excluded.includes(id))
      })

      /**
       * Who reads a search's text: the actor, staff of the channels where they read internal notes
       * and private answers. Only a search with text needs to know.
       */
      const readerOf = traced("ReportSearches.readerOf")(function* (
        actor: Actor,
        search: ReportSearchQuery.ReportSearchQuery,
        channelIds: ReadonlyArray<number>,
      ) {
        const hasText = search.filter.text !== undefined || search.exclude.text !== undefined
        const staff = yield* Effect.filter(hasText ? channelIds : [], (id) =>
          Effect.map(Effect.option(access.channelFor(actor, id, "read")), (found) =>
            Option.match(found, { onNone: () => false, onSome: readsInternalNotes }),
          ),
        )
        return { userId: actor.user.id, staffChannelIds: staff } satisfies Reader
      })

      /** The earlier search `id[report_search_id]` names, when the actor may reuse it. */
      const previousSearch = traced("ReportSearches.previousSearch")(function* (
        actor: Actor,
        id: number,
        parameter: string,
      ) {
        const search = yield* store.find(id)
        const now = yield* nowIso
        if (
          search === undefined ||
          search.user_id !== actor.user.id ||
          search.branded_app_id !== actor.app.id ||
          search.expires_at <= now
        ) {
          return yield* MalformedRequest.at(parameter, "names no search of yours, or one that has expired")
        }
        if (search.status === "failed") {
          return yield* MalformedRequest.at(parameter, "names a search that failed")
        }
        return search
      })

      const criteriaOf = traced("ReportSearches.criteriaOf")(function* (
        actor: Actor,
        criteria: ReportSearchQuery.Criteria,
        group: "filter" | "exclude",
      ) {
        let cell: Criteria["cell"]
        if (criteria.tileId !== undefined) {
          cell = Tile.bounds(yield* Effect.fromResult(Tile.decode(criteria.tileId, `${group}[tile_id]`)))
        } else if (criteria.tile !== undefined) {
          const { longitude, latitude, scale } = criteria.tile
          cell = Tile.bounds(Tile.containing([longitude, latitude], scale))
        }
        if (criteria.reportSearchId !== undefined) {
          const parameter = `${group}[id][report_search_id]`
          const previous = yield* previousSearch(actor, criteria.reportSearchId, parameter)
          if (previous.status === "pending") {
            return yield* new PreviousSearchPending({ parameter, searchId: previous.id })
          }
        }
        const iso = (instant: DateTime.Utc | undefined) =>
          instant === undefined ? undefined : Timestamp.format(instant)
        return {
          cell,
          updatedAfter: iso(criteria.updatedAfter),
          updatedBefore: iso(criteria.updatedBefore),
          createdAfter: iso(criteria.createdAfter),
          createdBefore: iso(criteria.createdBefore),
          appearance: criteria.appearance,
          reportStateIds: criteria.reportStateIds,
          categoryIds: criteria.categoryIds,
          assigneeIds: criteria.assigneeIds,
          reporterIds: criteria.reporterIds,
          words: criteria.text === undefined ? undefined : SearchText.words(criteria.text),
          reportIds: criteria.reportIds,
          reportSearchId: criteria.reportSearchId,
        } satisfies Criteria
      })

      const resolve = traced("ReportSearches.resolve")(function* (
        actor: Actor,
        search: ReportSearchQuery.ReportSearchQuery,
      ) {
        const channelIds = yield* channelsSearched(actor, search)
        return {
          filter: yield* criteriaOf(actor, search.filter, "filter"),
          exclude: yield* criteriaOf(actor, search.exclude, "exclude"),
          channelIds,
          reader: yield* readerOf(actor, search, channelIds),
        } satisfies Selection
      })

      const start = traced("ReportSearches.start")(function* (actor: Actor, query: Query) {
        const parameters = Object.fromEntries(
          searchParameters.flatMap((name) => (Object.hasOwn(query, name) ? [[name, query[name]]] : [])),
        )
        const search = yield* Effect.fromResult(ReportSearchQuery.parse(parameters))
        // Checked now, so a bad tile id or search id is a 400; a search still running is waited for.
        yield* criteriaOf(actor, search.filter, "filter").pipe(
          Effect.andThen(criteriaOf(actor, search.exclude, "exclude")),
          Effect.catchTag("PreviousSearchPending", () => Effect.void),
        )
        const now = yield* Clock.currentTimeMillis
        return yield* inTransaction(
          Effect.gen(function* () {
            const id = yield* store.insert({
              user_id: actor.user.id,
              branded_app_id: actor.app.id,
              team_id: actor.teamId ?? null,
              parameters: JSON.stringify(parameters),
              created_at: new Date(now).toISOString(),
              expires_at: new Date(now + Duration.toMillis(lifetime)).toISOString(),
            })
            yield* store.setJob(id, yield* jobs.enqueue(JobKinds.ReportSearchRun, { search_id: id }))
            return { id }
          }),
        )
      })

      /** The actor who started a search, as they are now; `undefined` when they may no longer search. */
      const starterOf = traced("ReportSearches.starterOf")(function* (search: ReportSearchRow) {
        const user = yield* users.findById(search.user_id)
        const app = yield* apps.findById(search.branded_app_id)
        if (user === undefined || user.deactivated === 1 || app === undefined) return undefined
        return { user, app, teamId: search.team_id ?? undefined, session: undefined } satisfies Actor
      })

      const run = traced("ReportSearches.run")(function* (searchId: number) {
        const search = yield* store.find(searchId)
        if (search === undefined || search.status !== "pending") return
        const actor = yield* starterOf(search)
        if (actor === undefined)
          return yield* store.fail(search.id, "the user who started it may no longer search")
        const parsed = ReportSearchQuery.parse(JSON.parse(search.parameters) as Query)
        if (Result.isFailure(parsed)) return yield* store.fail(search.id, parsed.failure.message)
        const selection = yield* Effect.result(resolve(actor, parsed.success))
        if (Result.isFailure(selection)) {
          // A search still running that this one reuses fails this attempt: the runner retries later.
          if (selection.failure._tag === "PreviousSearchPending") return yield* selection.failure
          return yield* store.fail(search.id, selection.failure.message)
        }
        yield* store.run(search.id, selection.success, parsed.success.order)
      })

      const cleanup = Effect.gen(function* () {
        const removed = yield* store.deleteExpired(yield* nowIso)
        if (removed > 0) yield* Effect.logInfo(`removed ${removed} expired report searches`)
      }).pipe(Effect.withSpan("ReportSearches.cleanup"))

      /** The search, when it is the actor's and still kept; a failure when it or its job failed. */
      const searchOf = traced("ReportSearches.searchOf")(function* (actor: Actor, id: number) {
        const search = yield* store.find(id)
        if (
          search === undefined ||
          search.user_id !== actor.user.id ||
          search.branded_app_id !== actor.app.id ||
          search.expires_at <= (yield* nowIso)
        ) {
          return yield* new NotFound({ resource: "report search" })
        }
        if (search.status === "failed") {
          return yield* new SearchFailed({ message: search.error ?? "the search failed" })
        }
        if (search.status === "pending" && search.job_id !== null) {
          const job = yield* jobStore.find(search.job_id)
          if (job?.status === "failed") {
            return yield* new SearchFailed({ message: "the search could not be run; start it again" })
          }
        }
        return search
      })

      /** A page of a finished search, read through `read` from the channels the actor still reads. */
      const pageOf =
        <A>(
          read: (
            id: number,
            page: RangePage,
            channelIds: ReadonlyArray<number>,
          ) => Effect.Effect<ReadonlyArray<A>>,
        ) =>
        (actor: Actor, id: number, page: RangePage) =>
          Effect.gen(function* () {
            const search = yield* searchOf(actor, id)
            if (search.status !== "done") return { status: "pending" } satisfies SearchPage<A>
            const channels = yield* readableChannels({ ...actor, teamId: search.team_id ?? undefined })
            return {
              status: "done",
              total: search.result_count ?? 0,
              items: yield* read(id, page, channels),
            } satisfies SearchPage<A>
          })

      yield* jobs.register(JobKinds.ReportSearchRun, ({ search_id }) => run(search_id))
      yield* jobs.register(JobKinds.ReportSearchCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.ReportSearchCleanup, {}, cleanupInterval)

      return ReportSearches.of({
        start,
        selectionFor: (actor, search) =>
          resolve(actor, search).pipe(
            Effect.catchTag("PreviousSearchPending", (pending) =>
              Effect.fail(
                MalformedRequest.at(pending.parameter, "names a search that is still running; wait for it"),
              ),
            ),
          ),
        resultsOf: (actor, id) =>
          Effect.gen(function* () {
            const search = yield* searchOf(actor, id)
            if (search.status !== "done") return { status: "pending" } satisfies SearchResults
            const channelIds = yield* readableChannels({ ...actor, teamId: search.team_id ?? undefined })
            return { status: "done", channelIds } satisfies SearchResults
          }),
        mapItems: pageOf(store.mapItems),
        reports: (actor, id, page, options) =>
          pageOf((searchId, range, channelIds) =>
            Effect.gen(function* () {
              const ids = yield* store.reportIds(searchId, range, channelIds)
              const rows = yield* Effect.forEach(ids, (reportId) => reportStore.find(reportId))
              return yield* view.render(
                actor,
                rows.filter((row) => row !== undefined),
                options,
              )
            }),
          )(actor, id, page),
      })
    }),
  )
}
