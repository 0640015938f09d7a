/**
 * Everything of a channel that writing one of its reports reads: the actor's access to it, the
 * fields of its form, its report states and its categories. A write reads them once, inside its
 * transaction, and checks and files the report against them.
 */
import type { FormField } from "@fieldreport/domain/FormField"
import { Effect } from "effect"
import { type CategoryRow, CategoryStore } from "../store/CategoryStore.ts"
import { FormStore } from "../store/FormStore.ts"
import { type ReportStateRow, ReportStateStore } from "../store/ReportStateStore.ts"
import type { ChannelAccess } from "./Access.ts"
import { formFieldOf } from "./Forms.ts"

/**
 * A channel as writing one of its reports reads it.
 *
 * @example
 * ```ts
 * const context: ChannelContext = { access, fields: [categoryField], states: [newState], categories: [root] }
 * ```
 */
export interface ChannelContext {
  readonly access: ChannelAccess
  /** The fields of the channel's form, those removed from it left out. */
  readonly fields: ReadonlyArray<FormField>
  readonly states: ReadonlyArray<ReportStateRow>
  readonly categories: ReadonlyArray<CategoryRow>
}

/**
 * Makes the reader of a channel's context, on the stores of forms, states and categories.
 *
 * @example
 * ```ts
 * const contextOf = yield* ChannelContext.make
 * const context = yield* contextOf(channelAccess)
 * ```
 */
export const make = Effect.gen(function* () {
  const forms = yield* FormStore
  const states = yield* ReportStateStore
  const categories = yield* CategoryStore

  return Effect.fnUntraced(function* (access: ChannelAccess) {
    const channelId = access.channel.id
    const form = yield* forms.findByChannel(channelId)
    // Every channel is created with its form, states and root category in one transaction.
    if (form === undefined) return yield* Effect.die(new Error(`channel ${channelId} has no form`))
    return {
      access,
      fields: (yield* forms.fields(form.id, { removed: false })).map(formFieldOf),
      states: yield* states.listOfChannels([channelId]),
      categories: yield* categories.listOfChannel(channelId),
    } satisfies ChannelContext
  })
})
