/**
 * What an uploaded file is, told from its bytes (docs/api.md, Attachments and files), never from
 * the name a client gave it: magic numbers for images, PDF, RTF and the legacy OLE office formats
 * (whose directory names the application); the entry names of a zip's central directory for the
 * zip-based office formats (Office Open XML, OpenDocument, iWork); valid UTF-8 without NULs for
 * plain text.
 *
 * The name decides only what the bytes cannot: UTF-8 text named `.csv` is CSV, and an iWork
 * archive named `.numbers` or `.pages` is that application's, because Numbers and Pages archives
 * hold the same entry names.
 *
 * The file is read through a {@link ByteSource}, a few ranges at a time, so a large upload is never
 * held in memory: the head, the zip's end and central directory, or the OLE directory sectors;
 * only text is read whole, in chunks.
 */
import { TextDecoder } from "node:util"
import { Effect } from "effect"

/** Every content type the sniffer recognises. */
export const contentTypes = {
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
  pdf: "application/pdf",
  rtf: "application/rtf",
  text: "text/plain",
  csv: "text/csv",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  docm: "application/vnd.ms-word.document.macroEnabled.12",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  xlsm: "application/vnd.ms-excel.sheet.macroEnabled.12",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  pptm: "application/vnd.ms-powerpoint.presentation.macroEnabled.12",
  odt: "application/vnd.oasis.opendocument.text",
  ods: "application/vnd.oasis.opendocument.spreadsheet",
  odp: "application/vnd.oasis.opendocument.presentation",
  doc: "application/msword",
  xls: "application/vnd.ms-excel",
  ppt: "application/vnd.ms-powerpoint",
  pages: "application/vnd.apple.pages",
  numbers: "application/vnd.apple.numbers",
  keynote: "application/vnd.apple.keynote",
} as const

/** A content type the sniffer recognises. */
export type ContentType = (typeof contentTypes)[keyof typeof contentTypes]

const imageContentTypes: ReadonlySet<string> = new Set([
  contentTypes.png,
  contentTypes.jpeg,
  contentTypes.gif,
])

/**
 * Whether a content type is one of the images that get renditions (png, jpeg, gif).
 *
 * @example
 * ```ts
 * isImage("image/png") // true
 * isImage("application/pdf") // false
 * ```
 */
export const isImage = (contentType: string): boolean => imageContentTypes.has(contentType)

/**
 * Random access to the bytes of a file of known size. `read` answers fewer bytes than asked only
 * at the end of the file.
 */
export interface ByteSource<E = never> {
  readonly size: number
  readonly read: (offset: number, length: number) => Effect.Effect<Uint8Array, E>
}

/**
 * A byte source over bytes in memory.
 *
 * @example
 * ```ts
 * const type = yield* sniff(fromBytes(new TextEncoder().encode("hello")), "note.txt") // "text/plain"
 * ```
 */
export const fromBytes = (bytes: Uint8Array): ByteSource => ({
  size: bytes.length,
  read: (offset, length) => Effect.succeed(bytes.subarray(offset, offset + length)),
})

/**
 * The content type of a file, or `undefined` when it is none the service accepts (and for an
 * empty file, which has no type).
 *
 * @example
 * ```ts
 * const type = yield* sniff(fromBytes(pngBytes), "whatever.txt") // "image/png"
 * ```
 */
export const sniff = <E>(
  source: ByteSource<E>,
  filename: string,
): Effect.Effect<ContentType | undefined, E> =>
  Effect.gen(function* () {
    if (source.size === 0) return undefined
    const head = yield* readAt(source, 0, headLength)
    if (startsWith(head, pngSignature)) return contentTypes.png
    if (startsWith(head, jpegSignature)) return contentTypes.jpeg
    if (startsWith(head, gif87aSignature) || startsWith(head, gif89aSignature)) return contentTypes.gif
    if (startsWith(head, pdfSignature)) return contentTypes.pdf
    if (startsWith(head, rtfSignature)) return contentTypes.rtf
    if (startsWith(head, zipLocalHeaderSignature)) return yield* sniffZip(source, filename)
    if (startsWith(head, oleSignature)) return yield* sniffOle(source, head)
    if (yield* isUtf8Text(source)) return /\.csv$/i.test(filename) ? contentTypes.csv : contentTypes.text
    return undefined
  })

const ascii = (text: string): ReadonlyArray<number> => Array.from(text, (char) => char.charCodeAt(0))

const headLength = 4096
const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
const jpegSignature = [0xff, 0xd8, 0xff]
const gif87aSignature = ascii("GIF87a")
const gif89aSignature = ascii("GIF89a")
const pdfSignature = ascii("%PDF-")
const rtfSignature = ascii("{\\rtf")
const zipLocalHeaderSignature = [0x50, 0x4b, 0x03, 0x04]
const oleSignature = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]

const startsWith = (bytes: Uint8Array, signature: ReadonlyArray<number>, offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte)

/** Reads `length` bytes at `offset`, clipped to the file. */
const readAt = <E>(source: ByteSource<E>, offset: number, length: number): Effect.Effect<Uint8Array, E> =>
  offset < 0 || offset >= source.size
    ? Effect.succeed(new Uint8Array(0))
    : source.read(offset, Math.min(length, source.size - offset))

const view = (bytes: Uint8Array): DataView => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)

// ---------------------------------------------------------------------------------------------
// Plain text

const textChunkLength = 64 * 1024

/** Feeds one chunk to a fatal decoder; `false` when the bytes are not UTF-8. */
const decodes = (decoder: TextDecoder, bytes: Uint8Array | undefined): boolean => {
  try {
    decoder.decode(bytes, { stream: bytes !== undefined })
    return true
  } catch {
    return false
  }
}

const isUtf8Text = <E>(source: ByteSource<E>): Effect.Effect<boolean, E> =>
  Effect.gen(function* () {
    const decoder = new TextDecoder("utf-8", { fatal: true })
    for (let offset = 0; offset < source.size; offset += textChunkLength) {
      const chunk = yield* readAt(source, offset, textChunkLength)
      if (chunk.includes(0) || !decodes(decoder, chunk)) return false
    }
    // The end of input: a multi-byte sequence cut short is not text either.
    return decodes(decoder, undefined)
  })

// ---------------------------------------------------------------------------------------------
// Zip archives: Office Open XML, OpenDocument, iWork

interface ZipEntry {
  readonly name: string
  readonly method: number
  readonly compressedSize: number
  readonly localHeaderOffset: number
}

const endOfCentralDirectoryLength = 22
const maxZipCommentLength = 0xffff
/** Far beyond any office document's directory, small enough to read at once. */
const maxCentralDirectoryLength = 8 * 1024 * 1024
const utf8 = new TextDecoder("utf-8")

/** The entries of a zip's central directory, or `undefined` when it cannot be found or read. */
const zipEntries = <E>(source: ByteSource<E>): Effect.Effect<ReadonlyArray<ZipEntry> | undefined, E> =>
  Effect.gen(function* () {
    const tailLength = Math.min(source.size, endOfCentralDirectoryLength + maxZipCommentLength)
    const tailStart = source.size - tailLength
    const tail = yield* readAt(source, tailStart, tailLength)
    let end = -1
    for (let at = tail.length - endOfCentralDirectoryLength; at >= 0; at--) {
      if (startsWith(tail, [0x50, 0x4b, 0x05, 0x06], at)) {
        end = at
        break
      }
    }
    if (end < 0) return undefined
    const record = view(tail)
    let entryCount = record.getUint16(end + 10, true)
    let directoryLength = record.getUint32(end + 12, true)
    let directoryOffset = record.getUint32(end + 16, true)
    if (entryCount === 0xffff || directoryLength === 0xffffffff || directoryOffset === 0xffffffff) {
      // Zip64: the real values live in a record the locator just before this one points to.
      const locator = end - 20
      if (locator < 0 || !startsWith(tail, [0x50, 0x4b, 0x06, 0x07], locator)) return undefined
      const zip64Offset = Number(record.getBigUint64(locator + 8, true))
      const zip64 = yield* readAt(source, zip64Offset, 56)
      if (!startsWith(zip64, [0x50, 0x4b, 0x06, 0x06])) return undefined
      const zip64Record = view(zip64)
      entryCount = Number(zip64Record.getBigUint64(32, true))
      directoryLength = Number(zip64Record.getBigUint64(40, true))
      directoryOffset = Number(zip64Record.getBigUint64(48, true))
    }
    if (directoryLength > maxCentralDirectoryLength || directoryOffset + directoryLength > source.size) {
      return undefined
    }
    const directory = yield* readAt(source, directoryOffset, directoryLength)
    const fields = view(directory)
    const entries: Array<ZipEntry> = []
    let at = 0
    while (entries.length < entryCount && at + 46 <= directory.length) {
      if (!startsWith(directory, [0x50, 0x4b, 0x01, 0x02], at)) break
      const nameLength = fields.getUint16(at + 28, true)
      const extraLength = fields.getUint16(at + 30, true)
      const commentLength = fields.getUint16(at + 32, true)
      entries.push({
        name: utf8.decode(directory.subarray(at + 46, at + 46 + nameLength)),
        method: fields.getUint16(at + 10, true),
        compressedSize: fields.getUint32(at + 20, true),
        localHeaderOffset: fields.getUint32(at + 42, true),
      })
      at += 46 + nameLength + extraLength + commentLength
    }
    return entries
  })

const openDocumentTypes: Readonly<Record<string, ContentType>> = {
  [contentTypes.odt]: contentTypes.odt,
  [contentTypes.ods]: contentTypes.ods,
  [contentTypes.odp]: contentTypes.odp,
}

/**
 * The declared type of an OpenDocument archive: its `mimetype` entry, which the format requires to
 * be stored uncompressed. Its entry names alone do not tell a text from a spreadsheet.
 */
const openDocumentType = <E>(
  source: ByteSource<E>,
  entry: ZipEntry,
): Effect.Effect<ContentType | undefined, E> =>
  Effect.gen(function* () {
    if (entry.method !== 0 || entry.compressedSize > 128) return undefined
    const header = yield* readAt(source, entry.localHeaderOffset, 30)
    if (!startsWith(header, zipLocalHeaderSignature)) return undefined
    const fields = view(header)
    const dataOffset = entry.localHeaderOffset + 30 + fields.getUint16(26, true) + fields.getUint16(28, true)
    const declared = new TextDecoder("latin1").decode(yield* readAt(source, dataOffset, entry.compressedSize))
    return openDocumentTypes[declared.trim()]
  })

const officeOpenXmlType = (names: ReadonlyArray<string>): ContentType | undefined => {
  const has = (name: string) => names.includes(name)
  const under = (folder: string) => names.some((name) => name.startsWith(folder))
  // A VBA project makes the macro-enabled variant, which the rules may treat differently.
  if (under("word/")) return has("word/vbaProject.bin") ? contentTypes.docm : contentTypes.docx
  if (under("xl/")) return has("xl/vbaProject.bin") ? contentTypes.xlsm : contentTypes.xlsx
  if (under("ppt/")) return has("ppt/vbaProject.bin") ? contentTypes.pptm : contentTypes.pptx
  return undefined
}

/**
 * iWork '13 and later keep `Index/Document.iwa` (a single-file document) or `Index.zip` beside
 * `Metadata/` (a zipped package); iWork '09 keeps `index.apxl` (Keynote) or `index.xml` (Pages,
 * Numbers). Only Keynote has names of its own, its slide archives.
 */
const iWorkType = (names: ReadonlyArray<string>, filename: string): ContentType | undefined => {
  const has = (name: string) => names.includes(name)
  const current =
    has("Index/Document.iwa") || (has("Index.zip") && names.some((name) => name.startsWith("Metadata/")))
  const legacyKeynote = has("index.apxl") || has("index.apxl.gz")
  const legacy = has("index.xml") || has("index.xml.gz")
  if (!current && !legacyKeynote && !legacy) return undefined
  if (legacyKeynote || names.some((name) => /^Index\/(Master|Template)?Slide/.test(name))) {
    return contentTypes.keynote
  }
  if (/\.numbers$/i.test(filename)) return contentTypes.numbers
  if (/\.pages$/i.test(filename)) return contentTypes.pages
  // Unnamed: a Numbers document is made of tables, so their archives are the better guess.
  return names.some((name) => name.startsWith("Index/Tables/")) ? contentTypes.numbers : contentTypes.pages
}

const sniffZip = <E>(source: ByteSource<E>, filename: string): Effect.Effect<ContentType | undefined, E> =>
  Effect.gen(function* () {
    const entries = yield* zipEntries(source)
    if (entries === undefined) return undefined
    const names = entries.map((entry) => entry.name)
    if (names.includes("[Content_Types].xml")) return officeOpenXmlType(names)
    const mimetype = entries.find((entry) => entry.name === "mimetype")
    if (mimetype !== undefined) return yield* openDocumentType(source, mimetype)
    return iWorkType(names, filename)
  })

// ---------------------------------------------------------------------------------------------
// OLE compound files: Word 97-2003, Excel 97-2003, PowerPoint 97-2003

const endOfChain = 0xfffffffa
const noStream = 0xffffffff
const directoryEntryLength = 128
/** Bounds the directory walk: no office document has this many entries. */
const maxDirectorySectors = 4096

const oleApplications: ReadonlyArray<readonly [string, ContentType]> = [
  ["WordDocument", contentTypes.doc],
  ["Workbook", contentTypes.xls],
  ["Book", contentTypes.xls],
  ["PowerPoint Document", contentTypes.ppt],
]

interface DirectoryEntry {
  readonly name: string
  readonly left: number
  readonly right: number
  readonly child: number
}

/**
 * The application of a compound file, from the streams at the top of its directory: `WordDocument`,
 * `Workbook` (or Excel 5's `Book`), `PowerPoint Document`. Only the top level counts, because a
 * document embeds others (a Word file with a spreadsheet in it holds a `Workbook` one level down).
 */
const sniffOle = <E>(source: ByteSource<E>, header: Uint8Array): Effect.Effect<ContentType | undefined, E> =>
  Effect.gen(function* () {
    if (header.length < 512) return undefined
    const fields = view(header)
    const sectorShift = fields.getUint16(0x1e, true)
    if (sectorShift !== 9 && sectorShift !== 12) return undefined
    const sectorLength = 1 << sectorShift
    const perSector = sectorLength / 4
    const sectorOffset = (sector: number) => (sector + 1) * sectorLength
    const firstDifatSector = fields.getUint32(0x44, true)

    // Where the n-th sector of the allocation table lives: the first 109 are listed in the header,
    // the rest in a chain of DIFAT sectors, each ending with the number of the next.
    const fatSector = (index: number): Effect.Effect<number | undefined, E> =>
      Effect.gen(function* () {
        if (index < 109) return fields.getUint32(0x4c + index * 4, true)
        let remaining = index - 109
        let sector = firstDifatSector
        for (let hops = 0; hops < maxDirectorySectors && sector < endOfChain; hops++) {
          const difat = yield* readAt(source, sectorOffset(sector), sectorLength)
          if (difat.length < sectorLength) return undefined
          if (remaining < perSector - 1) return view(difat).getUint32(remaining * 4, true)
          remaining -= perSector - 1
          sector = view(difat).getUint32(sectorLength - 4, true)
        }
        return undefined
      })
    const nextSector = (sector: number): Effect.Effect<number | undefined, E> =>
      Effect.gen(function* () {
        const table = yield* fatSector(Math.floor(sector / perSector))
        if (table === undefined || table >= endOfChain) return undefined
        const entry = yield* readAt(source, sectorOffset(table) + (sector % perSector) * 4, 4)
        return entry.length === 4 ? view(entry).getUint32(0, true) : undefined
      })

    const entries: Array<DirectoryEntry> = []
    const visited = new Set<number>()
    let sector: number | undefined = fields.getUint32(0x30, true)
    while (sector !== undefined && sector < endOfChain && !visited.has(sector)) {
      if (visited.size >= maxDirectorySectors) return undefined
      visited.add(sector)
      const bytes = yield* readAt(source, sectorOffset(sector), sectorLength)
      if (bytes.length < sectorLength) break
      const entryFields = view(bytes)
      for (let at = 0; at < sectorLength; at += directoryEntryLength) {
        const nameLength = Math.min(entryFields.getUint16(at + 0x40, true), 64)
        entries.push({
          name: new TextDecoder("utf-16le").decode(bytes.subarray(at, at + Math.max(nameLength - 2, 0))),
          left: entryFields.getUint32(at + 0x44, true),
          right: entryFields.getUint32(at + 0x48, true),
          child: entryFields.getUint32(at + 0x4c, true),
        })
      }
      sector = yield* nextSector(sector)
    }

    // The top level is the red-black tree under the root entry's child, walked by its siblings.
    const topLevel = new Set<string>()
    const pending = [entries[0]?.child ?? noStream]
    const seen = new Set<number>()
    while (pending.length > 0) {
      const id = pending.pop() ?? noStream
      const entry = entries[id]
      if (id === noStream || entry === undefined || seen.has(id)) continue
      seen.add(id)
      topLevel.add(entry.name)
      pending.push(entry.left, entry.right)
    }
    return oleApplications.find(([stream]) => topLevel.has(stream))?.[1]
  })
