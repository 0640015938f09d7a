/**
 * What a report shows to whoever reads it (docs/api.md, Reading a report).
 *
 * - Anonymous reports name nobody: no `user_id`, `user_image` or `user_short_name`, whoever asks,
 *   and an anonymous reporter who opens their own report is not listed among its readers.
 * - Answers of private form fields are shown to the channel's staff (operators and admins) and to
 *   the report's reporter; others see those fields with a null value. Notes that are not public
 *   are shown to the staff only.
 * - A reporter is named by their first name and the initial of their last name.
 * - `cache_key` changes whenever the report does: every write (comments included) moves its version.
 */
import type { FormField } from "./FormField.ts"
import { type ChannelRoles, readsInternalNotes } from "./Roles.ts"

/**
 * The `cache_key` of a report: its id and version.
 *
 * @example
 * ```ts
 * cacheKey({ id: 49, version: 3 }) // "49-3"
 * ```
 */
export const cacheKey = (report: { readonly id: number; readonly version: number }): string =>
  `${report.id}-${report.version}`

/**
 * A reporter's name as reports show it (`user_short_name`): the first name and the last name's
 * initial, or the first name alone when the last name is blank.
 *
 * @example
 * ```ts
 * shortName("Ana", "Lee") // "Ana L."
 * ```
 */
export const shortName = (firstName: string, lastName: string): string => {
  const initial = lastName.trim().charAt(0)
  return initial === "" ? firstName : `${firstName} ${initial}.`
}

/**
 * Whether a reader sees the answers of a report's private fields: the channel's staff and the
 * report's reporter. `roles` is none when the reader has no roles in the channel.
 *
 * @example
 * ```ts
 * seesPrivateAnswers({ channelRole: "viewer", teamRole: "team_member" }, 7, { user_id: 7 }) // true
 * seesPrivateAnswers({ channelRole: "viewer", teamRole: "team_member" }, 8, { user_id: 7 }) // false
 * ```
 */
export const seesPrivateAnswers = (
  roles: ChannelRoles | undefined,
  readerId: number,
  report: { readonly user_id: number },
): boolean => (roles !== undefined && readsInternalNotes(roles)) || report.user_id === readerId

/**
 * Whether a reader sees a note of a report: a public one always, others when they are staff.
 *
 * @example
 * ```ts
 * seesNote({ public: false }, { channelRole: "operator", teamRole: "team_member" }) // true
 * seesNote({ public: false }, undefined) // false
 * ```
 */
export const seesNote = (note: { readonly public: boolean }, roles: ChannelRoles | undefined): boolean =>
  note.public || (roles !== undefined && readsInternalNotes(roles))

/**
 * The answer a form field shows on a report, as stored: the report's category for the Category
 * field; none (undefined) for FreeText (text of the form itself, never answered), for a field not
 * answered, and for a private field the reader may not see (`seesPrivate`, from
 * `seesPrivateAnswers`). A field that shows none reads as null.
 *
 * @example
 * ```ts
 * shownAnswer({ key: "f_1_4_2", field_type: "ShortTextBox", field_visibility: "private" }, report, false) // undefined
 * ```
 */
export const shownAnswer = (
  field: Pick<FormField, "key" | "field_type" | "field_visibility">,
  report: { readonly category_id: number; readonly answers: Readonly<Record<string, unknown>> },
  seesPrivate: boolean,
): unknown => {
  if (field.field_type === "Category") return report.category_id
  if (field.field_type === "FreeText") return undefined
  if (field.field_visibility === "private" && !seesPrivate) return undefined
  return report.answers[field.key]
}

/**
 * The readers a report names (`users_opened`): all of them, except an anonymous reporter who
 * opened their own report.
 *
 * @example
 * ```ts
 * namedReaders({ user_id: 7, anonymous: true }, [{ id: 7 }, { id: 8 }]) // [{ id: 8 }]
 * ```
 */
export const namedReaders = <R extends { readonly id: number }>(
  report: { readonly user_id: number; readonly anonymous: boolean },
  readers: ReadonlyArray<R>,
): ReadonlyArray<R> => readers.filter((reader) => !report.anonymous || reader.id !== report.user_id)
