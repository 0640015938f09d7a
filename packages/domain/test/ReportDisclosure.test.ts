import { describe, expect, it } from "@effect/vitest"
import fc from "fast-check"
import type { FormField } from "../src/FormField.ts"
import {
  cacheKey,
  namedReaders,
  seesNote,
  seesPrivateAnswers,
  shortName,
  shownAnswer,
} from "../src/ReportDisclosure.ts"
import { type ChannelRole, channelRoles, type TeamRole, teamRoles } from "../src/Roles.ts"

const roles = (channelRole: ChannelRole | undefined, teamRole: TeamRole = "team_member") => ({
  channelRole,
  teamRole,
})
const field = (
  field_type: FormField["field_type"],
  field_visibility: FormField["field_visibility"] = "public",
): Pick<FormField, "key" | "field_type" | "field_visibility"> => ({
  key: "f_1_4_2",
  field_type,
  field_visibility,
})
const report = { category_id: 12, answers: { f_1_4_2: "Deep" } }

describe("ReportDisclosure.cacheKey", () => {
  it("is the id and the version", () => {
    expect(cacheKey({ id: 49, version: 3 })).toBe("49-3")
  })

  it("differs for every other version", () => {
    fc.assert(
      fc.property(
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (id, a, b) => a === b || cacheKey({ id, version: a }) !== cacheKey({ id, version: b }),
      ),
    )
  })
})

describe("ReportDisclosure.shortName", () => {
  it("is the first name and the last name's initial", () => {
    expect(shortName("Ana", "Lee")).toBe("Ana L.")
    expect(shortName("Ana", "  lee")).toBe("Ana l.")
    expect(shortName("Ana", " ")).toBe("Ana")
  })
})

describe("ReportDisclosure.seesPrivateAnswers", () => {
  it("is for the channel's staff and the report's reporter", () => {
    expect(seesPrivateAnswers(roles("operator"), 8, { user_id: 7 })).toBe(true)
    expect(seesPrivateAnswers(roles("admin"), 8, { user_id: 7 })).toBe(true)
    expect(seesPrivateAnswers(roles("reporter"), 7, { user_id: 7 })).toBe(true)
    expect(seesPrivateAnswers(roles("reporter"), 8, { user_id: 7 })).toBe(false)
    expect(seesPrivateAnswers(roles(undefined, "owner"), 8, { user_id: 7 })).toBe(false)
    expect(seesPrivateAnswers(undefined, 7, { user_id: 7 })).toBe(true)
  })
})

describe("ReportDisclosure.seesNote", () => {
  it("shows public notes to every reader and the others to the staff", () => {
    for (const team of teamRoles) {
      for (const role of [...channelRoles, undefined]) {
        expect(seesNote({ public: true }, roles(role, team))).toBe(true)
        expect(seesNote({ public: false }, roles(role, team))).toBe(role === "operator" || role === "admin")
      }
    }
    expect(seesNote({ public: false }, undefined)).toBe(false)
  })
})

describe("ReportDisclosure.shownAnswer", () => {
  it("answers the Category field with the report's category", () => {
    expect(shownAnswer(field("Category"), report, false)).toBe(12)
  })

  it("shows no answer for FreeText, for a field not answered, or a private field to others", () => {
    expect(shownAnswer(field("FreeText"), report, true)).toBeUndefined()
    expect(shownAnswer(field("ShortTextBox", "private"), report, false)).toBeUndefined()
    expect(shownAnswer(field("ShortTextBox"), { category_id: 12, answers: {} }, true)).toBeUndefined()
  })

  it("shows the stored answer otherwise", () => {
    expect(shownAnswer(field("ShortTextBox"), report, false)).toBe("Deep")
    expect(shownAnswer(field("ShortTextBox", "private"), report, true)).toBe("Deep")
  })
})

describe("ReportDisclosure.namedReaders", () => {
  const readers = [{ id: 7 }, { id: 8 }]

  it("leaves out an anonymous reporter who opened their own report", () => {
    expect(namedReaders({ user_id: 7, anonymous: true }, readers)).toEqual([{ id: 8 }])
    expect(namedReaders({ user_id: 7, anonymous: false }, readers)).toEqual(readers)
  })
})
