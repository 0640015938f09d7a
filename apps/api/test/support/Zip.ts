/**
 * A tiny zip writer for tests: entries stored or deflated, a central directory, optionally a
 * Zip64 end record and an archive comment, the shapes office and iWork documents come in.
 */
import { crc32, deflateRawSync } from "node:zlib"

export interface ZipEntryInput {
  readonly name: string
  readonly data?: string | Uint8Array
  /** Deflate the data (method 8) instead of storing it (method 0). */
  readonly deflate?: boolean
}

export interface ZipOptions {
  /** End with a Zip64 end record and locator, as some streaming writers always do. */
  readonly zip64?: boolean
  readonly comment?: string
}

const u16 = (value: number) => {
  const bytes = Buffer.alloc(2)
  bytes.writeUInt16LE(value)
  return bytes
}
const u32 = (value: number) => {
  const bytes = Buffer.alloc(4)
  bytes.writeUInt32LE(value)
  return bytes
}
const u64 = (value: number) => {
  const bytes = Buffer.alloc(8)
  bytes.writeBigUInt64LE(BigInt(value))
  return bytes
}

/**
 * A zip archive of the entries, in order.
 *
 * @example
 * ```ts
 * const docx = zip([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "word/document.xml", data: "<w:document/>" }])
 * ```
 */
export const zip = (entries: ReadonlyArray<ZipEntryInput>, options: ZipOptions = {}): Buffer => {
  const locals: Array<Buffer> = []
  const centrals: Array<Buffer> = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, "utf8")
    const raw = Buffer.from(entry.data ?? "")
    const data = entry.deflate === true ? deflateRawSync(raw) : raw
    const method = entry.deflate === true ? 8 : 0
    const crc = crc32(raw)
    const common = Buffer.concat([
      u16(20), // version needed
      u16(0x0800), // flags: UTF-8 names
      u16(method),
      u16(0), // time
      u16(0x21), // date
      u32(crc),
      u32(data.length),
      u32(raw.length),
      u16(name.length),
    ])
    const local = Buffer.concat([u32(0x04034b50), common, u16(0), name, data])
    centrals.push(
      Buffer.concat([
        u32(0x02014b50),
        u16(20), // version made by
        common,
        u16(0), // extra
        u16(0), // comment
        u16(0), // disk
        u16(0), // internal attributes
        u32(0), // external attributes
        u32(offset),
        name,
      ]),
    )
    locals.push(local)
    offset += local.length
  }
  const directory = Buffer.concat(centrals)
  const comment = Buffer.from(options.comment ?? "", "utf8")
  const tail: Array<Buffer> = []
  if (options.zip64 === true) {
    const recordOffset = offset + directory.length
    tail.push(
      Buffer.concat([
        u32(0x06064b50),
        u64(44), // size of the rest of the record
        u16(45),
        u16(45),
        u32(0),
        u32(0),
        u64(entries.length),
        u64(entries.length),
        u64(directory.length),
        u64(offset),
      ]),
      Buffer.concat([u32(0x07064b50), u32(0), u64(recordOffset), u32(1)]),
      Buffer.concat([
        u32(0x06054b50),
        u16(0),
        u16(0),
        u16(0xffff),
        u16(0xffff),
        u32(0xffffffff),
        u32(0xffffffff),
        u16(comment.length),
        comment,
      ]),
    )
  } else {
    tail.push(
      Buffer.concat([
        u32(0x06054b50),
        u16(0),
        u16(0),
        u16(entries.length),
        u16(entries.length),
        u32(directory.length),
        u32(offset),
        u16(comment.length),
        comment,
      ]),
    )
  }
  return Buffer.concat([...locals, directory, ...tail])
}
