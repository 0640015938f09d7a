/**
 * Writing a report from a draft, on stores that keep what they are asked: what a new report is
 * filed with, what a revision changes, and what each tells others, in the order it happens.
 */
import { assert, describe, it } from "@effect/vitest"
import { Effect, Exit } from "effect"
import { Conflict } from "../../src/Errors.ts"
import * as ReportCategory from "../../src/services/ReportCategory.ts"
import * as ReportFiling from "../../src/services/ReportFiling.ts"
import {
  actor,
  type Calls,
  categoryField,
  context,
  photosField,
  reportOf,
  whatField,
  writeServices,
} from "./ReportWriteFixtures.ts"

const harbour = { latitude: -41.28, longitude: 174.77 }
const filedAt = "1970-01-01T00:00:00.000Z"
const rootCategory = ReportCategory.given(undefined)

describe("ReportFiling.fileNew", () => {
  it.effect(
    "files in the initial state and the shape at the location, its title derived, then links and tells",
    () => {
      const calls: Calls = []
      return Effect.gen(function* () {
        const filing = yield* ReportFiling.make
        const report = yield* filing.fileNew(
          actor,
          context,
          {
            location: harbour,
            answers: { [categoryField.key]: 101, [whatField.key]: "Deep one", [photosField.key]: [15] },
          },
          rootCategory,
        )
        assert.strictEqual(report.id, 49)
        assert.deepStrictEqual(calls, [
          [
            "insert",
            {
              channel_id: 31,
              uuid: report.uuid,
              source_id: null,
              user_id: 7,
              is_anonymous: 0,
              title: "Deep one, Potholes, Roads",
              address: "",
              latitude: harbour.latitude,
              longitude: harbour.longitude,
              category_id: 101,
              report_state_id: 1,
              shape_id: 12,
              answers: { [whatField.key]: "Deep one", [photosField.key]: [15] },
              created_at: filedAt,
            },
          ],
          ["claim", [15]],
          ["release", []],
          ["replaceAttachmentLinks", 49, [{ attachment_id: 15, field_key: photosField.key }]],
          ["enqueue", "report.created", { report_id: 49 }],
        ])
      }).pipe(Effect.provide(writeServices(calls)))
    },
  )

  it.effect(
    "files under the root category with the title, uuid and shape given, and no shape without a location",
    () => {
      const calls: Calls = []
      return Effect.gen(function* () {
        const filing = yield* ReportFiling.make
        yield* filing.fileNew(
          actor,
          context,
          {
            address: "Quay",
            uuid: "c0ffee00-0000-4000-8000-000000000001",
            title: "Oil",
            shape_id: 9,
            answers: {},
          },
          rootCategory,
        )
        yield* filing.fileNew(actor, context, { address: "Quay", answers: {} }, rootCategory)
        const inserted = calls.filter(([method]) => method === "insert").map(([, row]) => row)
        assert.deepStrictEqual(
          inserted.map((row) => {
            const { uuid, title, category_id, shape_id } = row as Record<string, unknown>
            return { uuid, title, category_id, shape_id }
          }),
          [
            { uuid: "c0ffee00-0000-4000-8000-000000000001", title: "Oil", category_id: 100, shape_id: 9 },
            {
              uuid: (inserted[1] as { uuid: string }).uuid,
              title: "Roads",
              category_id: 100,
              shape_id: null,
            },
          ],
        )
      }).pipe(Effect.provide(writeServices(calls)))
    },
  )

  it.effect("fails with a conflict when another report holds the uuid, and tells nobody", () => {
    const calls: Calls = []
    return Effect.gen(function* () {
      const filing = yield* ReportFiling.make
      const exit = yield* Effect.exit(
        filing.fileNew(actor, context, { location: harbour, uuid: "taken", answers: {} }, rootCategory),
      )
      assert.deepStrictEqual(
        exit,
        Exit.fail(new Conflict({ message: "report.uuid: is used by another report" })),
      )
      assert.deepStrictEqual(
        calls.map(([method]) => method),
        ["insert"],
      )
    }).pipe(Effect.provide(writeServices(calls, { insertFails: true })))
  })
})

describe("ReportFiling.revise", () => {
  it.effect(
    "moves the report: a new shape, the answers merged, the derived title following, the move told and recorded",
    () => {
      const calls: Calls = []
      const current = reportOf({
        answers: { [whatField.key]: "Deep one" },
        title: "Deep one, Potholes, Roads",
      })
      const quay = { latitude: -41.3, longitude: 174.8 }
      return Effect.gen(function* () {
        const filing = yield* ReportFiling.make
        yield* filing.revise(
          actor,
          context,
          current,
          { location: quay, report_state_id: 2, answers: { [categoryField.key]: 100 } },
          rootCategory,
        )
        assert.deepStrictEqual(calls, [
          [
            "update",
            49,
            {
              latitude: quay.latitude,
              longitude: quay.longitude,
              report_state_id: 2,
              title: "Deep one, Roads",
              category_id: 100,
              shape_id: 12,
              answers: { [whatField.key]: "Deep one" },
            },
            filedAt,
          ],
          ["enqueue", "report.moved", { report_id: 49 }],
          [
            "insertStateChange",
            {
              report_id: 49,
              channel_id: 31,
              user_id: 7,
              previous_state_id: 1,
              previous_state_name: "New",
              new_state_id: 2,
              new_state_name: "In progress",
              created_at: filedAt,
            },
          ],
          ["claim", []],
          ["release", []],
          ["replaceAttachmentLinks", 49, []],
        ])
      }).pipe(Effect.provide(writeServices(calls)))
    },
  )

  it.effect(
    "keeps the shape, the state and the written title of a report that stays where it is, and tells nobody",
    () => {
      const calls: Calls = []
      const current = reportOf({ title: "Written by hand" })
      return Effect.gen(function* () {
        const filing = yield* ReportFiling.make
        yield* filing.revise(
          actor,
          context,
          current,
          { location: harbour, report_state_id: 1, answers: {} },
          rootCategory,
        )
        assert.deepStrictEqual(calls[0], [
          "update",
          49,
          {
            latitude: harbour.latitude,
            longitude: harbour.longitude,
            title: "Written by hand",
            category_id: 101,
            shape_id: 8,
            answers: {},
          },
          filedAt,
        ])
        assert.deepStrictEqual(
          calls.map(([method]) => method),
          ["update", "claim", "release", "replaceAttachmentLinks"],
        )
      }).pipe(Effect.provide(writeServices(calls)))
    },
  )

  it.effect("releases the attachments the answers stopped naming", () => {
    const calls: Calls = []
    const current = reportOf({ answers: { [photosField.key]: [15, 16] } })
    const before = [
      { attachment_id: 15, field_key: photosField.key },
      { attachment_id: 16, field_key: photosField.key },
    ]
    return Effect.gen(function* () {
      const filing = yield* ReportFiling.make
      yield* filing.revise(
        actor,
        context,
        current,
        { answers: { [photosField.key]: [16, 17] } },
        rootCategory,
      )
      assert.deepStrictEqual(calls.slice(1), [
        ["claim", [17]],
        ["release", [15]],
        [
          "replaceAttachmentLinks",
          49,
          [
            { attachment_id: 16, field_key: photosField.key },
            { attachment_id: 17, field_key: photosField.key },
          ],
        ],
      ])
    }).pipe(Effect.provide(writeServices(calls, { before })))
  })
})
