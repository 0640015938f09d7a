import { describe, expect, it } from "@effect/vitest"
import { Result, Schema } from "effect"
import {
  apply,
  ChannelSelection,
  type ChannelSelectionUpdate,
  decodeUpdate,
  isEmpty,
  none,
  type SelectionWrite,
} from "../src/ChannelSelection.ts"

const selection = (view: boolean, follow: boolean, alert: boolean): ChannelSelection => ({
  id: 7,
  view,
  follow,
  alert,
})

describe("ChannelSelection schema", () => {
  it("decodes the resource", () => {
    expect(
      Schema.decodeUnknownSync(ChannelSelection)({ id: 7, view: true, follow: false, alert: true }),
    ).toEqual(selection(true, false, true))
  })

  it.each([
    ["a missing flag", { id: 7, view: true, follow: false }],
    ["a fractional id", { id: 7.5, view: true, follow: false, alert: true }],
  ])("rejects %s", (_, resource) => {
    expect(() => Schema.decodeUnknownSync(ChannelSelection)(resource)).toThrow()
  })
})

describe("ChannelSelection.decodeUpdate", () => {
  it.each<[string, unknown, ChannelSelectionUpdate]>([
    [
      "all three flags",
      { channel_selection: { alert: true, follow: false, view: true } },
      { channel_selection: { alert: true, follow: false, view: true } },
    ],
    ["some flags", { channel_selection: { follow: true } }, { channel_selection: { follow: true } }],
    ["no flags", { channel_selection: {} }, { channel_selection: {} }],
    [
      "ignoring unknown keys",
      { channel_selection: { view: true, pin: 1 }, x: 1 },
      { channel_selection: { view: true } },
    ],
  ])("reads %s", (_, body, expected) => {
    expect(decodeUpdate(body)).toEqual(Result.succeed(expected))
  })

  it.each<[string, unknown, Record<string, ReadonlyArray<string>>]>([
    ["a body without channel_selection", { view: true }, { channel_selection: ["is required"] }],
    [
      "a flag that is a string",
      { channel_selection: { view: "true" } },
      { "channel_selection.view": ["must be a boolean"] },
    ],
    [
      "a null flag",
      { channel_selection: { alert: null } },
      { "channel_selection.alert": ["must be a boolean"] },
    ],
    [
      "several bad flags",
      { channel_selection: { follow: 1, alert: "no" } },
      { "channel_selection.follow": ["must be a boolean"], "channel_selection.alert": ["must be a boolean"] },
    ],
  ])("rejects %s", (_, body, errors) => {
    const result = decodeUpdate(body)
    if (Result.isSuccess(result)) throw new Error("expected a failure")
    expect(result.failure.errors).toEqual(errors)
  })
})

describe("ChannelSelection.none and isEmpty", () => {
  it("gives a channel without a selection all three flags false", () => {
    expect(none(7)).toEqual(selection(false, false, false))
    expect(isEmpty(none(7))).toBe(true)
  })

  it.each([selection(true, false, false), selection(false, true, false), selection(false, false, true)])(
    "counts any flag set as not empty: %o",
    (set) => {
      expect(isEmpty(set)).toBe(false)
    },
  )
})

describe("ChannelSelection.apply", () => {
  it.each<[string, ChannelSelection, ChannelSelectionUpdate["channel_selection"], SelectionWrite]>([
    [
      "stores a first selection",
      none(7),
      { follow: true },
      { _tag: "Save", selection: selection(false, true, false) },
    ],
    [
      "replaces all three flags",
      selection(true, true, false),
      { view: false, follow: true, alert: true },
      { _tag: "Save", selection: selection(false, true, true) },
    ],
    [
      "keeps the flags the body leaves out",
      selection(true, true, true),
      { alert: false },
      { _tag: "Save", selection: selection(true, true, false) },
    ],
    [
      "keeps everything for an empty body",
      selection(true, false, true),
      {},
      { _tag: "Save", selection: selection(true, false, true) },
    ],
    [
      "deletes when all three become false",
      selection(true, true, true),
      { view: false, follow: false, alert: false },
      { _tag: "Delete", channelId: 7 },
    ],
    [
      "deletes when the last flag set is cleared",
      selection(false, false, true),
      { alert: false },
      { _tag: "Delete", channelId: 7 },
    ],
    [
      "deletes (nothing) when a channel without a selection gets all false",
      none(7),
      { view: false },
      { _tag: "Delete", channelId: 7 },
    ],
  ])("%s", (_, current, change, expected) => {
    expect(apply(current, { channel_selection: change })).toEqual(expected)
  })
})
