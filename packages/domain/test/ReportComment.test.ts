import { describe, expect, it } from "@effect/vitest"
import { ReportComment, ReportCommentCreate } from "../src/ReportComment.ts"
import { decoded, errors } from "./internal/decode.ts"

const uuid = "9c21c96e-4ce5-59e6-95d5-eb475fd03441"

describe("ReportComment", () => {
  const comment = {
    id: 15,
    uuid,
    content: "Thanks",
    created_at: "2022-05-24T19:30:30.278+12:00",
    is_anonymous: false,
    user_id: 15,
  }

  it.each([
    ["a signed comment", comment, undefined],
    [
      "an anonymous comment without its author",
      { ...comment, is_anonymous: true, user_id: undefined },
      undefined,
    ],
    ["a comment without uuid", { ...comment, uuid: undefined }, { uuid: ["is required"] }],
  ])("reads %s", (_, value, expected) => {
    expect(errors(ReportComment, JSON.parse(JSON.stringify(value)))).toEqual(expected)
  })
})

describe("ReportCommentCreate", () => {
  it.each([
    [
      "the required fields, signed by default",
      { report_id: 1234, content: "Thanks" },
      { report_id: 1234, content: "Thanks", is_anonymous: false },
    ],
    [
      "a uuid and anonymity",
      { report_id: 1234, content: "Thanks", uuid, is_anonymous: true },
      { report_id: 1234, content: "Thanks", uuid, is_anonymous: true },
    ],
    [
      "no author or time from the client",
      { report_id: 1, content: "x", user_id: 9, created_at: "2020-01-01T00:00:00Z" },
      {
        report_id: 1,
        content: "x",
        is_anonymous: false,
      },
    ],
  ])("takes %s", (_, body, expected) => {
    expect(decoded(ReportCommentCreate, body, "report_comment")).toEqual(expected)
  })

  it.each([
    ["no report", { content: "x" }, { "report_comment.report_id": ["is required"] }],
    ["no content", { report_id: 1 }, { "report_comment.content": ["is required"] }],
    ["blank content", { report_id: 1, content: "  " }, { "report_comment.content": ["must not be blank"] }],
    [
      "a uuid that is not one",
      { report_id: 1, content: "x", uuid: "1" },
      { "report_comment.uuid": ["must be a UUID"] },
    ],
    [
      "anonymity that is not a boolean",
      { report_id: 1, content: "x", is_anonymous: "yes" },
      {
        "report_comment.is_anonymous": ["must be a boolean"],
      },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportCommentCreate, body, "report_comment")).toEqual(expected)
  })
})
