import { describe, expect, it } from "@effect/vitest"
import { Result } from "effect"
import fc from "fast-check"
import * as AttachmentLinks from "../src/AttachmentLinks.ts"
import type { FieldType, FormField } from "../src/FormField.ts"
import { InvalidInput } from "../src/Invalid.ts"

const field = (id: number, field_type: FieldType): FormField => ({
  id,
  label: field_type,
  key: `f_1_${id}_${id}`,
  field_type,
  form_order: id,
  data: "",
  mandatory: null,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

const what = field(1, "ShortTextBox")
const photos = field(2, "Image")
const files = field(3, "FileUpload")
/** A field taken out of the form; reports keep its answers. */
const oldPhotos = field(9, "Image")
const form = [what, photos, files]

const link = (attachment_id: number, field_key: string): AttachmentLinks.AttachmentLink => ({
  attachment_id,
  field_key,
})

describe("AttachmentLinks.ofAnswers", () => {
  it("links each attachment an answer names to its field, in form order", () => {
    expect(
      AttachmentLinks.ofAnswers(form, { [files.key]: [20], [what.key]: "Oil", [photos.key]: [15, 16] }),
    ).toEqual([link(15, photos.key), link(16, photos.key), link(20, files.key)])
  })
})

describe("AttachmentLinks.relink", () => {
  it("claims what the answers name now, releases what they stopped naming, keeps the rest", () => {
    const relinking = AttachmentLinks.relink(form, { [photos.key]: [15, 17] }, [
      link(15, photos.key),
      link(16, photos.key),
    ])
    expect(relinking.links).toEqual([link(15, photos.key), link(17, photos.key)])
    expect(relinking.claimed).toEqual([17])
    expect(relinking.released).toEqual([16])
  })

  it("keeps the links of fields taken out of the form, after the answers' own", () => {
    const relinking = AttachmentLinks.relink(form, { [photos.key]: [15] }, [link(9, oldPhotos.key)])
    expect(relinking.retired).toEqual([link(9, oldPhotos.key)])
    expect(relinking.links).toEqual([link(15, photos.key), link(9, oldPhotos.key)])
    expect(relinking.claimed).toEqual([15])
    expect(relinking.released).toEqual([])
  })

  // Links before the write: a few attachments in the form's fields or a retired one.
  const before = fc.uniqueArray(
    fc.record({
      attachment_id: fc.integer({ min: 1, max: 12 }),
      field_key: fc.constantFrom(photos.key, files.key, oldPhotos.key),
    }),
    { selector: (each) => each.attachment_id, maxLength: 6 },
  )
  // Answers naming a few attachments in the Photos field, or not answering it.
  const answers = fc
    .uniqueArray(fc.integer({ min: 1, max: 12 }), { maxLength: 4 })
    .map((named) => (named.length === 0 ? {} : { [photos.key]: named }))
  const ids = (links: ReadonlyArray<AttachmentLinks.AttachmentLink>) =>
    new Set(links.map((l) => l.attachment_id))

  it("claims exactly the attachments linked now and not before, and releases exactly those linked before and no longer", () => {
    fc.assert(
      fc.property(before, answers, (earlier, written) => {
        const relinking = AttachmentLinks.relink(form, written, earlier)
        const now = ids(relinking.links)
        const then = ids(earlier)
        expect(relinking.links).toEqual([...relinking.current, ...relinking.retired])
        expect(new Set(relinking.claimed)).toEqual(new Set([...now].filter((id) => !then.has(id))))
        expect(new Set(relinking.released)).toEqual(new Set([...then].filter((id) => !now.has(id))))
        expect(relinking.retired.every((each) => each.field_key === oldPhotos.key)).toBe(true)
      }),
    )
  })
})

describe("AttachmentLinks.check", () => {
  it("passes a relinking whose attachments all exist and are in one field", () => {
    const relinking = AttachmentLinks.relink(form, { [photos.key]: [15] }, [link(9, oldPhotos.key)])
    expect(AttachmentLinks.check(relinking, [])).toEqual(Result.void)
  })

  it("refuses an answer naming an attachment a retired field holds, and one that does not exist", () => {
    const relinking = AttachmentLinks.relink(form, { [photos.key]: [9, 30], [files.key]: [31] }, [
      link(9, oldPhotos.key),
    ])
    expect(AttachmentLinks.check(relinking, [30, 31])).toEqual(
      Result.fail(
        new InvalidInput({
          errors: {
            [`report.${photos.key}`]: [
              `attachment 9 is already in ${oldPhotos.key}`,
              "attachment 30 does not exist",
            ],
            [`report.${files.key}`]: ["attachment 31 does not exist"],
          },
        }),
      ),
    )
  })
})
