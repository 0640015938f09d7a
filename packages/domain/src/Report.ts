/**
 * A report: a geo-located observation filed into a channel (the v4 dialect's "account"), with a
 * category, a state, a title and the answers to the channel's form.
 *
 * The resource carries the v4 dialect's default and optional fields and a few more (docs/api.md,
 * Reading a report). The three bodies that write a report (create, update, upsert) are read into
 * one plain shape whatever form the client used:
 *
 * - the plain form: `location` and/or `address`, answers as `f_<n>_<n>_<n>` keys at the top level;
 * - the legacy form: `geom` as WKT `POINT(lon lat)`, answers as `form_fields: [{key, value}]`.
 *
 * Both become `location` and `answers`. Keys a client may not write (`id`, `user_id`,
 * `iso_created_at`, …) and unknown keys are never taken; whether each answer fits its form field is
 * `FormAnswers`' business.
 */
import { Result, Schema, SchemaTransformation, Struct } from "effect"
import { FieldKey, FormField, isFieldKey } from "./FormField.ts"
import { InvalidInput } from "./Invalid.ts"
import { Count, Id, Name, nullOr, Uuid } from "./internal/wire.ts"
import { NoteComment } from "./NoteComment.ts"
import { ReportComment } from "./ReportComment.ts"
import { Appearance, ReportStateRecord } from "./ReportStateRecord.ts"
import * as TextLimits from "./TextLimits.ts"
import { Timestamp } from "./Timestamp.ts"

/**
 * A position in degrees (WGS 84).
 *
 * @example
 * ```ts
 * const wellington: Location = { latitude: -41.2865, longitude: 174.7762 }
 * ```
 */
export const Location = Schema.Struct({
  latitude: Schema.Number.check(
    Schema.isBetween({ minimum: -90, maximum: 90 }, { message: "must be between -90 and 90" }),
  ),
  longitude: Schema.Number.check(
    Schema.isBetween({ minimum: -180, maximum: 180 }, { message: "must be between -180 and 180" }),
  ),
})
export type Location = typeof Location.Type

const coordinate = String.raw`[-+]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][-+]?\d+)?`
// Only the one shape legacy clients send; full WKT is the `Wkt` module's.
const point = new RegExp(String.raw`^\s*POINT\s*\(\s*(${coordinate})\s+(${coordinate})\s*\)\s*$`, "i")

/**
 * The legacy `geom` of a report: WKT `POINT(longitude latitude)`, read into a `Location`.
 *
 * @example
 * ```ts
 * Schema.decodeUnknownSync(LocationFromPoint)("POINT(174.7762 -41.2865)") // { latitude: -41.2865, longitude: 174.7762 }
 * ```
 */
export const LocationFromPoint = Schema.String.check(
  TextLimits.atMost(TextLimits.geometry),
  Schema.isPattern(point, { message: "must be a WKT POINT(longitude latitude)" }),
).pipe(
  Schema.decodeTo(
    Location,
    SchemaTransformation.transform({
      decode: (wkt) => {
        const [, longitude, latitude] = point.exec(wkt) ?? []
        return { latitude: Number(latitude), longitude: Number(longitude) }
      },
      encode: ({ latitude, longitude }) => `POINT(${longitude} ${latitude})`,
    }),
  ),
)

/**
 * What a report body may give as the answer to a field: a string, a number, an array of strings or
 * an array of numbers (as the v4 dialect allows), or null (no answer); a string of at most
 * `TextLimits.text` characters. Which of these fits which field is decided against the form by
 * `FormAnswers`.
 *
 * @example
 * ```ts
 * const answer: AnswerValue = ["f_1_3_3_4_2"]
 * ```
 */
const AnswerText = TextLimits.upTo(TextLimits.text)

export const AnswerValue = Schema.Union([
  AnswerText,
  Schema.Number,
  Schema.Null,
  Schema.Array(
    Schema.Union([AnswerText, Schema.Number]).annotate({ message: "must be a string or a number" }),
  ).pipe(
    Schema.refine(
      (values): values is ReadonlyArray<string> | ReadonlyArray<number> =>
        values.every((value) => typeof value === "string") ||
        values.every((value) => typeof value === "number"),
      { message: "must not mix strings and numbers" },
    ),
  ),
]).annotate({ message: "must be a string, a number, or an array of strings or of numbers" })
export type AnswerValue = typeof AnswerValue.Type

/**
 * A report's answers by field key.
 *
 * @example
 * ```ts
 * const answers: Answers = { f_1_29_11: "Oil on the water", f_1_8_6: [15, 16] }
 * ```
 */
export const Answers = Schema.Record(FieldKey, AnswerValue)
export type Answers = typeof Answers.Type

/**
 * The fields that give a report's place: at least one is needed to create one.
 *
 * @example
 * ```ts
 * const place: Whereabouts = { address: "123 Somewhere Rd" }
 * ```
 */
export interface Whereabouts {
  readonly location?: Location
  readonly address?: string
}

const locationRequired = "is required when there is no address"

const isLocated = (report: Whereabouts): boolean =>
  report.location !== undefined || (report.address !== undefined && report.address.trim() !== "")

/**
 * Checks that a report has a location or a non-blank address: the rule of create, and of an upsert
 * that creates (which only the service can tell).
 *
 * @example
 * ```ts
 * requireLocation({ address: "" }) // Result.fail(InvalidInput at report.location)
 * ```
 */
export const requireLocation = <R extends Whereabouts>(report: R): Result.Result<R, InvalidInput> =>
  isLocated(report)
    ? Result.succeed(report)
    : Result.fail(InvalidInput.at("report.location", locationRequired))

/** Fields of the legacy form, read into `location` and `answers`. */
const legacy = {
  geom: Schema.optionalKey(LocationFromPoint),
  form_fields: Schema.optionalKey(Schema.Array(Schema.Struct({ key: FieldKey, value: AnswerValue }))),
}

interface LegacyBody extends Whereabouts {
  readonly geom?: Location
  readonly form_fields?: ReadonlyArray<{ readonly key: FieldKey; readonly value: AnswerValue }>
}

/** Answers at the top level of a body, the plain form; other unknown keys are ignored. */
const topLevelAnswers = [Answers] as const

/** `geom` only stands in for `location`; giving both leaves it unclear which one is meant. */
const oneLocation = Schema.makeFilter((body: LegacyBody) =>
  body.geom !== undefined && body.location !== undefined
    ? { path: ["geom"], issue: "must not be given together with location" }
    : undefined,
)

/** A key answered twice (in `form_fields`, or there and at the top level) has no single answer. */
const answeredOnce = Schema.makeFilter((body: LegacyBody) => {
  const seen = new Set(Object.keys(body).filter(isFieldKey))
  return (body.form_fields ?? []).flatMap(({ key }, index) => {
    if (!seen.has(key)) {
      seen.add(key)
      return []
    }
    return [{ path: ["form_fields", index, "key"], issue: "is given twice" }]
  })
})

/** Create's rule: a report says where it is; a `geom` counts as a location. */
const located = Schema.makeFilter((body: LegacyBody) =>
  isLocated(body) || body.geom !== undefined ? undefined : { path: ["location"], issue: locationRequired },
)

/** The parts both forms share once read: the location from either key, every answer in one record. */
const normalise = (body: LegacyBody & Answers): { location?: Location; answers: Answers } => {
  const answers: Record<FieldKey, AnswerValue> = {}
  for (const key of Object.keys(body).filter(isFieldKey)) {
    const value = body[key]
    if (value !== undefined) answers[key] = value
  }
  for (const { key, value } of body.form_fields ?? []) answers[key] = value
  const location = body.location ?? body.geom
  return location === undefined ? { answers } : { location, answers }
}

/** Written back in the plain form: answers at the top level. */
const denormalise = <R extends { readonly answers: Answers }>({ answers, ...rest }: R) => ({
  ...rest,
  ...answers,
})

/** The id of a report in the system an integration mirrors. */
const SourceId = TextLimits.nonBlank(TextLimits.code)

const details = {
  address: Schema.optionalKey(TextLimits.upTo(TextLimits.address)),
  category_id: Schema.optionalKey(Id),
  source_id: Schema.optionalKey(SourceId),
  shape_id: Schema.optionalKey(Id),
  uuid: Schema.optionalKey(Uuid),
  title: Schema.optionalKey(TextLimits.upTo(TextLimits.title)),
}
const detailKeys = ["address", "category_id", "source_id", "shape_id", "uuid", "title"] as const

/** Where both forms end up: one location, one record of answers. */
const whereAndAnswers = {
  location: Schema.optionalKey(Location),
  answers: Answers,
}

/**
 * A report to create, read from the body of `POST /api/v4/reports` (under `report`) in either
 * form: a channel (`account_id`), a location or a non-blank address, and optionally a category,
 * a source id, a shape, a client `uuid` (which makes the create idempotent), a title and answers.
 *
 * @example
 * ```ts
 * decodeInput(ReportCreate, body.report, "report")
 * // { account_id: 123, location: { latitude: 12, longitude: 34.56 }, answers: { f_1_1_1: "custom" } }
 * ```
 */
/** Only a new report can be filed anonymously; anonymity never changes afterwards. */
const anonymity = { is_anonymous: Schema.optionalKey(Schema.Boolean) }

export const ReportCreate = Schema.StructWithRest(
  Schema.Struct({
    account_id: Id,
    location: Schema.optionalKey(Location),
    ...details,
    ...anonymity,
    ...legacy,
  }),
  topLevelAnswers,
)
  .check(oneLocation, answeredOnce, located)
  .pipe(
    Schema.decodeTo(
      Schema.toType(Schema.Struct({ account_id: Id, ...details, ...anonymity, ...whereAndAnswers })),
      SchemaTransformation.transform({
        decode: (body) => ({
          ...Struct.pick(body, ["account_id", "is_anonymous", ...detailKeys]),
          ...normalise(body),
        }),
        encode: denormalise,
      }),
    ),
  )
export type ReportCreate = typeof ReportCreate.Type

/** Who works on a report and by when: set by an update, null clears either. */
const assignment = {
  assignee_id: Schema.optionalKey(nullOr(Id, "a user id")),
  assignment_due_at: Schema.optionalKey(nullOr(Timestamp, "a timestamp")),
}

/**
 * Changes to a report, read from the body of `PATCH /api/v4/reports/{id}` (under `report`) in
 * either form: the create fields but the channel, all optional, plus `report_state_id`,
 * `assignee_id` and `assignment_due_at`. Only the answers given change.
 *
 * @example
 * ```ts
 * decodeInput(ReportUpdate, { report_state_id: 3, assignee_id: 22, f_1_29_11: "Cleaned up" }, "report")
 * // { report_state_id: 3, assignee_id: 22, answers: { f_1_29_11: "Cleaned up" } }
 * ```
 */
export const ReportUpdate = Schema.StructWithRest(
  Schema.Struct({
    location: Schema.optionalKey(Location),
    ...details,
    report_state_id: Schema.optionalKey(Id),
    ...assignment,
    ...legacy,
  }),
  topLevelAnswers,
)
  .check(oneLocation, answeredOnce)
  .pipe(
    Schema.decodeTo(
      Schema.toType(
        Schema.Struct({
          ...details,
          report_state_id: Schema.optionalKey(Id),
          ...assignment,
          ...whereAndAnswers,
        }),
      ),
      SchemaTransformation.transform({
        decode: (body) => ({
          ...Struct.pick(body, [...detailKeys, "report_state_id", "assignee_id", "assignment_due_at"]),
          ...normalise(body),
        }),
        encode: denormalise,
      }),
    ),
  )
export type ReportUpdate = typeof ReportUpdate.Type

/**
 * A report to create or update, read from the body of `POST /api/v4/reports/upsert` (under
 * `report`): `account_id` and `source_id` identify it. A null `category_id` reads as absent (both
 * mean the channel's root category); `category_names` names up to three nested categories;
 * `report_state_id` is kept for an update and ignored by a create. A location or address is
 * needed only to create: see `requireLocation`.
 *
 * @example
 * ```ts
 * decodeInput(ReportUpsert, { account_id: 1, source_id: "gauge-7", category_names: ["Water", "Flood"] }, "report")
 * ```
 */
export const ReportUpsert = Schema.StructWithRest(
  Schema.Struct({
    account_id: Id,
    location: Schema.optionalKey(Location),
    ...details,
    source_id: SourceId,
    category_id: Schema.optionalKey(nullOr(Id, "a category id")),
    category_names: Schema.optionalKey(
      Schema.Array(Name).check(Schema.isMaxLength(3, { message: "must hold at most 3 names" })),
    ),
    report_state_id: Schema.optionalKey(Id),
    ...legacy,
  }),
  topLevelAnswers,
)
  .check(oneLocation, answeredOnce)
  .pipe(
    Schema.decodeTo(
      Schema.toType(
        Schema.Struct({
          account_id: Id,
          ...details,
          source_id: SourceId,
          category_names: Schema.optionalKey(Schema.Array(Name)),
          report_state_id: Schema.optionalKey(Id),
          ...whereAndAnswers,
        }),
      ),
      SchemaTransformation.transform({
        decode: (body) => {
          const { category_id, ...report } = Struct.pick(body, [
            "account_id",
            ...detailKeys,
            "category_names",
            "report_state_id",
          ])
          return { ...report, ...(category_id == null ? {} : { category_id }), ...normalise(body) }
        },
        encode: denormalise,
      }),
    ),
  )
export type ReportUpsert = typeof ReportUpsert.Type

/**
 * A user who opened a report, and when.
 *
 * @example
 * ```ts
 * const reader: UserOpened = { id: 4, first_name: "Ana", last_name: "Lee", opened_at: DateTime.makeUnsafe(0) }
 * ```
 */
export const UserOpened = Schema.Struct({
  id: Id,
  first_name: Schema.String,
  last_name: Schema.String,
  opened_at: Timestamp,
})
export type UserOpened = typeof UserOpened.Type

/**
 * Who a report is assigned to (`assignee`), by name.
 *
 * @example
 * ```ts
 * const assignee: Assignee = { id: 12, first_name: "Mere", last_name: "Ngata" }
 * ```
 */
export const Assignee = Schema.Struct({
  id: Id,
  first_name: Schema.String,
  last_name: Schema.String,
})
export type Assignee = typeof Assignee.Type

/**
 * The report resource. Default fields are required keys, optional ones optional keys; the user
 * fields (`user_id`, `user_image`, `user_short_name`) are left out of anonymous reports.
 * `location` is null for a report filed with an address only, `address` empty for one filed with
 * a location only. `uuid` is the client's, or one the server assigns. `version` grows with every
 * change of the report (its comments included) and is its `ETag`.
 *
 * @example
 * ```ts
 * const report: Report = {
 *   id: 49, account_id: 1, address: "New York, NY, USA", category_id: 2, is_anonymous: false,
 *   iso_created_at: DateTime.makeUnsafe("2016-10-10T03:13:27.142Z"),
 *   location: { latitude: -36.8667, longitude: 174.7667 }, report_state_id: 2, title: "Effluent runoff",
 *   user_id: 2, shape_id: null,
 * }
 * ```
 */
export const Report = Schema.Struct({
  id: Id,
  account_id: Id,
  address: Schema.String,
  category_id: Id,
  is_anonymous: Schema.Boolean,
  iso_created_at: Timestamp,
  location: Schema.NullOr(Location),
  report_state_id: Id,
  title: Schema.String,
  user_id: Schema.optionalKey(Id),
  shape_id: Schema.NullOr(Id),
  account_logo: Schema.optionalKey(Schema.String),
  account_name: Schema.optionalKey(Schema.String),
  form_fields: Schema.optionalKey(Schema.Array(FormField)),
  note_comment_ids: Schema.optionalKey(Schema.Array(Id)),
  report_comment_ids: Schema.optionalKey(Schema.Array(Id)),
  is_manageable_by: Schema.optionalKey(Schema.Boolean),
  map_url: Schema.optionalKey(Schema.String),
  note_comments: Schema.optionalKey(Schema.Array(NoteComment)),
  report_comments: Schema.optionalKey(Schema.Array(ReportComment)),
  report_state_name: Schema.optionalKey(Schema.String),
  user_image: Schema.optionalKey(Schema.NullOr(Schema.String)),
  user_short_name: Schema.optionalKey(Schema.String),
  assignee_id: Schema.optionalKey(Schema.NullOr(Id)),
  assignment_due_at: Schema.optionalKey(Schema.NullOr(Timestamp)),
  users_opened: Schema.optionalKey(Schema.Array(UserOpened)),
  uuid: Schema.optionalKey(Uuid),
  updated_at: Schema.optionalKey(Timestamp),
  appearance: Schema.optionalKey(Appearance),
  cache_key: Schema.optionalKey(Schema.String),
  version: Schema.optionalKey(Id),
  categories_title: Schema.optionalKey(Schema.String),
  comment_count: Schema.optionalKey(Count),
  viewer_count: Schema.optionalKey(Count),
  report_state: Schema.optionalKey(ReportStateRecord),
  assignee: Schema.optionalKey(Schema.NullOr(Assignee)),
  hidden_fields: Schema.optionalKey(Schema.Array(FieldKey)),
})
export type Report = typeof Report.Type
