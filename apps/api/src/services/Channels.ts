/**
 * Channels (docs/api.md, Channels): the managers and owners of a team create them and become their
 * admins; channel admins rename, re-logo and delete them; members list them.
 *
 * A new channel is ready to take reports at once: it gets a root category named after it, the
 * states New (initial), In progress and Resolved, and a form with a Category, a Description and
 * an Image field. All of it is written in one transaction, so no half-made channel is ever seen.
 */
import type { ChannelCreate, ChannelUpdate } from "@fieldreport/domain/Channel"
import { fieldKey } from "@fieldreport/domain/FormRevision"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Context, Effect, Layer } from "effect"
import type { Forbidden, NotFound } from "../Errors.ts"
import { AttachmentStore } from "../store/AttachmentStore.ts"
import { CategoryStore } from "../store/CategoryStore.ts"
import { type ChannelRow, ChannelStore } from "../store/ChannelStore.ts"
import { FormStore, type NewFormField } from "../store/FormStore.ts"
import { ReportStateStore } from "../store/ReportStateStore.ts"
import { nowIso } from "../store/sql/Clock.ts"
import * as Transaction from "../store/sql/Transaction.ts"
import { traced } from "../Traced.ts"
import { Access } from "./Access.ts"
import { AuditLog } from "./AuditLog.ts"
import type { Actor } from "./Authentication.ts"
import { rootCategory } from "./Categories.ts"

const defaultStates = [
  { name: "New", initial: true },
  { name: "In progress", initial: false },
  { name: "Resolved", initial: false },
]

const defaultFields: ReadonlyArray<NewFormField> = [
  { label: "Category", field_type: "Category", form_order: 0, mandatory: null, field_visibility: "public" },
  {
    label: "Description",
    field_type: "Description",
    form_order: 1,
    mandatory: null,
    field_visibility: "public",
  },
  { label: "Image", field_type: "Image", form_order: 2, mandatory: null, field_visibility: "public" },
]

/**
 * The channels service.
 *
 * @example
 * ```ts
 * const channels = yield* Channels
 * const channel = yield* channels.create(actor, { name: "Cleaner streams", team_id: 2 })
 * ```
 */
export class Channels extends Context.Service<
  Channels,
  {
    /** The channels the actor is a member of in the current app, of one team when given. */
    readonly list: (actor: Actor, teamId: number | undefined) => Effect.Effect<ReadonlyArray<ChannelRow>>
    readonly create: (
      actor: Actor,
      input: ChannelCreate,
    ) => Effect.Effect<ChannelRow, Forbidden | InvalidInput>
    readonly get: (actor: Actor, id: number) => Effect.Effect<ChannelRow, NotFound | Forbidden>
    readonly update: (
      actor: Actor,
      id: number,
      changes: ChannelUpdate,
    ) => Effect.Effect<void, NotFound | Forbidden | InvalidInput>
    readonly remove: (actor: Actor, id: number) => Effect.Effect<void, NotFound | Forbidden>
  }
>()("api/services/Channels") {
  static readonly layer = Layer.effect(
    Channels,
    Effect.gen(function* () {
      const inTransaction = yield* Transaction.runner
      const access = yield* Access
      const channels = yield* ChannelStore
      const categories = yield* CategoryStore
      const states = yield* ReportStateStore
      const forms = yield* FormStore
      const attachments = yield* AttachmentStore
      const audit = yield* AuditLog

      const create = traced("Channels.create")(function* (actor: Actor, input: ChannelCreate) {
        yield* access
          .teamFor(actor, input.team_id, "manage")
          .pipe(
            Effect.catchTag("NotFound", () =>
              Effect.fail(InvalidInput.at("channel.team_id", "is not a team of yours")),
            ),
          )
        return yield* inTransaction(
          Effect.gen(function* () {
            const channelId = yield* channels.insert({ team_id: input.team_id, name: input.name })
            yield* channels.addMember(channelId, actor.user.id, "admin")
            const root = yield* categories.insert(rootCategory(channelId, input.name))
            for (const [index, state] of defaultStates.entries()) {
              yield* states.insert({
                channel_id: channelId,
                ...state,
                position: index + 1,
                appearance: "normal",
                next_state_ids: null,
              })
            }
            const form = yield* forms.insertForm({ channel_id: channelId, name: input.name })
            const first = yield* forms.takeNumbers(form.id, defaultFields.length)
            for (const [index, field] of defaultFields.entries()) {
              yield* forms.insertField(form, field, (id) => ({
                key: fieldKey(form.id, id, first + index),
                data: "",
              }))
            }
            return {
              id: channelId,
              team_id: input.team_id,
              name: input.name,
              logo_attachment_id: null,
              category_id: root.id,
              form_id: form.id,
            }
          }),
        )
      })

      const get = traced("Channels.get")(function* (actor: Actor, id: number) {
        return (yield* access.channelFor(actor, id, "read")).channel
      })

      const update = traced("Channels.update")(function* (actor: Actor, id: number, changes: ChannelUpdate) {
        const { channel } = yield* access.channelFor(actor, id, "administer")
        const logo = changes.logo_attachment_id
        const oldLogo = channel.logo_attachment_id
        yield* inTransaction(
          Effect.gen(function* () {
            if (logo !== undefined && logo !== oldLogo) {
              if (logo !== null) {
                const image = yield* attachments.find(logo)
                if (image === undefined || image.user_id !== actor.user.id || image.image !== 1) {
                  return yield* InvalidInput.at("channel.logo_attachment_id", "must be an image you uploaded")
                }
                yield* attachments.markUsed([logo])
              }
              // The old logo goes with the clean-up of unused uploads, unless something else uses it.
              if (oldLogo !== null) yield* attachments.release([oldLogo], yield* nowIso)
            }
            yield* channels.update(id, {
              ...(changes.name === undefined ? {} : { name: changes.name }),
              ...(logo === undefined ? {} : { logo_attachment_id: logo }),
            })
          }),
        )
      })

      const remove = traced("Channels.remove")(function* (actor: Actor, id: number) {
        const { channel } = yield* access.channelFor(actor, id, "administer")
        yield* inTransaction(
          Effect.gen(function* () {
            // The channel's files go with the clean-up of unused uploads.
            yield* attachments.release(yield* channels.attachmentIds(id), yield* nowIso)
            yield* channels.delete(id)
          }),
        )
        yield* audit.record({
          kind: "channel.deleted",
          actorUserId: actor.user.id,
          appId: actor.app.id,
          teamId: channel.team_id,
          targetType: "channel",
          targetId: String(id),
          outcome: "success",
          detail: { name: channel.name },
        })
      })

      return Channels.of({
        list: (actor, teamId) => channels.listOfMember(actor.user.id, actor.app.id, teamId),
        create,
        get,
        update,
        remove,
      })
    }),
  )
}
