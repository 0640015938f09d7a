/**
 * Relinking a report's attachments in its write: a write naming an attachment that does not
 * exist is refused before anything is released or linked (its transaction then takes the claim back).
 */

import { assert, describe, it } from "@effect/vitest"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { Effect, Exit } from "effect"
import * as ReportAttachments from "../../src/services/ReportAttachments.ts"
import { type Calls, photosField, reportOf, writeServices } from "./ReportWriteFixtures.ts"

describe("ReportAttachments.relink", () => {
  it.effect("claims, releases and links what the report names now", () => {
    const calls: Calls = []
    return Effect.gen(function* () {
      const attachments = yield* ReportAttachments.make
      yield* attachments.relink(
        reportOf({ answers: { [photosField.key]: [16] } }),
        [photosField],
        [{ attachment_id: 15, field_key: photosField.key }],
      )
      assert.deepStrictEqual(calls, [
        ["claim", [16]],
        ["release", [15]],
        ["replaceAttachmentLinks", 49, [{ attachment_id: 16, field_key: photosField.key }]],
      ])
    }).pipe(Effect.provide(writeServices(calls)))
  })

  it.effect("refuses an attachment that does not exist, releasing and linking nothing", () => {
    const calls: Calls = []
    return Effect.gen(function* () {
      const attachments = yield* ReportAttachments.make
      const exit = yield* Effect.exit(
        attachments.relink(reportOf({ answers: { [photosField.key]: [15, 16] } }), [photosField], []),
      )
      assert.deepStrictEqual(
        exit,
        Exit.fail(
          new InvalidInput({ errors: { [`report.${photosField.key}`]: ["attachment 16 does not exist"] } }),
        ),
      )
      assert.deepStrictEqual(calls, [["claim", [15, 16]]])
    }).pipe(Effect.provide(writeServices(calls, { missing: [16] })))
  })
})
