import { randomBytes } from "node:crypto"
import { Effect } from "effect"
import sharp from "sharp"
import { describe, expect, it } from "vitest"
import { contentTypes, fromBytes, isImage, sniff } from "../../src/attachments/ContentSniffer.ts"
import { compoundFile } from "../support/CompoundFile.ts"
import { zip } from "../support/Zip.ts"

const sniffBytes = (bytes: Uint8Array, filename = "upload") =>
  Effect.runPromise(sniff(fromBytes(bytes), filename))

const image = (format: "png" | "jpeg" | "gif") =>
  sharp({ create: { width: 8, height: 6, channels: 3, background: "#2a6f97" } })
    .toFormat(format)
    .toBuffer()

const officeOpenXml = (folder: string, part: string, extra: ReadonlyArray<string> = []) =>
  zip([
    { name: "[Content_Types].xml", data: "<Types/>", deflate: true },
    { name: "_rels/.rels", data: "<Relationships/>", deflate: true },
    { name: `${folder}/${part}`, data: "<root/>", deflate: true },
    ...extra.map((name) => ({ name, data: "x" })),
  ])

const openDocument = (mimetype: string) =>
  zip([
    { name: "mimetype", data: mimetype },
    { name: "META-INF/manifest.xml", data: "<manifest/>", deflate: true },
    { name: "content.xml", data: "<office:document-content/>", deflate: true },
  ])

const iWork = (names: ReadonlyArray<string>) =>
  zip(names.map((name) => ({ name, data: "iwa", deflate: true })))

describe("sniff: magic numbers", () => {
  it.each(["png", "jpeg", "gif"] as const)(
    "recognises a %s made by sharp, whatever its name",
    async (format) => {
      const type = await sniffBytes(await image(format), "report.pdf")
      expect(type).toBe(`image/${format}`)
      expect(isImage(type ?? "")).toBe(true)
    },
  )

  it("recognises a minimal PDF and RTF", async () => {
    const pdf = Buffer.from(
      "%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n",
    )
    expect(await sniffBytes(pdf, "scan.png")).toBe("application/pdf")
    expect(isImage("application/pdf")).toBe(false)
    expect(await sniffBytes(Buffer.from("{\\rtf1\\ansi Culvert blocked}"), "note.txt")).toBe(
      "application/rtf",
    )
  })
})

describe("sniff: zip-based documents by their entry names", () => {
  it("tells Word, Excel and PowerPoint apart, and their macro-enabled variants", async () => {
    expect(await sniffBytes(officeOpenXml("word", "document.xml"))).toBe(contentTypes.docx)
    expect(await sniffBytes(officeOpenXml("xl", "workbook.xml"))).toBe(contentTypes.xlsx)
    expect(await sniffBytes(officeOpenXml("ppt", "presentation.xml"))).toBe(contentTypes.pptx)
    expect(await sniffBytes(officeOpenXml("word", "document.xml", ["word/vbaProject.bin"]))).toBe(
      contentTypes.docm,
    )
    expect(await sniffBytes(officeOpenXml("xl", "workbook.xml", ["xl/vbaProject.bin"]))).toBe(
      contentTypes.xlsm,
    )
  })

  it("reads the declared type of OpenDocument files from their stored mimetype entry", async () => {
    expect(await sniffBytes(openDocument(contentTypes.odt))).toBe(contentTypes.odt)
    expect(await sniffBytes(openDocument(contentTypes.ods))).toBe(contentTypes.ods)
    expect(await sniffBytes(openDocument(contentTypes.odp))).toBe(contentTypes.odp)
    expect(await sniffBytes(openDocument("application/vnd.oasis.opendocument.graphics"))).toBeUndefined()
  })

  it("tells Keynote by its slides, Pages and Numbers by name or by their tables", async () => {
    const keynote = iWork([
      "Index/Document.iwa",
      "Index/MasterSlide-12.iwa",
      "Index/Slide-3.iwa",
      "Metadata/Properties.plist",
    ])
    expect(await sniffBytes(keynote, "deck.pages")).toBe(contentTypes.keynote)
    const numbers = iWork(["Index/Document.iwa", "Index/CalculationEngine.iwa", "Index/Tables/DataList.iwa"])
    expect(await sniffBytes(numbers, "budget.numbers")).toBe(contentTypes.numbers)
    expect(await sniffBytes(numbers, "budget.zip")).toBe(contentTypes.numbers)
    const pages = iWork(["Index/Document.iwa", "Index/DocumentStylesheet.iwa", "Metadata/DocumentIdentifier"])
    expect(await sniffBytes(pages, "letter.pages")).toBe(contentTypes.pages)
    expect(await sniffBytes(pages, "letter")).toBe(contentTypes.pages)
    expect(await sniffBytes(iWork(["index.apxl.gz", "QuickLook/Thumbnail.jpg"]))).toBe(contentTypes.keynote)
  })

  it("finds the central directory behind an archive comment and through a Zip64 end record", async () => {
    const commented = zip(
      [
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "word/document.xml", data: "<w/>" },
      ],
      { comment: "made by a test".repeat(100) },
    )
    expect(await sniffBytes(commented)).toBe(contentTypes.docx)
    const zip64 = zip(
      [
        { name: "[Content_Types].xml", data: "<Types/>" },
        { name: "xl/workbook.xml", data: "<x/>" },
      ],
      {
        zip64: true,
      },
    )
    expect(await sniffBytes(zip64)).toBe(contentTypes.xlsx)
  })

  it("refuses other archives, and an archive whose directory is cut off", async () => {
    const plain = zip([{ name: "photos/one.txt", data: "one" }])
    expect(await sniffBytes(plain, "photos.docx")).toBeUndefined()
    const docx = officeOpenXml("word", "document.xml")
    expect(await sniffBytes(docx.subarray(0, docx.length - 30))).toBeUndefined()
  })
})

describe("sniff: legacy compound documents by their top-level streams", () => {
  it("tells Word, Excel and PowerPoint 97-2003 apart", async () => {
    expect(await sniffBytes(compoundFile([{ name: "1Table" }, { name: "WordDocument" }]))).toBe(
      contentTypes.doc,
    )
    expect(await sniffBytes(compoundFile([{ name: "Workbook" }]))).toBe(contentTypes.xls)
    expect(await sniffBytes(compoundFile([{ name: "Book" }]))).toBe(contentTypes.xls)
    expect(await sniffBytes(compoundFile([{ name: "Current User" }, { name: "PowerPoint Document" }]))).toBe(
      contentTypes.ppt,
    )
  })

  it("looks past embedded documents and follows a directory over several sectors", async () => {
    const fillers = Array.from({ length: 12 }, (_, index) => ({ name: `Filler${index}` }))
    const presentation = compoundFile([
      ...fillers,
      { name: "ObjectPool", children: [{ name: "_1234", children: [{ name: "WordDocument" }] }] },
      { name: "PowerPoint Document" },
    ])
    expect(await sniffBytes(presentation)).toBe(contentTypes.ppt)
    const embeddedOnly = compoundFile([{ name: "ObjectPool", children: [{ name: "Workbook" }] }])
    expect(await sniffBytes(embeddedOnly)).toBeUndefined()
  })
})

describe("sniff: text", () => {
  it("takes valid UTF-8 without NULs as plain text, and as CSV when named .csv", async () => {
    const text = Buffer.from("Slip on Ōhāriu Road, lane closed\n")
    expect(await sniffBytes(text, "note.txt")).toBe("text/plain")
    expect(await sniffBytes(Buffer.from("id,road\n1,Ōhāriu\n"), "ROADS.CSV")).toBe("text/csv")
    expect(await sniffBytes(Buffer.from("id,road\n1,Ōhāriu\n"), "roads.txt")).toBe("text/plain")
  })

  it("reads long text in chunks, a character split between chunks included", async () => {
    const long = Buffer.from(`${"a".repeat(64 * 1024 - 1)}ā${"b".repeat(1000)}`)
    expect(await sniffBytes(long, "long.txt")).toBe("text/plain")
  })

  it("refuses NULs, invalid UTF-8, a sequence cut at the end and an empty file", async () => {
    expect(await sniffBytes(Buffer.from("abc\0def"))).toBeUndefined()
    expect(await sniffBytes(Buffer.from([0x61, 0xff, 0x62]))).toBeUndefined()
    expect(await sniffBytes(Buffer.from("abc ā").subarray(0, 5))).toBeUndefined()
    expect(await sniffBytes(new Uint8Array(0))).toBeUndefined()
  })
})

describe("sniff: unknown bytes", () => {
  it("answers undefined for random bytes", async () => {
    const bytes = randomBytes(4096)
    // A leading NUL keeps the bytes from ever passing for text or a known signature.
    bytes[0] = 0
    expect(await sniffBytes(bytes, "photo.png")).toBeUndefined()
  })
})
