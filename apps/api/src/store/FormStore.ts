/**
 * The form of each channel and its fields. A field taken out of the form is only marked removed,
 * so reports filed before keep their answers under its key. `next_field_number` is the form's
 * counter for the numbers in new field keys and option values, so none is ever given twice.
 */
import type { FieldType } from "@fieldreport/domain/FormField"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"

/** A channel's form; `version` grows with every definition put. */
export interface FormRow {
  readonly id: number
  readonly channel_id: number
  readonly name: string
  readonly version: number
}

/** A field of a form; `mandatory`, `editable` and `removed` are 0/1 (`mandatory` may be null). */
export interface FormFieldRow {
  readonly id: number
  readonly form_id: number
  readonly key: string
  readonly label: string
  readonly field_type: FieldType
  readonly form_order: number
  readonly data: string
  readonly mandatory: number | null
  readonly visibility: string
  readonly field_visibility: string
  readonly editable: number
  readonly removed: number
}

/** A field as it is inserted, before it has an id (its key and option values need one). */
export interface NewFormField {
  readonly label: string
  readonly field_type: FieldType
  readonly form_order: number
  readonly mandatory: boolean | null
  readonly field_visibility: string
}

/** The columns a form definition may change on a field it keeps. */
export interface FormFieldChanges {
  readonly label: string
  readonly form_order: number
  readonly data: string
  readonly mandatory: boolean | null
  readonly field_visibility: string
}

const asColumn = (value: boolean | null): number | null => (value === null ? null : Number(value))

/**
 * The form store.
 *
 * @example
 * ```ts
 * const forms = yield* FormStore
 * const form = yield* forms.findByChannel(channelId)
 * ```
 */
export class FormStore extends Context.Service<
  FormStore,
  {
    readonly findByChannel: (channelId: number) => Effect.Effect<FormRow | undefined>
    /** The form's fields by `form_order`; removed ones only when asked for. */
    readonly fields: (
      formId: number,
      options: { readonly removed: boolean },
    ) => Effect.Effect<ReadonlyArray<FormFieldRow>>
    readonly insertForm: (form: {
      readonly channel_id: number
      readonly name: string
    }) => Effect.Effect<FormRow>
    /** Reserves `count` consecutive numbers of the form's counter and answers the first. */
    readonly takeNumbers: (formId: number, count: number) => Effect.Effect<number>
    /** Inserts a field; `complete` gives its key and data once its id is known. */
    readonly insertField: (
      form: FormRow,
      field: NewFormField,
      complete: (id: number) => { readonly key: string; readonly data: string },
    ) => Effect.Effect<FormFieldRow>
    /** Updates a field the definition keeps, and brings it back if it had been removed. */
    readonly updateField: (id: number, changes: FormFieldChanges) => Effect.Effect<void>
    /** Marks removed every field of the form not among `kept`. */
    readonly removeFieldsExcept: (formId: number, kept: ReadonlyArray<number>) => Effect.Effect<void>
    /** Renames the form and increments its version. */
    readonly saveDefinition: (formId: number, name: string) => Effect.Effect<FormRow>
  }
>()("api/store/FormStore") {
  static readonly layer = Layer.effect(
    FormStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const formColumns = sql.literal("id, channel_id, name, version")
      const fieldColumns = sql.literal(
        "id, form_id, key, label, field_type, form_order, data, mandatory, visibility, field_visibility, editable, removed",
      )
      return FormStore.of({
        findByChannel: (channelId) =>
          sql<FormRow>`SELECT ${formColumns} FROM forms WHERE channel_id = ${channelId}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        fields: (formId, options) =>
          sql<FormFieldRow>`SELECT ${fieldColumns} FROM form_fields
            WHERE form_id = ${formId} ${options.removed ? sql.literal("") : sql.literal("AND removed = 0")}
            ORDER BY removed, form_order, id`.pipe(Effect.orDie),
        insertForm: (form) =>
          sql<FormRow>`INSERT INTO forms ${sql.insert({ ...form })} RETURNING ${formColumns}`.pipe(
            Effect.map((rows) => rows[0]!),
            Effect.orDie,
          ),
        takeNumbers: (formId, count) =>
          sql<{ next_field_number: number }>`UPDATE forms SET next_field_number = next_field_number + ${count}
            WHERE id = ${formId} RETURNING next_field_number`.pipe(
            Effect.map((rows) => rows[0]!.next_field_number - count),
            Effect.orDie,
          ),
        insertField: (form, field, complete) =>
          Effect.gen(function* () {
            // The key holds the field's id, known only once the row exists; until the update
            // below, a placeholder no real key can equal keeps (channel_id, key) unique.
            const inserted = yield* sql<{ id: number }>`INSERT INTO form_fields ${sql.insert({
              ...field,
              mandatory: asColumn(field.mandatory),
              form_id: form.id,
              channel_id: form.channel_id,
              key: `new:${field.form_order}`,
            })} RETURNING id`
            const id = inserted[0]!.id
            const { key, data } = complete(id)
            const rows = yield* sql<FormFieldRow>`UPDATE form_fields SET key = ${key}, data = ${data}
              WHERE id = ${id} RETURNING ${fieldColumns}`
            return rows[0]!
          }).pipe(Effect.orDie),
        updateField: (id, changes) =>
          sql`UPDATE form_fields SET ${sql.update({
            ...changes,
            mandatory: asColumn(changes.mandatory),
            removed: 0,
          })} WHERE id = ${id}`.pipe(Effect.asVoid, Effect.orDie),
        removeFieldsExcept: (formId, kept) =>
          sql`UPDATE form_fields SET removed = 1
            WHERE form_id = ${formId} AND removed = 0
              ${kept.length === 0 ? sql.literal("") : sql`AND id NOT IN ${sql.in(kept)}`}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        saveDefinition: (formId, name) =>
          sql<FormRow>`UPDATE forms SET name = ${name}, version = version + 1
            WHERE id = ${formId} RETURNING ${formColumns}`.pipe(
            Effect.map((rows) => rows[0]!),
            Effect.orDie,
          ),
      })
    }),
  )
}
