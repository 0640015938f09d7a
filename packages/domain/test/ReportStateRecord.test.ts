import { describe, expect, it } from "@effect/vitest"
import {
  ChannelReportStateCreate,
  ReportStateCreate,
  ReportStateRecord,
  ReportStateUpdate,
} from "../src/ReportStateRecord.ts"
import { decoded, errors } from "./internal/decode.ts"

const state = {
  id: 11,
  channel_id: 2,
  name: "In progress",
  position: 1,
  initial: false,
  appearance: "attention",
  next_state_ids: [12],
}

describe("ReportStateRecord", () => {
  it.each([
    ["a restricted state", state],
    ["a state any state may follow", { ...state, next_state_ids: null }],
  ])("reads %s", (_, value) => {
    expect(decoded(ReportStateRecord, value)).toEqual(value)
  })

  it.each([["invisible"], ["normal"], ["attention"], ["loud"]])("knows the appearance %s", (appearance) => {
    expect(errors(ReportStateRecord, { ...state, appearance })).toBeUndefined()
  })

  it("refuses an unknown appearance", () => {
    expect(errors(ReportStateRecord, { ...state, appearance: "quiet" })).toEqual({
      appearance: ["must be one of invisible, normal, attention, loud"],
    })
  })
})

describe("ChannelReportStateCreate", () => {
  it("takes the state without its channel, which the path names", () => {
    expect(decoded(ChannelReportStateCreate, { channel_id: 7, name: "Checked" }, "report_state")).toEqual({
      name: "Checked",
      initial: false,
      appearance: "normal",
      next_state_ids: null,
    })
    expect(errors(ChannelReportStateCreate, {}, "report_state")).toEqual({
      "report_state.name": ["is required"],
    })
  })
})

describe("ReportStateCreate", () => {
  it("fills the defaults: not initial, normal, any next state", () => {
    expect(decoded(ReportStateCreate, { channel_id: 2, name: "Resolved" }, "report_state")).toEqual({
      channel_id: 2,
      name: "Resolved",
      initial: false,
      appearance: "normal",
      next_state_ids: null,
    })
  })

  it("keeps what is given and never takes an id", () => {
    expect(
      decoded(
        ReportStateCreate,
        {
          id: 99,
          channel_id: 2,
          name: "New",
          position: 0,
          initial: true,
          appearance: "loud",
          next_state_ids: [3, 4],
        },
        "report_state",
      ),
    ).toEqual({
      channel_id: 2,
      name: "New",
      position: 0,
      initial: true,
      appearance: "loud",
      next_state_ids: [3, 4],
    })
  })

  it.each([
    ["no channel", { name: "New" }, { "report_state.channel_id": ["is required"] }],
    ["no name", { channel_id: 2 }, { "report_state.name": ["is required"] }],
    ["a blank name", { channel_id: 2, name: "" }, { "report_state.name": ["must not be blank"] }],
    [
      "a negative position",
      { channel_id: 2, name: "N", position: -1 },
      { "report_state.position": ["must not be negative"] },
    ],
    [
      "a next state that is not an id",
      { channel_id: 2, name: "N", next_state_ids: [0] },
      {
        "report_state.next_state_ids.0": ["must be a positive integer"],
      },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportStateCreate, body, "report_state")).toEqual(expected)
  })
})

describe("ReportStateUpdate", () => {
  it.each([
    ["a new appearance", { appearance: "loud" }, { appearance: "loud" }],
    ["lifting the restriction", { next_state_ids: null }, { next_state_ids: null }],
    ["a move to another channel, ignored", { channel_id: 9 }, {}],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(ReportStateUpdate, body, "report_state")).toEqual(expected)
  })
})
