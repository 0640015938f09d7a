import { describe, expect, it } from "@effect/vitest"
import { Attachment } from "../src/Attachment.ts"
import { decoded, errors } from "./internal/decode.ts"

const image = {
  id: 15,
  original_url: "https://files.example.com/15/original.png",
  filename: "runoff.png",
  content_type: "image/png",
  byte_size: 48213,
  style_url: {
    thumb: "https://files.example.com/15/thumb.png",
    medium: "https://files.example.com/15/medium.png",
  },
}

describe("Attachment", () => {
  it.each([
    ["an image with renditions", image],
    [
      "a file without renditions",
      { ...image, content_type: "application/pdf", filename: "a.pdf", style_url: {} },
    ],
    ["an empty file", { ...image, byte_size: 0 }],
  ])("reads %s", (_, value) => {
    expect(decoded(Attachment, value)).toEqual(value)
  })

  it.each([
    ["a negative size", { ...image, byte_size: -1 }, { byte_size: ["must not be negative"] }],
    ["a missing content type", { ...image, content_type: undefined }, { content_type: ["is required"] }],
    [
      "a rendition that is not text",
      { ...image, style_url: { thumb: 1 } },
      { "style_url.thumb": ["must be a string"] },
    ],
  ])("refuses %s", (_, value, expected) => {
    expect(errors(Attachment, JSON.parse(JSON.stringify(value)))).toEqual(expected)
  })
})
