/**
 * `fr-answer-change`: the user changed the answer of one form field.
 */
import type { Attachment } from "@fieldreport/domain/Attachment"
import type { EditedAnswer } from "../shared/answers.ts"

/**
 * Fired by `fr-answer-input`; the form holding it keeps the answers and validates them.
 *
 * @example
 * ```ts
 * input.addEventListener("fr-answer-change", (event) => answers.set(event.key, event.value))
 * ```
 */
export class AnswerChangeEvent extends Event {
  static readonly eventName = "fr-answer-change"
  /** The field's key, `f_<form>_<field>_<n>`. */
  readonly key: string
  readonly value: EditedAnswer
  /** A file the user just uploaded for the field (its content type matters for validation). */
  readonly uploaded: Attachment | undefined

  constructor(key: string, value: EditedAnswer, uploaded?: Attachment) {
    super(AnswerChangeEvent.eventName, { bubbles: true, composed: true })
    this.key = key
    this.value = value
    this.uploaded = uploaded
  }
}

declare global {
  interface HTMLElementEventMap {
    "fr-answer-change": AnswerChangeEvent
  }
}
