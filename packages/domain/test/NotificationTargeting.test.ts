import { describe, expect, it } from "@effect/vitest"
import {
  type ChannelMember,
  forMovedReport,
  forNewReport,
  type ReportAudience,
} from "../src/NotificationTargeting.ts"

const reporterId = 1
const member = (user_id: number, selection: { follow?: boolean; alert?: boolean }): ChannelMember => ({
  user_id,
  follow: selection.follow ?? false,
  alert: selection.alert ?? false,
})
const areasOf = (...userIds: Array<number>) => userIds.map((user_id) => ({ user_id }))

const audience = (overrides: Partial<ReportAudience>): ReportAudience => ({
  reporterId,
  members: [],
  areasContainingLocation: [],
  alreadyNotified: [],
  ...overrides,
})

// A case: what to change from an empty audience, and who is notified on create and on a move.
type Case = [string, Partial<ReportAudience>, ReadonlyArray<number>, ReadonlyArray<number>]

describe("NotificationTargeting", () => {
  it.each<Case>([
    ["a follower hears of a new report, not of a move", { members: [member(2, { follow: true })] }, [2], []],
    [
      "an alert user with an area containing the location",
      { members: [member(3, { alert: true })], areasContainingLocation: areasOf(3) },
      [3],
      [3],
    ],
    [
      "an alert user without a matching area is not notified",
      { members: [member(3, { alert: true })] },
      [],
      [],
    ],
    [
      "a matching area without alert: true is not enough",
      { members: [member(3, { alert: false, follow: false })], areasContainingLocation: areasOf(3) },
      [],
      [],
    ],
    [
      "two matching areas give one notification",
      { members: [member(3, { alert: true })], areasContainingLocation: areasOf(3, 3) },
      [3],
      [3],
    ],
    [
      "a follower with a matching alert area gets one notification",
      { members: [member(4, { follow: true, alert: true })], areasContainingLocation: areasOf(4, 4) },
      [4],
      [4],
    ],
    [
      "the reporter never, following or alerted",
      {
        members: [member(reporterId, { follow: true, alert: true })],
        areasContainingLocation: areasOf(reporterId),
      },
      [],
      [],
    ],
    [
      "users already notified about the report are not notified again",
      {
        members: [member(2, { follow: true }), member(3, { alert: true }), member(5, { alert: true })],
        areasContainingLocation: areasOf(3, 5),
        alreadyNotified: [2, 3],
      },
      [5],
      [5],
    ],
    [
      "a user with a matching area who is not a member of the channel is not notified",
      { members: [member(2, { follow: true })], areasContainingLocation: areasOf(9) },
      [2],
      [],
    ],
    [
      "a member listed twice is notified once",
      { members: [member(2, { follow: true }), member(2, { follow: true })] },
      [2],
      [],
    ],
    ["a member who neither follows nor alerts is not notified", { members: [member(2, {})] }, [], []],
    [
      "everyone concerned, in ascending id order",
      {
        members: [
          member(8, { follow: true }),
          member(6, { alert: true }),
          member(2, { follow: true }),
          member(7, { alert: true }),
        ],
        areasContainingLocation: areasOf(7, 6, 7),
      },
      [2, 6, 7, 8],
      [6, 7],
    ],
  ])("%s", (_, overrides, onCreate, onMove) => {
    expect(forNewReport(audience(overrides))).toEqual(onCreate)
    expect(forMovedReport(audience(overrides))).toEqual(onMove)
  })
})
