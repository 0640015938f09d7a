/**
 * Exports of report searches (docs/api.md, Exports): starting one checks the search is the
 * caller's, stores the export and enqueues a `report_export.run` job; the job writes the file and
 * puts it in the file store; readers follow its progress and, once done, download it at a signed,
 * expiring address for 24 hours, after which a clean-up job deletes it and its file. Jobs are rows,
 * so an export started before a restart completes after it, and one process writes it.
 *
 * What a file holds is decided when the job runs, for the user who asked, as they are then:
 *
 * - the search's results in its order, of the channels of its team the user still reads
 *   (`ReportSearches.resultsOf`, as a page of the search is read), so a report the user may no
 *   longer read is left out;
 * - the answers a fetch would show them (`ReportDisclosure`, through `ExportColumns`), file
 *   addresses signed like those of a fetch and resolved on the address the export was asked at;
 * - a search still running is waited for: the job tries again later.
 *
 * Files are written to a scratch file under `<dataDir>/incoming` (swept if a process dies while
 * writing), a page of results at a time, then put in the store under `report_exports/<id>.<format>`,
 * a key the attachments' orphan sweep leaves alone; a retried job writes the same key again.
 */
import { randomBytes } from "node:crypto"
import { mkdir, rm, stat } from "node:fs/promises"
import { join } from "node:path"
import { href } from "@fieldreport/contract/Api"
import { type FormField, isAttachment } from "@fieldreport/domain/FormField"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as Range from "@fieldreport/domain/RangePage"
import * as ReportDisclosure from "@fieldreport/domain/ReportDisclosure"
import {
  type ColumnName,
  type Format,
  fileName,
  mediaTypes,
  type ReportExportCreate,
} from "@fieldreport/domain/ReportExport"
import { Clock, Context, Duration, Effect, Layer, Option, Result, Schema } from "effect"
import { FileStore } from "../attachments/FileStore.ts"
import * as SignedUrl from "../attachments/SignedUrl.ts"
import { AppConfig } from "../Config.ts"
import { Forbidden, NotFound, type SearchFailed, TooManyRequests, Unavailable } from "../Errors.ts"
import { type ChannelField, columnsOf, type ExportedReport } from "../exports/ExportColumns.ts"
import { writers } from "../exports/ExportFile.ts"
import type { ExportRow } from "../exports/ExportWriter.ts"
import * as JobKinds from "../jobs/JobKinds.ts"
import { JobRunner } from "../jobs/JobRunner.ts"
import { AttachmentStore } from "../store/AttachmentStore.ts"
import { BrandedAppStore } from "../store/BrandedAppStore.ts"
import { type CategoryRow, CategoryStore } from "../store/CategoryStore.ts"
import { FormStore } from "../store/FormStore.ts"
import { JobStore } from "../store/JobStore.ts"
import {
  type ExportedReportRow,
  type ReportExportRow,
  ReportExportStore,
} from "../store/ReportExportStore.ts"
import { ReportStateStore } from "../store/ReportStateStore.ts"
import { ReportStore } from "../store/ReportStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { UserStore } from "../store/UserStore.ts"
import { traced } from "../Traced.ts"
import { Access, type ChannelAccess } from "./Access.ts"
import { Attachments, type ServedFile } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"
import { formFieldOf } from "./Forms.ts"
import { ReportSearches } from "./ReportSearches.ts"

/**
 * How long an export and its file are kept after it starts.
 *
 * @example
 * ```ts
 * Duration.toHours(lifetime) // 24
 * ```
 */
export const lifetime = Duration.hours(24)

const cleanupInterval = Duration.hours(1)

/** Results read and written at a time: a page's rows are all an export holds in memory. */
const pageSize = 5000

/** Exports a user may have waiting or running at once. */
export const maxUnfinished = 5

/** How long a client is asked to wait when the file store is down. */
const storeRetryAfterSeconds = 30

const urlSecretSetting = "report_export_url_secret"

/** The columns asked for and the Excel flag, as stored with an export. */
const ExportOptions = Schema.fromJsonString(
  Schema.Struct({
    fields: Schema.optionalKey(Schema.Array(Schema.String)),
    excel: Schema.optionalKey(Schema.Boolean),
  }),
)

/**
 * The search an export reads is still running: the job tries again later.
 *
 * @example
 * ```ts
 * new SearchStillRunning({ searchId: 12 })
 * ```
 */
export class SearchStillRunning extends Schema.TaggedError<SearchStillRunning>()("SearchStillRunning", {
  searchId: Schema.Number,
}) {
  override get message(): string {
    return `search ${this.searchId} is still running`
  }
}

/**
 * Where an export is, as its reader is told: waiting or running with its progress, done with its
 * file's signed address, or failed with the reason.
 *
 * @example
 * ```ts
 * const progress: ExportProgress = { state: "done", row, downloadUrl: "https://…/file?expires=…" }
 * ```
 */
export type ExportProgress =
  | { readonly state: "pending" | "running"; readonly row: ReportExportRow }
  | { readonly state: "done"; readonly row: ReportExportRow; readonly downloadUrl: string }
  | { readonly state: "failed"; readonly row: ReportExportRow; readonly error: string }

/** One page of a user's exports, each where it is, and how many they have in all. */
export interface ExportList {
  readonly items: ReadonlyArray<ExportProgress>
  readonly total: number
}

/** The scope an export's download address is signed for: the file endpoint's path. */
const fileScope = (id: number): string => href("getReportExportFile", { id })

/** The key of an export's file in the file store. */
const storageKeyOf = (id: number, format: Format): string => `report_exports/${id}.${format}`

/** The attachment ids an answer names, when it names any. */
const idsOf = (answer: unknown): ReadonlyArray<number> =>
  Array.isArray(answer) ? answer.filter((id): id is number => typeof id === "number") : []

/**
 * The report export service.
 *
 * @example
 * ```ts
 * const exports = yield* ReportExports
 * const { id } = yield* exports.start(actor, { report_search_id: 12, format: "csv" }, baseUrl)
 * const progress = yield* exports.progress(actor, id, baseUrl)
 * const { items, total } = yield* exports.list(actor, { start: 0, end: 59 }, baseUrl)
 * ```
 */
export class ReportExports extends Context.Service<
  ReportExports,
  {
    /**
     * Stores an export of one of the actor's searches (`404` for any other, `422` for one that
     * failed) and enqueues it; `429` when the actor has `maxUnfinished` exports waiting or running.
     * `origin` is the address the service was reached at, for the file addresses in the file.
     */
    readonly start: (
      actor: Actor,
      request: ReportExportCreate,
      origin: string,
    ) => Effect.Effect<{ readonly id: number }, NotFound | InvalidInput | TooManyRequests>
    /** Where one of the actor's exports is; the download address is signed on `baseUrl`. */
    readonly progress: (actor: Actor, id: number, baseUrl: string) => Effect.Effect<ExportProgress, NotFound>
    /**
     * A page of the exports the actor started in the current app and still kept, newest first,
     * each where it is, as `progress` tells it.
     */
    readonly list: (actor: Actor, page: Range.RangePage, baseUrl: string) => Effect.Effect<ExportList>
    /**
     * The file a signed download address names: `403` for a wrong or expired signature, `404`
     * once the export is gone, `503` when the file store is down.
     */
    readonly serve: (
      id: number,
      presented: { readonly expires: unknown; readonly signature: unknown },
    ) => Effect.Effect<ServedFile, Forbidden | NotFound | Unavailable>
    /** Deletes the exports past their 24 hours and their files; answers how many. */
    readonly cleanup: Effect.Effect<number>
  }
>()("api/services/ReportExports") {
  static readonly layer = Layer.effect(
    ReportExports,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const store = yield* ReportExportStore
      const searches = yield* ReportSearches
      const access = yield* Access
      const forms = yield* FormStore
      const categories = yield* CategoryStore
      const states = yield* ReportStateStore
      const reports = yield* ReportStore
      const users = yield* UserStore
      const apps = yield* BrandedAppStore
      const jobStore = yield* JobStore
      const jobs = yield* JobRunner
      const attachments = yield* Attachments
      const files = yield* FileStore
      const inTransaction = yield* Transaction.runner
      const secret = yield* (yield* AttachmentStore).setting(
        urlSecretSetting,
        randomBytes(32).toString("base64url"),
      )
      const scratch = join(config.dataDir, "incoming")

      const start = traced("ReportExports.start")(function* (
        actor: Actor,
        request: ReportExportCreate,
        origin: string,
      ) {
        yield* searches
          .resultsOf(actor, request.report_search_id)
          .pipe(
            Effect.catchTag("SearchFailed", () =>
              Effect.fail(InvalidInput.at("report_export.report_search_id", "names a search that failed")),
            ),
          )
        if ((yield* store.unfinished(actor.user.id)) >= maxUnfinished)
          return yield* new TooManyRequests({ retryAfterSeconds: 60 })
        const now = yield* Clock.currentTimeMillis
        const options = yield* Effect.orDie(
          Schema.encodeEffect(ExportOptions)({
            ...(request.fields === undefined ? {} : { fields: request.fields }),
            ...(request.excel === undefined ? {} : { excel: request.excel }),
          }),
        )
        return yield* inTransaction(
          Effect.gen(function* () {
            const id = yield* store.insert({
              user_id: actor.user.id,
              branded_app_id: actor.app.id,
              team_id: actor.teamId ?? null,
              report_search_id: request.report_search_id,
              format: request.format,
              options,
              origin,
              created_at: new Date(now).toISOString(),
              expires_at: new Date(now + Duration.toMillis(lifetime)).toISOString(),
            })
            yield* store.setJob(id, yield* jobs.enqueue(JobKinds.ReportExportRun, { export_id: id }))
            return { id }
          }),
        )
      })

      /** The export, when it is the actor's and still kept. */
      const exportOf = traced("ReportExports.exportOf")(function* (actor: Actor, id: number) {
        const row = yield* store.find(id)
        if (
          row === undefined ||
          row.user_id !== actor.user.id ||
          row.branded_app_id !== actor.app.id ||
          row.expires_at <= (yield* nowIso)
        ) {
          return yield* new NotFound({ resource: "report export" })
        }
        return row
      })

      /** Where an export is; a done one's download address is signed on `baseUrl`. */
      const progressOf = traced("ReportExports.progressOf")(function* (
        row: ReportExportRow,
        baseUrl: string,
      ) {
        if (row.state === "failed")
          return { state: "failed", row, error: row.error ?? "the export failed" } satisfies ExportProgress
        if (row.state === "done") {
          const scope = fileScope(row.id)
          const { expires, signature } = yield* SignedUrl.sign(secret, scope, config.urlLifetimeSeconds)
          const downloadUrl = `${baseUrl}${scope}?expires=${expires}&signature=${signature}`
          return { state: "done", row, downloadUrl } satisfies ExportProgress
        }
        if (row.job_id !== null && (yield* jobStore.find(row.job_id))?.status === "failed") {
          return {
            state: "failed",
            row,
            error: "the export could not be made; start it again",
          } satisfies ExportProgress
        }
        return { state: row.state, row } satisfies ExportProgress
      })

      const progress = traced("ReportExports.progress")(function* (
        actor: Actor,
        id: number,
        baseUrl: string,
      ) {
        return yield* progressOf(yield* exportOf(actor, id), baseUrl)
      })

      const list = traced("ReportExports.list")(function* (
        actor: Actor,
        page: Range.RangePage,
        baseUrl: string,
      ) {
        const { rows, total } = yield* store.page({
          userId: actor.user.id,
          brandedAppId: actor.app.id,
          now: yield* nowIso,
          offset: page.start,
          limit: Range.size(page),
        })
        const items = yield* Effect.forEach(rows, (row) => progressOf(row, baseUrl))
        return { items, total } satisfies ExportList
      })

      const serve = traced("ReportExports.serve")(function* (
        id: number,
        presented: { readonly expires: unknown; readonly signature: unknown },
      ) {
        const verdict = yield* SignedUrl.verify(secret, fileScope(id), presented)
        if (verdict === "expired")
          return yield* new Forbidden({ message: "the download address has expired" })
        if (verdict === "invalid")
          return yield* new Forbidden({ message: "the download address is not validly signed" })
        const row = yield* store.find(id)
        if (
          row === undefined ||
          row.state !== "done" ||
          row.storage_key === null ||
          row.expires_at <= (yield* nowIso)
        )
          return yield* new NotFound({ resource: "report export" })
        const opened = yield* files.open(row.storage_key).pipe(
          Effect.catch((error) =>
            Effect.andThen(
              Effect.logError(error.message, error.cause),
              Effect.fail(
                new Unavailable({
                  message: "the file store is unavailable; try again later",
                  retryAfterSeconds: storeRetryAfterSeconds,
                }),
              ),
            ),
          ),
        )
        if (opened === undefined) return yield* new NotFound({ resource: "report export" })
        return {
          content: opened.content,
          byteSize: opened.byteSize,
          contentType: mediaTypes[row.format],
          filename: fileName(row.id, row.format),
          inline: false,
          expires: Number(presented.expires),
        } satisfies ServedFile
      })

      /** The user who asked for an export, as they are now; `undefined` when they may no longer. */
      const askerOf = traced("ReportExports.askerOf")(function* (row: ReportExportRow) {
        const user = yield* users.findById(row.user_id)
        const app = yield* apps.findById(row.branded_app_id)
        if (user === undefined || user.deactivated === 1 || app === undefined) return undefined
        return { user, app, teamId: row.team_id ?? undefined, session: undefined } satisfies Actor
      })

      /**
       * What the reports of the channels show of them: the form fields, in channel order; the
       * actor's access to each channel; and the categories and states by id.
       */
      const channelsOf = traced("ReportExports.channelsOf")(function* (
        actor: Actor,
        channelIds: ReadonlyArray<number>,
      ) {
        const fields: Array<ChannelField> = []
        const accesses = new Map<number, ChannelAccess>()
        const categoryRows = new Map<number, CategoryRow>()
        for (const channelId of channelIds) {
          const found = yield* Effect.option(access.channelFor(actor, channelId, "read"))
          if (Option.isSome(found)) accesses.set(channelId, found.value)
          for (const category of yield* categories.listOfChannel(channelId))
            categoryRows.set(category.id, category)
          const form = yield* forms.findByChannel(channelId)
          if (form === undefined) continue
          for (const row of yield* forms.fields(form.id, { removed: false }))
            fields.push({ channelId, field: formFieldOf(row) })
        }
        const stateRows = new Map(
          (yield* states.listOfChannels(channelIds)).map((state) => [state.id, state]),
        )
        return { fields, accesses, categories: categoryRows, states: stateRows }
      })

      /** The original addresses of the files the page's shown answers name, by attachment id. */
      const fileUrlsOf = traced("ReportExports.fileUrlsOf")(function* (
        page: ReadonlyArray<ExportedReportRow>,
        attachmentFields: ReadonlyMap<number, ReadonlyArray<FormField>>,
        origin: string,
      ) {
        const ids = new Set<number>()
        for (const report of page) {
          for (const field of attachmentFields.get(report.channel_id) ?? [])
            for (const id of idsOf(report.answers[field.key])) ids.add(id)
        }
        const urls = new Map<number, string>()
        if (ids.size === 0) return urls
        for (const row of yield* attachments.findMany([...ids]))
          urls.set(row.id, (yield* attachments.urlsOf(row, origin)).original_url)
        return urls
      })

      /** Writes an export's file to `path`; answers the rows written. */
      const write = traced("ReportExports.write")(function* (
        row: ReportExportRow,
        actor: Actor,
        channelIds: ReadonlyArray<number>,
        path: string,
      ) {
        const options = yield* Effect.orDie(Schema.decodeEffect(ExportOptions)(row.options))
        const { fields, accesses, categories, states } = yield* channelsOf(actor, channelIds)
        const columns = columnsOf(fields, options.fields as ReadonlyArray<ColumnName> | undefined)
        const attachmentFields = new Map<number, Array<FormField>>()
        for (const { channelId, field } of fields) {
          if (isAttachment(field.field_type))
            attachmentFields.set(channelId, [...(attachmentFields.get(channelId) ?? []), field])
        }
        yield* store.start(row.id, yield* store.count(row.report_search_id, channelIds))
        const writer = yield* Effect.promise(() =>
          writers[row.format](path, columns, {
            excel: options.excel === true,
            title: "reports",
            whitePinUrl: (appearance) =>
              `${row.origin}${href("getPin", { color: "#ffffff", file: `${appearance}@2x.png` })}`,
          }),
        )
        return yield* Effect.gen(function* () {
          let written = 0
          let after = -1
          for (;;) {
            const page = yield* store.reports(row.report_search_id, channelIds, after, pageSize)
            if (page.length === 0) break
            const urls = yield* fileUrlsOf(page, attachmentFields, row.origin)
            const fileUrl = (id: number) => urls.get(id)
            const reporters = new Map(
              (yield* reports.reporters([...new Set(page.map((report) => report.user_id))])).map((user) => [
                user.id,
                user,
              ]),
            )
            const rows = page.map((report): ExportRow => {
              const channel = accesses.get(report.channel_id)
              const category = categories.get(report.category_id)
              const state = states.get(report.report_state_id)
              const reporter = reporters.get(report.user_id)
              const exported: ExportedReport = {
                ...report,
                channel_name: channel?.channel.name ?? "",
                category_name: category?.name ?? "",
                pin_color: category?.pin_color ?? "",
                pin_appearance: category?.pin_appearance ?? "default",
                report_state_name: state?.name ?? "",
                appearance: state?.appearance ?? "",
                first_name: reporter?.first_name ?? "",
                last_name: reporter?.last_name ?? "",
                seesPrivate: ReportDisclosure.seesPrivateAnswers(channel, actor.user.id, report),
                fileUrl,
              }
              return { report: exported, cells: columns.map((column) => column.cell(exported)) }
            })
            yield* Effect.promise(() => writer.write(rows))
            written += page.length
            after = page.at(-1)?.position ?? after
            yield* store.progress(row.id, written)
          }
          yield* Effect.promise(() => writer.end())
          return written
        }).pipe(Effect.onError(() => Effect.sync(() => writer.abort())))
      })

      const run = traced("ReportExports.run")(function* (exportId: number) {
        const row = yield* store.find(exportId)
        if (row === undefined || row.state === "done" || row.state === "failed") return
        const actor = yield* askerOf(row)
        if (actor === undefined)
          return yield* store.fail(row.id, "the user who asked for it may no longer export")
        const results = yield* Effect.result(searches.resultsOf(actor, row.report_search_id))
        if (Result.isFailure(results)) {
          const failure: NotFound | SearchFailed = results.failure
          return yield* store.fail(
            row.id,
            failure._tag === "NotFound" ? "its search has expired; search and export again" : failure.message,
          )
        }
        const found = results.success
        if (found.status === "pending")
          return yield* new SearchStillRunning({ searchId: row.report_search_id })
        yield* Effect.promise(() => mkdir(scratch, { recursive: true }))
        const path = join(scratch, `${randomBytes(16).toString("hex")}.${row.format}`)
        yield* Effect.gen(function* () {
          const rows = yield* write(row, actor, found.channelIds, path)
          const byteSize = (yield* Effect.promise(() => stat(path))).size
          const storageKey = storageKeyOf(row.id, row.format)
          yield* files.put(storageKey, path, mediaTypes[row.format])
          // Deleted meanwhile (expired): its file goes too.
          if (!(yield* store.finish(row.id, { storageKey, byteSize, rows })))
            yield* files.remove([storageKey])
        }).pipe(Effect.ensuring(Effect.promise(() => rm(path, { force: true }))))
      })

      const cleanup = Effect.gen(function* () {
        const removed = yield* store.deleteExpired(yield* nowIso)
        const keys = removed.filter((key) => key !== null)
        // The rows are gone first: a file left behind is wasted space, never a broken download.
        if (keys.length > 0)
          yield* files
            .remove(keys)
            .pipe(
              Effect.catch((error) =>
                Effect.logWarning(`could not remove ${keys.length} export files`, error),
              ),
            )
        if (removed.length > 0) yield* Effect.logInfo(`removed ${removed.length} expired report exports`)
        return removed.length
      }).pipe(Effect.withSpan("ReportExports.cleanup"))

      yield* jobs.register(JobKinds.ReportExportRun, ({ export_id }) => run(export_id))
      yield* jobs.register(JobKinds.ReportExportCleanup, () => cleanup)
      yield* jobs.schedule(JobKinds.ReportExportCleanup, {}, cleanupInterval)

      return ReportExports.of({ start, progress, list, serve, cleanup })
    }),
  )
}
