/**
 * The form resource on the wire (docs/api.md, Forms).
 */
import { type FormWithFields, formFieldOf } from "../services/Forms.ts"

/**
 * The form resource: the channel's form with its fields in order.
 *
 * @example
 * ```ts
 * formBody({ form, fields }) // { id: 3, name: "Cleaner streams", version: 2, fields: [{ key: "depth", label: "Depth", … }] }
 * ```
 */
export const formBody = ({ form, fields }: FormWithFields) => ({
  id: form.id,
  name: form.name,
  version: form.version,
  fields: fields.map(formFieldOf),
})
