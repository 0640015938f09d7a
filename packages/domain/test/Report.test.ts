import { describe, expect, it } from "@effect/vitest"
import { DateTime, Result, Schema } from "effect"
import {
  AnswerValue,
  LocationFromPoint,
  Report,
  ReportCreate,
  ReportUpdate,
  ReportUpsert,
  requireLocation,
} from "../src/Report.ts"
import { decoded, errors } from "./internal/decode.ts"

const where = { latitude: -41.2865, longitude: 174.7762 }

describe("ReportCreate", () => {
  const specForm = {
    account_id: 123,
    location: where,
    address: "1 Lambton Quay",
    category_id: 22,
    source_id: "gauge-7",
    shape_id: 5,
    uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
    title: "Oil on the water",
    f_1_1_1: "custom",
    f_1_1_2: 4,
    f_1_1_3: ["1", "2"],
    f_1_1_4: [1, 2],
  }
  const legacyForm = {
    account_id: 123,
    geom: "POINT(174.7762 -41.2865)",
    address: "1 Lambton Quay",
    category_id: 22,
    source_id: "gauge-7",
    shape_id: 5,
    uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
    title: "Oil on the water",
    form_fields: [
      { key: "f_1_1_1", value: "custom" },
      { key: "f_1_1_2", value: 4 },
      { key: "f_1_1_3", value: ["1", "2"] },
      { key: "f_1_1_4", value: [1, 2] },
    ],
  }
  const normalised = {
    account_id: 123,
    location: where,
    address: "1 Lambton Quay",
    category_id: 22,
    source_id: "gauge-7",
    shape_id: 5,
    uuid: "3ffeef7c-0f73-4e82-b39e-5a55cce0daef",
    title: "Oil on the water",
    answers: { f_1_1_1: "custom", f_1_1_2: 4, f_1_1_3: ["1", "2"], f_1_1_4: [1, 2] },
  }

  it.each([
    ["the plain form", specForm],
    ["the legacy form", legacyForm],
    ["location with form_fields", { ...legacyForm, geom: undefined, location: where }],
    ["geom with top-level answers", { ...specForm, location: undefined, geom: "POINT(174.7762 -41.2865)" }],
    [
      "answers split between form_fields and the top level",
      { ...specForm, f_1_1_3: undefined, f_1_1_4: undefined, form_fields: legacyForm.form_fields.slice(2) },
    ],
  ])("reads %s into one plain shape", (_, body) => {
    expect(decoded(ReportCreate, JSON.parse(JSON.stringify(body)), "report")).toEqual(normalised)
  })

  it("writes the plain shape back in the plain form", () => {
    expect(Schema.encodeSync(ReportCreate)(normalised)).toEqual(specForm)
  })

  it.each([
    ["the report id", { id: 9 }],
    ["the reporter", { user_id: 4 }],
    ["the creation time", { iso_created_at: "2016-10-10T16:13:27.142+13:00" }],
    ["the state, set only by an update", { report_state_id: 3 }],
    [
      "derived fields",
      { account_name: "x", cache_key: "k", appearance: "loud", updated_at: "2024-01-01T00:00:00Z" },
    ],
    ["keys that only look like field keys", { f_1_2: "x", f_1_2_3_4_5: "y", "f_1.5_2_3": "z", F_1_2_3: "w" }],
    ["unknown keys", { colour: "red", answers: { f_1_1_1: "sneaked" } }],
  ])("never takes %s", (_, extra) => {
    expect(decoded(ReportCreate, { account_id: 1, location: where, ...extra }, "report")).toEqual({
      account_id: 1,
      location: where,
      answers: {},
    })
  })

  it.each([
    ["latitude -90", { latitude: -90, longitude: 0 }],
    ["latitude 90", { latitude: 90, longitude: 0 }],
    ["longitude -180", { latitude: 0, longitude: -180 }],
    ["longitude 180", { latitude: 0, longitude: 180 }],
  ])("accepts the bound %s", (_, location) => {
    expect(errors(ReportCreate, { account_id: 1, location }, "report")).toBeUndefined()
  })

  it.each([
    [
      "latitude below -90",
      { latitude: -90.0001, longitude: 0 },
      "report.location.latitude",
      "must be between -90 and 90",
    ],
    [
      "latitude above 90",
      { latitude: 90.0001, longitude: 0 },
      "report.location.latitude",
      "must be between -90 and 90",
    ],
    [
      "longitude below -180",
      { latitude: 0, longitude: -180.0001 },
      "report.location.longitude",
      "must be between -180 and 180",
    ],
    [
      "longitude above 180",
      { latitude: 0, longitude: 180.0001 },
      "report.location.longitude",
      "must be between -180 and 180",
    ],
    [
      "a latitude that is text",
      { latitude: "1", longitude: 0 },
      "report.location.latitude",
      "must be a number",
    ],
    ["a missing longitude", { latitude: 1 }, "report.location.longitude", "is required"],
  ])("refuses %s", (_, location, path, message) => {
    expect(errors(ReportCreate, { account_id: 1, location }, "report")).toEqual({ [path]: [message] })
  })

  it.each([
    ["no account", { location: where }, { "report.account_id": ["is required"] }],
    [
      "an account id that is text",
      { account_id: "1", location: where },
      { "report.account_id": ["must be a number"] },
    ],
    [
      "a fractional account id",
      { account_id: 1.5, location: where },
      { "report.account_id": ["must be an integer"] },
    ],
    [
      "account id 0",
      { account_id: 0, location: where },
      { "report.account_id": ["must be a positive integer"] },
    ],
    [
      "neither location nor address",
      { account_id: 1 },
      { "report.location": ["is required when there is no address"] },
    ],
    [
      "a blank address only",
      { account_id: 1, address: "  " },
      { "report.location": ["is required when there is no address"] },
    ],
    [
      "a category id that is not an id",
      { account_id: 1, location: where, category_id: -2 },
      {
        "report.category_id": ["must be a positive integer"],
      },
    ],
    [
      "a shape id that is not an integer",
      { account_id: 1, location: where, shape_id: 2.5 },
      {
        "report.shape_id": ["must be an integer"],
      },
    ],
    [
      "a uuid that is not a UUID",
      { account_id: 1, location: where, uuid: "42" },
      { "report.uuid": ["must be a UUID"] },
    ],
    [
      "a blank source id",
      { account_id: 1, location: where, source_id: " " },
      { "report.source_id": ["must not be blank"] },
    ],
    [
      "a title that is not text",
      { account_id: 1, location: where, title: 7 },
      { "report.title": ["must be a string"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportCreate, body, "report")).toEqual(expected)
  })

  it.each([
    ["a location only", { account_id: 1, location: where }],
    ["an address only", { account_id: 1, address: "1 Lambton Quay" }],
    ["a geom only", { account_id: 1, geom: "POINT(1 2)" }],
  ])("is satisfied by %s", (_, body) => {
    expect(errors(ReportCreate, body, "report")).toBeUndefined()
  })

  it.each([
    [
      "geom and location together",
      { geom: "POINT(1 2)", location: where },
      {
        "report.geom": ["must not be given together with location"],
      },
    ],
    [
      "a key twice in form_fields",
      {
        form_fields: [
          { key: "f_1_1_1", value: "a" },
          { key: "f_1_1_1", value: "b" },
        ],
      },
      {
        "report.form_fields.1.key": ["is given twice"],
      },
    ],
    [
      "a key in form_fields and at the top level",
      { f_1_1_1: "a", form_fields: [{ key: "f_1_1_1", value: "b" }] },
      {
        "report.form_fields.0.key": ["is given twice"],
      },
    ],
    [
      "a form_fields key that is not a field key",
      { form_fields: [{ key: "title", value: "x" }] },
      {
        "report.form_fields.0.key": ["must be a field key such as f_1_2_3"],
      },
    ],
    [
      "a form_fields entry without value",
      { form_fields: [{ key: "f_1_1_1" }] },
      {
        "report.form_fields.0.value": ["is required"],
      },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportCreate, { account_id: 1, address: "here", ...body }, "report")).toEqual(expected)
  })

  it("reports every problem at once", () => {
    expect(errors(ReportCreate, { location: { latitude: 91, longitude: 0 }, f_1_1_1: {} }, "report")).toEqual(
      {
        "report.account_id": ["is required"],
        "report.location.latitude": ["must be between -90 and 90"],
        "report.f_1_1_1": ["must be a string, a number, or an array of strings or of numbers"],
      },
    )
  })

  it("is an object under report", () => {
    expect(errors(ReportCreate, undefined, "report")).toEqual({ report: ["must be an object"] })
  })
})

describe("LocationFromPoint", () => {
  it.each([
    ["POINT(174.7762 -41.2865)", { latitude: -41.2865, longitude: 174.7762 }],
    [" point ( 1 2 ) ", { latitude: 2, longitude: 1 }],
    ["POINT (-1.5e1 +.5)", { latitude: 0.5, longitude: -15 }],
  ])("reads %s longitude first", (wkt, location) => {
    expect(decoded(LocationFromPoint, wkt)).toEqual(location)
  })

  it.each([
    ["POINT(1)"],
    ["POINT(1 2 3)"],
    ["POINT(a b)"],
    ["POINT EMPTY"],
    ["POINT Z (1 2 3)"],
    ["LINESTRING(1 2, 3 4)"],
    ["POINT(1,2)"],
    ["POINT(1 2) POINT(3 4)"],
  ])("refuses %s", (wkt) => {
    expect(errors(Schema.Struct({ geom: LocationFromPoint }), { geom: wkt }, "report")).toEqual({
      "report.geom": ["must be a WKT POINT(longitude latitude)"],
    })
  })

  it("applies the coordinate bounds", () => {
    expect(errors(Schema.Struct({ geom: LocationFromPoint }), { geom: "POINT(181 0)" }, "report")).toEqual({
      "report.geom.longitude": ["must be between -180 and 180"],
    })
  })

  it("writes WKT back", () => {
    expect(Schema.encodeSync(LocationFromPoint)({ latitude: 2, longitude: 1 })).toBe("POINT(1 2)")
  })
})

describe("AnswerValue", () => {
  it.each([["text"], [""], [4], [-1.5], [null], [[]], [["a", "b"]], [[1, 2]]])("accepts %j", (value) => {
    expect(errors(AnswerValue, value)).toBeUndefined()
  })

  it.each([
    ["an object", { a: 1 }, { "": ["must be a string, a number, or an array of strings or of numbers"] }],
    ["a boolean", true, { "": ["must be a string, a number, or an array of strings or of numbers"] }],
    ["strings mixed with numbers", [1, "a"], { "": ["must not mix strings and numbers"] }],
    ["an array of arrays", [[1]], { "0": ["must be a string or a number"] }],
    ["an array holding null", ["a", null], { "1": ["must be a string or a number"] }],
  ])("refuses %s", (_, value, expected) => {
    expect(errors(AnswerValue, value)).toEqual(expected)
  })
})

describe("ReportUpdate", () => {
  it("takes any create field but the channel, and the state", () => {
    expect(
      decoded(
        ReportUpdate,
        { account_id: 9, report_state_id: 3, title: "Cleaned", f_1_1_1: "done", user_id: 4 },
        "report",
      ),
    ).toEqual({ report_state_id: 3, title: "Cleaned", answers: { f_1_1_1: "done" } })
  })

  it("needs neither location nor address", () => {
    expect(decoded(ReportUpdate, {}, "report")).toEqual({ answers: {} })
  })

  it("takes the assignee and the due time, or null to clear them", () => {
    expect(
      decoded(ReportUpdate, { assignee_id: 22, assignment_due_at: "2024-05-01T09:30:00+12:00" }, "report"),
    ).toEqual({
      assignee_id: 22,
      assignment_due_at: DateTime.makeUnsafe("2024-04-30T21:30:00Z"),
      answers: {},
    })
    expect(decoded(ReportUpdate, { assignee_id: null, assignment_due_at: null }, "report")).toEqual({
      assignee_id: null,
      assignment_due_at: null,
      answers: {},
    })
  })

  it("reads both forms the same", () => {
    const legacy = decoded(
      ReportUpdate,
      { geom: "POINT(1 2)", form_fields: [{ key: "f_1_1_1", value: "x" }] },
      "report",
    )
    const spec = decoded(ReportUpdate, { location: { latitude: 2, longitude: 1 }, f_1_1_1: "x" }, "report")
    expect(legacy).toEqual(spec)
    expect(spec).toEqual({ location: { latitude: 2, longitude: 1 }, answers: { f_1_1_1: "x" } })
  })

  it.each([
    [
      "a state id that is not an id",
      { report_state_id: "3" },
      { "report.report_state_id": ["must be a number"] },
    ],
    [
      "geom and location together",
      { geom: "POINT(1 2)", location: where },
      {
        "report.geom": ["must not be given together with location"],
      },
    ],
    [
      "a latitude out of range",
      { location: { latitude: 100, longitude: 0 } },
      {
        "report.location.latitude": ["must be between -90 and 90"],
      },
    ],
    [
      "an assignee that is not an id",
      { assignee_id: "22" },
      { "report.assignee_id": ["must be a user id or null"] },
    ],
    [
      "a due time that is not a timestamp",
      { assignment_due_at: "tomorrow" },
      { "report.assignment_due_at": ["must be an ISO 8601 timestamp with a time zone offset or Z"] },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportUpdate, body, "report")).toEqual(expected)
  })
})

describe("ReportUpsert", () => {
  it("keeps the key, the names and the state, and reads a null category as none", () => {
    expect(
      decoded(
        ReportUpsert,
        {
          account_id: 1,
          source_id: "gauge-7",
          category_id: null,
          category_names: ["Water"],
          report_state_id: 2,
        },
        "report",
      ),
    ).toEqual({
      account_id: 1,
      source_id: "gauge-7",
      category_names: ["Water"],
      report_state_id: 2,
      answers: {},
    })
  })

  it("keeps a given category", () => {
    expect(decoded(ReportUpsert, { account_id: 1, source_id: "s", category_id: 4 }, "report")).toEqual({
      account_id: 1,
      source_id: "s",
      category_id: 4,
      answers: {},
    })
  })

  it.each([[[]], [["a"]], [["a", "b"]], [["a", "b", "c"]]])("accepts category_names %j", (names) => {
    expect(
      errors(ReportUpsert, { account_id: 1, source_id: "s", category_names: names }, "report"),
    ).toBeUndefined()
  })

  it("reads both forms the same", () => {
    const legacy = decoded(
      ReportUpsert,
      { account_id: 1, source_id: "s", geom: "POINT(1 2)", form_fields: [{ key: "f_1_1_1", value: 3 }] },
      "report",
    )
    expect(legacy).toEqual(
      decoded(
        ReportUpsert,
        { account_id: 1, source_id: "s", location: { latitude: 2, longitude: 1 }, f_1_1_1: 3 },
        "report",
      ),
    )
  })

  it.each([
    ["no source id", { account_id: 1 }, { "report.source_id": ["is required"] }],
    ["no account", { source_id: "s" }, { "report.account_id": ["is required"] }],
    [
      "four category names",
      { account_id: 1, source_id: "s", category_names: ["a", "b", "c", "d"] },
      {
        "report.category_names": ["must hold at most 3 names"],
      },
    ],
    [
      "a blank category name",
      { account_id: 1, source_id: "s", category_names: ["a", ""] },
      {
        "report.category_names.1": ["must not be blank"],
      },
    ],
    [
      "category names that are not a list",
      { account_id: 1, source_id: "s", category_names: "a" },
      {
        "report.category_names": ["must be an array"],
      },
    ],
  ])("refuses %s", (_, body, expected) => {
    expect(errors(ReportUpsert, body, "report")).toEqual(expected)
  })

  it("needs a location or address only to create, as requireLocation tells", () => {
    const existing = decoded(ReportUpsert, { account_id: 1, source_id: "s" }, "report")
    expect(Result.isFailure(requireLocation(existing))).toBe(true)
    const blank = requireLocation({ address: " " })
    expect(Result.isFailure(blank) && blank.failure.errors).toEqual({
      "report.location": ["is required when there is no address"],
    })
    expect(requireLocation({ address: "1 Lambton Quay" })).toEqual(
      Result.succeed({ address: "1 Lambton Quay" }),
    )
    expect(requireLocation({ location: where })).toEqual(Result.succeed({ location: where }))
  })
})

describe("Report", () => {
  const record = {
    id: 49,
    account_id: 1,
    address: "New York, NY, USA",
    category_id: 2,
    is_anonymous: false,
    iso_created_at: "2016-10-10T16:13:27.142+13:00",
    location: { latitude: -36.8667, longitude: 174.7667 },
    report_state_id: 2,
    title: "Effluent runoff",
    user_id: 2,
    shape_id: null,
  }

  it("reads the default fields and writes timestamps in UTC with milliseconds", () => {
    const report = decoded(Report, record)
    expect(DateTime.formatIso(report.iso_created_at)).toBe("2016-10-10T03:13:27.142Z")
    expect(Schema.encodeSync(Report)(report)).toEqual({
      ...record,
      iso_created_at: "2016-10-10T03:13:27.142Z",
    })
  })

  it("reads the optional fields", () => {
    const full = {
      ...record,
      account_logo: "missing/logos/original.png",
      account_name: "Cleaner streams",
      form_fields: [],
      note_comment_ids: [1, 2],
      report_comment_ids: [2, 3],
      is_manageable_by: true,
      map_url: "https://maps.example.com/49.png",
      note_comments: [{ id: 1, comment: "Called", created_at: "2024-01-01T00:00:00Z", user_id: 2 }],
      report_comments: [
        {
          id: 3,
          uuid: "9c21c96e-4ce5-59e6-95d5-eb475fd03441",
          content: "Thanks",
          created_at: "2024-01-01T00:00:00Z",
          is_anonymous: true,
          report_id: 49,
        },
      ],
      report_state_name: "New",
      user_image: null,
      user_short_name: "Ana L.",
      assignee_id: null,
      assignment_due_at: "2024-02-01T00:00:00+13:00",
      users_opened: [{ id: 4, first_name: "Ana", last_name: "Lee", opened_at: "2024-01-02T00:00:00Z" }],
      uuid: "15eb79c0-def4-4b69-bfa3-35fcc5c301b9",
      updated_at: "2024-01-03T00:00:00Z",
      appearance: "attention",
      cache_key: "49-1704240000000",
      categories_title: "Potholes, Roads",
      comment_count: 1,
      viewer_count: 1,
      report_state: {
        id: 2,
        channel_id: 1,
        name: "New",
        position: 1,
        initial: true,
        appearance: "attention",
        next_state_ids: null,
      },
      assignee: { id: 4, first_name: "Ana", last_name: "Lee" },
      hidden_fields: ["f_1_4_2"],
    }
    expect(errors(Report, full)).toBeUndefined()
    expect(errors(Report, { ...full, assignee: null, hidden_fields: [] })).toBeUndefined()
  })

  it.each([
    [
      "an anonymous report without its reporter",
      { ...record, is_anonymous: true, user_id: undefined },
      undefined,
    ],
    ["a report filed with an address only", { ...record, location: null }, undefined],
    [
      "an unknown appearance",
      { ...record, appearance: "quiet" },
      {
        appearance: ["must be one of invisible, normal, attention, loud"],
      },
    ],
    ["a missing title", { ...record, title: undefined }, { title: ["is required"] }],
  ])("reads %s", (_, value, expected) => {
    expect(errors(Report, JSON.parse(JSON.stringify(value)))).toEqual(expected)
  })
})
