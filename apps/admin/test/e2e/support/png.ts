/**
 * A small photo for upload tests: a solid-colour PNG made here (signature, IHDR, one IDAT, IEND),
 * so the tests need no image files or image library.
 */
import { crc32, deflateSync } from "node:zlib"

const chunk = (type: string, data: Buffer): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, "ascii"), data])
  const checksum = Buffer.alloc(4)
  checksum.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, checksum])
}

/**
 * A `width` × `height` PNG of one RGB colour.
 *
 * @example
 * ```ts
 * await page.setInputFiles("input[type=file]", { name: "pothole.png", mimeType: "image/png", buffer: solidPng(64, 48, [200, 60, 40]) })
 * ```
 */
export const solidPng = (
  width: number,
  height: number,
  [red, green, blue]: readonly [number, number, number],
) => {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header.writeUInt8(8, 8) // bit depth
  header.writeUInt8(2, 9) // colour type: RGB
  const row = Buffer.concat([
    Buffer.from([0]),
    Buffer.from(Array.from({ length: width }, () => [red, green, blue]).flat()),
  ])
  const pixels = Buffer.concat(Array.from({ length: height }, () => row))
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(pixels)),
    chunk("IEND", Buffer.alloc(0)),
  ])
}
