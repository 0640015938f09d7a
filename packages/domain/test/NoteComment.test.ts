import { describe, expect, it } from "@effect/vitest"
import { NoteComment, NoteCommentCreate } from "../src/NoteComment.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("NoteComment", () => {
  const note = { id: 1, comment: "Called the owner", created_at: "2024-01-01T00:00:00Z", user_id: 2 }

  it.each([
    ["the default fields", note],
    ["the selected fields", { ...note, public: true, report_id: 49 }],
  ])("reads %s", (_, value) => {
    expect(errors(NoteComment, value)).toBeUndefined()
  })

  it("refuses a public flag that is not a boolean", () => {
    expect(errors(NoteComment, { ...note, public: "yes" })).toEqual({ public: ["must be a boolean"] })
  })
})

describe("NoteCommentCreate", () => {
  it.each([
    ["an internal note by default", { comment: "Called" }, { comment: "Called", public: false }],
    ["a public note", { comment: "Called", public: true }, { comment: "Called", public: true }],
    ["nothing else", { comment: "Called", user_id: 3, report_id: 9 }, { comment: "Called", public: false }],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(NoteCommentCreate, body, "note_comment")).toEqual(expected)
  })

  it.each([
    ["no comment", {}, { "note_comment.comment": ["is required"] }],
    ["a blank comment", { comment: "" }, { "note_comment.comment": ["must not be blank"] }],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(NoteCommentCreate, body, "note_comment")).toEqual(expected)
  })
})
