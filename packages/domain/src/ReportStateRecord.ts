/**
 * A report state of a channel, as a record (docs/api.md, Report states): its name, its place in the
 * list, whether new reports start in it, how its reports appear on the map, and which states may
 * follow it. The rules of moving between states live in `ReportState`.
 */
import { Effect, Schema } from "effect"
import { Count, Id, Name, nullOr, oneOf } from "./internal/wire.ts"

/**
 * How the reports in a state appear on the map and in searches (`filter[appearance]`).
 *
 * @example
 * ```ts
 * const appearance: Appearance = "attention"
 * ```
 */
export const Appearance = oneOf(["invisible", "normal", "attention", "loud"])

/**
 * Every appearance, in order of prominence.
 *
 * @example
 * ```ts
 * appearances.includes("attention") // true
 * ```
 */
export const appearances: ReadonlyArray<Appearance> = Appearance.literals
export type Appearance = typeof Appearance.Type

/**
 * The states that may follow a state; `null` means any state of the channel.
 *
 * @example
 * ```ts
 * const next: NextStateIds = [12, 13]
 * ```
 */
export const NextStateIds = nullOr(Schema.Array(Id), "a list of state ids")
export type NextStateIds = typeof NextStateIds.Type

/**
 * The report state resource.
 *
 * @example
 * ```ts
 * const state: ReportStateRecord = {
 *   id: 11, channel_id: 2, name: "In progress", position: 1, initial: false, appearance: "attention", next_state_ids: null,
 * }
 * ```
 */
export const ReportStateRecord = Schema.Struct({
  id: Id,
  channel_id: Id,
  name: Schema.String,
  position: Count,
  initial: Schema.Boolean,
  appearance: Appearance,
  next_state_ids: NextStateIds,
})
export type ReportStateRecord = typeof ReportStateRecord.Type

/**
 * The body of `POST /api/v4/channels/{channel_id}/report_states` (under `report_state`): a new
 * state of the channel the path names. Absent: not initial, `normal`, any next state; without
 * `position` the state goes last.
 *
 * @example
 * ```ts
 * decodeInput(ChannelReportStateCreate, { name: "Checked" }, "report_state")
 * ```
 */
export const ChannelReportStateCreate = Schema.Struct({
  name: Name,
  position: Schema.optionalKey(Count),
  initial: Schema.Boolean.pipe(Schema.withDecodingDefaultKey(Effect.succeed(false))),
  appearance: Appearance.pipe(Schema.withDecodingDefaultKey(Effect.succeed("normal" as const))),
  next_state_ids: NextStateIds.pipe(Schema.withDecodingDefaultKey(Effect.succeed(null))),
})
export type ChannelReportStateCreate = typeof ChannelReportStateCreate.Type

/**
 * The body of `POST /api/v4/report_states` (under `report_state`): a new state of the channel
 * `channel_id` names, its other fields as in `ChannelReportStateCreate`.
 *
 * @example
 * ```ts
 * decodeInput(ReportStateCreate, body.report_state, "report_state") // Result<ReportStateCreate, InvalidInput>
 * ```
 */
export const ReportStateCreate = Schema.Struct({
  channel_id: Id,
  ...ChannelReportStateCreate.fields,
})
export type ReportStateCreate = typeof ReportStateCreate.Type

/**
 * The body of `PATCH /api/v4/report_states/{id}` (under `report_state`): any of the create fields
 * but the channel, which a state never leaves. `next_state_ids: null` lifts the restriction.
 *
 * @example
 * ```ts
 * decodeInput(ReportStateUpdate, { appearance: "loud" }, "report_state")
 * ```
 */
export const ReportStateUpdate = Schema.Struct({
  name: Schema.optionalKey(Name),
  position: Schema.optionalKey(Count),
  initial: Schema.optionalKey(Schema.Boolean),
  appearance: Schema.optionalKey(Appearance),
  next_state_ids: Schema.optionalKey(NextStateIds),
})
export type ReportStateUpdate = typeof ReportStateUpdate.Type
