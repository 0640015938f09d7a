import { describe, expect, it } from "@effect/vitest"
import { Channel, ChannelCreate, ChannelUpdate } from "../src/Channel.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("Channel", () => {
  it("reads a channel with its root category and form", () => {
    const channel = { id: 4, name: "Cleaner streams", team_id: 1, category_id: 10, form_id: 3 }
    expect(decoded(Channel, channel)).toEqual(channel)
    const { form_id: _, ...withoutForm } = channel
    expect(errors(Channel, withoutForm)).toEqual({ form_id: ["is required"] })
  })
})

describe("ChannelCreate", () => {
  it("takes a name and a team, nothing else", () => {
    expect(
      decoded(ChannelCreate, { name: "Streams", team_id: 1, category_id: 5, form_id: 6 }, "channel"),
    ).toEqual({
      name: "Streams",
      team_id: 1,
    })
  })

  it.each([
    ["no name", { team_id: 1 }, { "channel.name": ["is required"] }],
    ["a blank name", { name: " ", team_id: 1 }, { "channel.name": ["must not be blank"] }],
    ["no team", { name: "Streams" }, { "channel.team_id": ["is required"] }],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ChannelCreate, body, "channel")).toEqual(expected)
  })
})

describe("ChannelUpdate", () => {
  it.each([
    ["a name", { name: "Rivers" }, { name: "Rivers" }],
    ["a logo", { logo_attachment_id: 31 }, { logo_attachment_id: 31 }],
    ["the default logo again", { logo_attachment_id: null }, { logo_attachment_id: null }],
    ["no move to another team", { team_id: 2 }, {}],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(ChannelUpdate, body, "channel")).toEqual(expected)
  })

  it("refuses a logo that is not an attachment id", () => {
    expect(errors(ChannelUpdate, { logo_attachment_id: "logo.png" }, "channel")).toEqual({
      "channel.logo_attachment_id": ["must be an attachment id or null"],
    })
  })
})
