/**
 * Who may dispatch a report, and to whom (the domain's `ReportDispatch`): only the channel's
 * operators and admins move a report to another state or change its assignee or due time, and
 * the assignee must be able to work on the report, a member of its channel who has joined its
 * team. A client sending the whole report back unchanged dispatches nothing and is not refused.
 */
import { InvalidInput } from "@fieldreport/domain/Invalid"
import * as ReportDispatch from "@fieldreport/domain/ReportDispatch"
import { type DateTime, Effect } from "effect"
import { Forbidden } from "../Errors.ts"
import { ChannelStore } from "../store/ChannelStore.ts"
import type { ReportRow } from "../store/ReportStore.ts"
import type { ChannelAccess } from "./Access.ts"

/**
 * Refuses a change that moves the report to another state unless the actor operates its channel.
 *
 * @example
 * ```ts
 * yield* checkStateMove(channelAccess, report, changes.report_state_id)
 * ```
 */
export const checkStateMove = (
  channelAccess: ChannelAccess,
  report: ReportRow,
  stateId: number | undefined,
): Effect.Effect<void, Forbidden> =>
  ReportDispatch.movesState(report, stateId) && !ReportDispatch.mayDispatch(channelAccess)
    ? Effect.fail(
        new Forbidden({ message: "only the channel's operators and admins may change a report's state" }),
      )
    : Effect.void

/**
 * Refuses a change of the report's assignee or due time unless the actor operates its channel.
 *
 * @example
 * ```ts
 * yield* checkReassignment(channelAccess, report, changes)
 * ```
 */
export const checkReassignment = (
  channelAccess: ChannelAccess,
  report: ReportRow,
  changes: {
    readonly assignee_id?: number | null | undefined
    readonly assignment_due_at?: DateTime.Utc | null | undefined
  },
): Effect.Effect<void, Forbidden> =>
  ReportDispatch.reassigns(report, changes) && !ReportDispatch.mayDispatch(channelAccess)
    ? Effect.fail(new Forbidden({ message: "only the channel's operators and admins may assign a report" }))
    : Effect.void

/**
 * Makes the check of an assignee, on the channel store.
 *
 * @example
 * ```ts
 * const dispatching = yield* ReportDispatching.make
 * yield* dispatching.checkAssignee(current, changes.assignee_id)
 * ```
 */
export const make = Effect.gen(function* () {
  const channels = yield* ChannelStore

  /**
   * Refuses an assignee who cannot work on the report. The assignee it has already is kept,
   * even one who has left the channel since: a client sends the whole report back.
   */
  const checkAssignee = Effect.fnUntraced(function* (
    report: ReportRow,
    assigneeId: number | null | undefined,
  ) {
    if (assigneeId === undefined || assigneeId === null || assigneeId === report.assignee_id) return
    const membership = yield* channels.access(report.channel_id, assigneeId)
    if (membership === undefined || membership.channel_role === null || membership.agreed_to_join !== 1) {
      return yield* InvalidInput.at("report.assignee_id", "is not a member of the report's channel")
    }
  })

  return { checkAssignee }
})
