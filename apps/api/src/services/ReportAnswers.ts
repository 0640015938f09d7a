/**
 * A write's answers checked against the channel's form (the domain's `FormAnswers`), with the
 * content types of the attachments they name: those the actor uploaded, and on an update those
 * the report holds already. Checked, they are taken apart into the Category field's answer and
 * the answers kept with the report (`CategoryAnswer`).
 */
import * as CategoryAnswer from "@fieldreport/domain/CategoryAnswer"
import * as FormAnswers from "@fieldreport/domain/FormAnswers"
import type { Answers } from "@fieldreport/domain/Report"
import { Effect } from "effect"
import { Attachments } from "./Attachments.ts"
import type { Actor } from "./Authentication.ts"
import type { ChannelContext } from "./ChannelContext.ts"

/**
 * Makes the check of a write's answers, on the attachments service.
 *
 * @example
 * ```ts
 * const answers = yield* ReportAnswers.make
 * const { answered, kept } = yield* answers.check(actor, context, draft.answers, undefined)
 * ```
 */
export const make = Effect.gen(function* () {
  const attachments = yield* Attachments

  /** The answers of a new report (`reportId` undefined) or of a change of the report. */
  const check = Effect.fnUntraced(function* (
    actor: Actor,
    context: ChannelContext,
    answers: Answers,
    reportId: number | undefined,
  ) {
    const contentTypes = yield* attachments.contentTypesOf(
      FormAnswers.attachmentIds(context, answers),
      reportId === undefined ? { userId: actor.user.id } : { userId: actor.user.id, reportId },
    )
    const checked = yield* Effect.fromResult(
      FormAnswers.validate(context, answers, {
        mode: reportId === undefined ? "create" : "update",
        contentTypes,
      }),
    )
    return CategoryAnswer.split(context.fields, checked)
  })

  return { check }
})
