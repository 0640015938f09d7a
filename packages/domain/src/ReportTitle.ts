/**
 * The title of a report (docs/api.md, Filing a report). A title not given, or blank, is derived:
 * the first public text answer (ShortTextBox, then Description, in form order), then the category
 * path from the report's category up to the root. A derived title follows later changes of the
 * category and the answers; a title a client wrote stays until a client writes another.
 */
import type { FormField } from "./FormField.ts"

/**
 * The longest text answer a derived title takes, in characters; a longer one is cut with "…".
 *
 * @example
 * ```ts
 * derive([], fields, { f_1_4_2: "x".repeat(200) }).length // 80
 * ```
 */
export const answerLength = 80

const textTypes: ReadonlyArray<FormField["field_type"]> = ["ShortTextBox", "Description"]

/**
 * The derived title: the first public text answer that is not blank (its white space folded,
 * cut at `answerLength`), then the names of the category path, the report's category first.
 *
 * @example
 * ```ts
 * derive(["Potholes", "Roads", "Cleaner streets"], fields, { f_1_4_2: "Deep one by the school" })
 * // "Deep one by the school, Potholes, Roads, Cleaner streets"
 * ```
 */
export const derive = (
  categoryPath: ReadonlyArray<string>,
  fields: ReadonlyArray<Pick<FormField, "key" | "field_type" | "field_visibility">>,
  answers: Readonly<Record<string, unknown>>,
): string => {
  const text = textTypes
    .flatMap((type) =>
      fields.filter((field) => field.field_type === type && field.field_visibility === "public"),
    )
    .map((field) => answers[field.key])
    .find((answer): answer is string => typeof answer === "string" && answer.trim() !== "")
  const words = text?.trim().replace(/\s+/g, " ")
  const first =
    words === undefined || words.length <= answerLength ? words : `${words.slice(0, answerLength - 1)}…`
  return [...(first === undefined ? [] : [first]), ...categoryPath].join(", ")
}

/**
 * The title given in a write, when it holds more than white space.
 *
 * @example
 * ```ts
 * given("  ") // undefined
 * given("Pothole") // "Pothole"
 * ```
 */
export const given = (title: string | undefined): string | undefined =>
  title === undefined || title.trim() === "" ? undefined : title

/**
 * The title a report keeps after a change: the one the write gives (not blank); else, when its
 * current title is the one derived before the change, the one derived after it; else its current
 * title, which a client wrote.
 *
 * @example
 * ```ts
 * revised({ written: undefined, current: "Potholes, Roads", before: "Potholes, Roads", after: "Lights, Roads" })
 * // "Lights, Roads"
 * revised({ written: undefined, current: "Big hole", before: "Potholes, Roads", after: "Lights, Roads" })
 * // "Big hole"
 * ```
 */
export const revised = (change: {
  readonly written: string | undefined
  readonly current: string
  readonly before: string
  readonly after: string
}): string => given(change.written) ?? (change.current === change.before ? change.after : change.current)
