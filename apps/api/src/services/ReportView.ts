/**
 * Reports rendered for a field selection (docs/api.md, Reading a report): the default fields from
 * the report itself, each optional field only when it is selected.
 *
 * Rendering many reports costs the same few look-ups as rendering one: each selected field reads
 * what it needs for all the reports in one batch, and what belongs to a channel (its form, the
 * actor's access to it) once per channel.
 *
 * What a reader is shown of a report (anonymous reports, private answers, notes, readers, the
 * reporter's short name, the cache key) is the domain's `ReportDisclosure`.
 *
 * Details docs/api.md does not spell out:
 *
 * - `account_logo` is the path (without the origin) of the channel's signed logo address, or else
 *   the pin of the channel's root category, an image the server always has.
 * - `user_image` is the reporter's picture as a 150 px thumbnail.
 * - `users_opened` lists each reader once, with the time they first opened the report.
 * - `map_url` is null for a report filed with an address only.
 * - `cache_key` is the report's id and `version`; every write of the report (comments included)
 *   moves the version.
 * - The fields the mobile client asks for: `categories_title` is the category path as a derived
 *   title ends with it ("Potholes, Roads, Streets"); `comment_count` counts the report comments;
 *   `viewer_count` the readers `users_opened` names; `report_state` is the state as
 *   `/api/v4/report_states/{id}` answers it; `assignee` is `{id, first_name, last_name}` or null;
 *   `hidden_fields` the keys of the form's fields whose answers the caller is not shown (private
 *   ones, for readers other than the channel's staff and the reporter).
 */

import * as CategoryTree from "@fieldreport/domain/CategoryTree"
import {
  type FieldAttachment,
  type FieldValue,
  type FormField,
  isAttachment,
} from "@fieldreport/domain/FormField"
import * as ReportDisclosure from "@fieldreport/domain/ReportDisclosure"
import { mayEditReport } from "@fieldreport/domain/Roles"
import { Context, Effect, Layer, Option } from "effect"
import { AppConfig } from "../Config.ts"
import { noteCommentBody, reportCommentBody } from "../presentation/CommentView.ts"
import { reportStateBody } from "../presentation/ReportStateView.ts"
import type { AttachmentRow } from "../store/AttachmentStore.ts"
import { type CategoryRow, CategoryStore } from "../store/CategoryStore.ts"
import { CommentStore } from "../store/CommentStore.ts"
import { type FormFieldRow, FormStore } from "../store/FormStore.ts"
import { ReportStateStore } from "../store/ReportStateStore.ts"
import { type ReportRow, ReportStore } from "../store/ReportStore.ts"
import { traced } from "../Traced.ts"
import { Access, type ChannelAccess } from "./Access.ts"
import { Attachments, type FileUrls } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"
import { formFieldOf } from "./Forms.ts"
import { pinUrl } from "./Pins.ts"
import type { ReadableReport } from "./ReadableReport.ts"

/** What to render, and for whom. */
export interface RenderOptions {
  /** Whether an output key of the report catalogue is selected; only those are computed. */
  readonly has: (key: string) => boolean
  /** The origin the request came to (`https://host`), for signed file addresses. */
  readonly origin: string
}

const unique = <A>(values: ReadonlyArray<A>): ReadonlyArray<A> => [...new Set(values)]

const groupBy = <A extends { readonly report_id: number }>(rows: ReadonlyArray<A>) => {
  const groups = new Map<number, Array<A>>()
  for (const row of rows) groups.set(row.report_id, [...(groups.get(row.report_id) ?? []), row])
  return groups
}

const byId = <A extends { readonly id: number }>(rows: ReadonlyArray<A>) =>
  new Map(rows.map((row) => [row.id, row]))

/** The attachment ids an answer names, when it names any. */
const idsOf = (answer: unknown): ReadonlyArray<number> =>
  Array.isArray(answer) ? answer.filter((id): id is number => typeof id === "number") : []

export class ReportView extends Context.Service<
  ReportView,
  {
    /**
     * A record per report, in the order given, holding at least every selected key of the report
     * catalogue (`Fields.render` then picks and orders them). Anonymous reports have no user keys.
     *
     * @example
     * ```ts
     * const [body] = yield* view.render(actor, [report], { has: fields.has, origin })
     * return json(fields.render(body!), 200, fields.headers)
     * ```
     */
    readonly render: (
      actor: Actor,
      reports: ReadonlyArray<ReportRow>,
      options: RenderOptions,
    ) => Effect.Effect<ReadonlyArray<Record<string, unknown>>>
    /**
     * The record of one report the actor was found to read, rendered with the access decided then
     * (`Reports.get`): its channel is not looked up and decided again.
     *
     * @example
     * ```ts
     * const body = yield* view.renderReadable(actor, yield* reports.get(actor, id), { has: fields.has, origin })
     * return json(fields.render(body), 200, fields.headers)
     * ```
     */
    readonly renderReadable: (
      actor: Actor,
      readable: ReadableReport,
      options: RenderOptions,
    ) => Effect.Effect<Record<string, unknown>>
  }
>()("api/services/ReportView") {
  static readonly layer = Layer.effect(
    ReportView,
    Effect.gen(function* () {
      const config = yield* AppConfig
      const access = yield* Access
      const attachments = yield* Attachments
      const reportStore = yield* ReportStore
      const comments = yield* CommentStore
      const forms = yield* FormStore
      const states = yield* ReportStateStore
      const categoryStore = yield* CategoryStore

      const formOf = (channelId: number) =>
        Effect.flatMap(forms.findByChannel(channelId), (form) =>
          form === undefined ? Effect.succeed([]) : forms.fields(form.id, { removed: false }),
        )

      const mapUrlOf = (latitude: number, longitude: number) =>
        config.staticMapUrl
          .replaceAll("{latitude}", String(latitude))
          .replaceAll("{longitude}", String(longitude))

      /** The records, with the actor's access to some channels already decided (`decided`). */
      const renderDecided = Effect.fnUntraced(function* (
        actor: Actor,
        reports: ReadonlyArray<ReportRow>,
        { has, origin }: RenderOptions,
        decided: ReadonlyMap<number, ChannelAccess>,
      ) {
        const any = (...keys: ReadonlyArray<string>) => keys.some(has)
        const reportIds = reports.map((report) => report.id)
        const channelIds = unique(reports.map((report) => report.channel_id))
        const attributed = reports.filter((report) => report.is_anonymous !== 1)

        const accesses = new Map(decided)
        if (any("is_manageable_by", "form_fields", "note_comments", "note_comment_ids", "hidden_fields")) {
          for (const channelId of channelIds.filter((id) => !decided.has(id))) {
            const found = yield* Effect.option(access.channelFor(actor, channelId, "read"))
            if (Option.isSome(found)) accesses.set(channelId, found.value)
          }
        }
        const channels = byId(
          any("account_name", "account_logo") ? yield* reportStore.channels(channelIds) : [],
        )
        const stateRows = byId(
          any("report_state_name", "appearance", "report_state")
            ? yield* states.listOfChannels(channelIds)
            : [],
        )
        const reporters = byId(
          any("user_image", "user_short_name")
            ? yield* reportStore.reporters(unique(attributed.map((report) => report.user_id)))
            : [],
        )
        const assignees = byId(
          has("assignee")
            ? yield* reportStore.reporters(unique(reports.flatMap((report) => report.assignee_id ?? [])))
            : [],
        )
        const categories = new Map<number, ReadonlyArray<CategoryRow>>()
        if (has("categories_title")) {
          for (const channelId of channelIds)
            categories.set(channelId, yield* categoryStore.listOfChannel(channelId))
        }
        const readers = groupBy(
          any("users_opened", "viewer_count") ? yield* reportStore.readers(reportIds) : [],
        )
        const notes = groupBy(
          any("note_comments", "note_comment_ids") ? yield* comments.notesOfReports(reportIds) : [],
        )
        const reportComments = groupBy(
          any("report_comments", "report_comment_ids", "comment_count")
            ? yield* comments.reportCommentsOfReports(reportIds)
            : [],
        )
        const formFields = new Map<number, ReadonlyArray<FormFieldRow>>()
        if (any("form_fields", "hidden_fields")) {
          for (const channelId of channelIds) formFields.set(channelId, yield* formOf(channelId))
        }

        // Every file any selected field shows, read and signed once.
        const fileIds = unique([
          ...reports.flatMap((report) =>
            (has("form_fields") ? (formFields.get(report.channel_id) ?? []) : [])
              .filter((field) => isAttachment(field.field_type))
              .flatMap((field) => idsOf(report.answers[field.key])),
          ),
          ...(has("user_image")
            ? [...reporters.values()].flatMap((user) => user.image_attachment_id ?? [])
            : []),
          ...(has("account_logo")
            ? [...channels.values()].flatMap((channel) => channel.logo_attachment_id ?? [])
            : []),
        ])
        const files = new Map<number, { readonly row: AttachmentRow } & FileUrls>()
        for (const row of yield* attachments.findMany(fileIds)) {
          files.set(row.id, { row, ...(yield* attachments.urlsOf(row, origin)) })
        }
        const attachmentRecord = (id: number): ReadonlyArray<FieldAttachment> => {
          const file = files.get(id)
          return file === undefined
            ? []
            : [
                {
                  id,
                  original_url: file.original_url,
                  filename: file.row.filename,
                  style_url: file.style_url,
                },
              ]
        }

        return reports.map((report) => {
          const anonymous = report.is_anonymous === 1
          const location =
            report.latitude === null || report.longitude === null
              ? null
              : { latitude: report.latitude, longitude: report.longitude }
          const channelAccess = accesses.get(report.channel_id)
          const record: Record<string, unknown> = {
            id: report.id,
            account_id: report.channel_id,
            address: report.address,
            category_id: report.category_id,
            is_anonymous: anonymous,
            iso_created_at: report.created_at,
            location,
            report_state_id: report.report_state_id,
            title: report.title,
            shape_id: report.shape_id,
            assignee_id: report.assignee_id,
            assignment_due_at: report.assignment_due_at,
            updated_at: report.updated_at,
            cache_key: ReportDisclosure.cacheKey(report),
            version: report.version,
          }
          if (!anonymous) record.user_id = report.user_id
          if (report.uuid !== null) record.uuid = report.uuid
          if (has("map_url"))
            record.map_url = location === null ? null : mapUrlOf(location.latitude, location.longitude)
          if (has("is_manageable_by")) {
            record.is_manageable_by =
              channelAccess !== undefined && mayEditReport(channelAccess.channelRole, actor.user.id, report)
          }
          const channel = channels.get(report.channel_id)
          if (channel !== undefined) {
            record.account_name = channel.name
            const logo =
              channel.logo_attachment_id === null ? undefined : files.get(channel.logo_attachment_id)
            if (logo === undefined) {
              record.account_logo = pinUrl("", channel.pin_color, channel.pin_appearance, 2)
            } else {
              record.account_logo = logo.original_path
            }
          }
          const state = stateRows.get(report.report_state_id)
          if (state !== undefined) {
            record.report_state_name = state.name
            record.appearance = state.appearance
            record.report_state = reportStateBody(state)
          }
          const assignee = report.assignee_id === null ? undefined : assignees.get(report.assignee_id)
          record.assignee =
            assignee === undefined
              ? null
              : { id: assignee.id, first_name: assignee.first_name, last_name: assignee.last_name }
          if (has("categories_title")) {
            const path = CategoryTree.path(categories.get(report.channel_id) ?? [], report.category_id)
            record.categories_title = path.map((category) => category.name).join(", ")
          }
          const reporter = anonymous ? undefined : reporters.get(report.user_id)
          if (reporter !== undefined) {
            record.user_short_name = ReportDisclosure.shortName(reporter.first_name, reporter.last_name)
            const picture =
              reporter.image_attachment_id === null ? undefined : files.get(reporter.image_attachment_id)
            record.user_image =
              picture === undefined ? null : (picture.style_url.thumb ?? picture.original_url)
          }
          const namedReaders = ReportDisclosure.namedReaders(
            { user_id: report.user_id, anonymous },
            readers.get(report.id) ?? [],
          )
          record.viewer_count = namedReaders.length
          record.users_opened = namedReaders.map(({ id, first_name, last_name, opened_at }) => ({
            id,
            first_name,
            last_name,
            opened_at,
          }))
          const visibleNotes = (notes.get(report.id) ?? []).filter((note) =>
            ReportDisclosure.seesNote({ public: note.public === 1 }, channelAccess),
          )
          record.note_comments = visibleNotes.map(noteCommentBody)
          record.note_comment_ids = visibleNotes.map((note) => note.id)
          const commentsOfReport = reportComments.get(report.id) ?? []
          record.report_comments = commentsOfReport.map(reportCommentBody)
          record.report_comment_ids = commentsOfReport.map((comment) => comment.id)
          record.comment_count = commentsOfReport.length
          if (has("form_fields")) {
            const seesPrivate = ReportDisclosure.seesPrivateAnswers(channelAccess, actor.user.id, report)
            const answerOf = (field: FormField): FieldValue => {
              const answer = ReportDisclosure.shownAnswer(field, report, seesPrivate)
              if (answer === undefined) return null
              if (isAttachment(field.field_type)) return idsOf(answer).flatMap(attachmentRecord)
              // Stored answers were checked against their field's type when written.
              return answer as FieldValue
            }
            record.form_fields = (formFields.get(report.channel_id) ?? []).map((row) => {
              const field = formFieldOf(row)
              return { ...field, value: answerOf(field) }
            })
          }
          if (has("hidden_fields")) {
            const seesPrivate = ReportDisclosure.seesPrivateAnswers(channelAccess, actor.user.id, report)
            record.hidden_fields = (formFields.get(report.channel_id) ?? [])
              .filter((field) => field.field_visibility === "private" && !seesPrivate)
              .map((field) => field.key)
          }
          return record
        })
      })

      const render = traced("ReportView.render")(function* (
        actor: Actor,
        reports: ReadonlyArray<ReportRow>,
        options: RenderOptions,
      ) {
        return yield* renderDecided(actor, reports, options, new Map())
      })

      const renderReadable = traced("ReportView.renderReadable")(function* (
        actor: Actor,
        { report, access }: ReadableReport,
        options: RenderOptions,
      ) {
        const [record] = yield* renderDecided(
          actor,
          [report],
          options,
          new Map([[report.channel_id, access]]),
        )
        return record ?? {}
      })

      return ReportView.of({ render, renderReadable })
    }),
  )
}
