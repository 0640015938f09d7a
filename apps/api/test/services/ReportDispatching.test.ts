/**
 * Who may dispatch a report and to whom: reporters edit their reports but move no state and
 * assign nobody; a client sending the report back unchanged is not refused; an assignee must be a
 * member of the report's channel who has joined its team, unless the report has them already.
 */

import { assert, describe, it } from "@effect/vitest"
import { InvalidInput } from "@fieldreport/domain/Invalid"
import { DateTime, Effect, Exit, Layer } from "effect"
import { Forbidden } from "../../src/Errors.ts"
import * as ReportDispatching from "../../src/services/ReportDispatching.ts"
import { type ChannelAccessRow, ChannelStore } from "../../src/store/ChannelStore.ts"
import { accessAs, reportOf } from "./ReportWriteFixtures.ts"

const reporter = accessAs("reporter")
const operator = accessAs("operator")
const report = reportOf({
  report_state_id: 1,
  assignee_id: 22,
  assignment_due_at: "2026-02-01T09:00:00.000Z",
})

describe("ReportDispatching.checkStateMove", () => {
  it.effect("lets operators move the state, and reporters only keep it", () =>
    Effect.gen(function* () {
      yield* ReportDispatching.checkStateMove(operator, report, 2)
      yield* ReportDispatching.checkStateMove(reporter, report, 1)
      yield* ReportDispatching.checkStateMove(reporter, report, undefined)
      assert.deepStrictEqual(
        yield* Effect.exit(ReportDispatching.checkStateMove(reporter, report, 2)),
        Exit.fail(
          new Forbidden({ message: "only the channel's operators and admins may change a report's state" }),
        ),
      )
    }),
  )
})

describe("ReportDispatching.checkReassignment", () => {
  it.effect("lets operators assign, and reporters only send the assignment back as it is", () =>
    Effect.gen(function* () {
      yield* ReportDispatching.checkReassignment(operator, report, { assignee_id: null })
      yield* ReportDispatching.checkReassignment(reporter, report, {
        assignee_id: 22,
        assignment_due_at: DateTime.makeUnsafe("2026-02-01T09:00:00.000Z"),
      })
      const refused = Exit.fail(
        new Forbidden({ message: "only the channel's operators and admins may assign a report" }),
      )
      assert.deepStrictEqual(
        yield* Effect.exit(ReportDispatching.checkReassignment(reporter, report, { assignee_id: 23 })),
        refused,
      )
      assert.deepStrictEqual(
        yield* Effect.exit(
          ReportDispatching.checkReassignment(reporter, report, { assignment_due_at: null }),
        ),
        refused,
      )
    }),
  )
})

describe("ReportDispatching.make: checkAssignee", () => {
  const membership = (row: Partial<ChannelAccessRow>): ChannelAccessRow => ({
    id: 31,
    team_id: 4,
    name: "Roads",
    logo_attachment_id: null,
    category_id: 100,
    form_id: 5,
    branded_app_id: 1,
    team_role: "team_member",
    agreed_to_join: 1,
    channel_role: "operator",
    ...row,
  })
  // 30 operates the channel, 31 was invited and has not joined, 32 is in the team only.
  const channels = Layer.mock(ChannelStore)({
    access: (_channelId, userId) =>
      Effect.succeed(
        userId === 30
          ? membership({})
          : userId === 31
            ? membership({ agreed_to_join: 0 })
            : userId === 32
              ? membership({ channel_role: null })
              : undefined,
      ),
  })

  it.effect("accepts a member who has joined, and a change that names no assignee", () =>
    Effect.gen(function* () {
      const dispatching = yield* ReportDispatching.make
      yield* dispatching.checkAssignee(report, 30)
      yield* dispatching.checkAssignee(report, undefined)
      yield* dispatching.checkAssignee(report, null)
    }).pipe(Effect.provide(channels)),
  )

  it.effect("keeps the assignee the report has without looking, even one who has left the channel", () =>
    Effect.gen(function* () {
      const dispatching = yield* ReportDispatching.make
      yield* dispatching.checkAssignee(reportOf({ assignee_id: 99 }), 99)
    }).pipe(Effect.provide(channels)),
  )

  it.effect("refuses someone invited who has not joined, someone outside the channel, and a stranger", () =>
    Effect.gen(function* () {
      const dispatching = yield* ReportDispatching.make
      const refused = Exit.fail(
        InvalidInput.at("report.assignee_id", "is not a member of the report's channel"),
      )
      for (const user of [31, 32, 99]) {
        assert.deepStrictEqual(yield* Effect.exit(dispatching.checkAssignee(report, user)), refused)
      }
    }).pipe(Effect.provide(channels)),
  )
})
