/**
 * The files inside a `.zip` archive (how Shapefiles usually travel: `.shp`, `.dbf`, `.prj` and
 * `.cpg` together), read without unpacking it to disk.
 */
import type { Readable } from "node:stream"
import yauzl from "yauzl"

/**
 * An open archive: its file entries (folders left out) and ways to read one.
 *
 * @example
 * ```ts
 * const archive = await ZipArchive.open("parcels.zip")
 * const prj = await archive.text(archive.entries.find((entry) => entry.fileName.endsWith(".prj"))!)
 * archive.close()
 * ```
 */
export interface ZipArchive {
  readonly entries: ReadonlyArray<yauzl.Entry>
  readonly stream: (entry: yauzl.Entry) => Promise<Readable>
  readonly text: (entry: yauzl.Entry) => Promise<string>
  readonly close: () => void
}

/**
 * Opens an archive and lists its entries.
 *
 * @example
 * ```ts
 * const archive = await ZipArchive.open("/data/parcels.zip")
 * archive.entries.map((entry) => entry.fileName) // ["parcels.shp", "parcels.dbf", "parcels.prj"]
 * ```
 */
export const open = async (path: string): Promise<ZipArchive> => {
  const zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false })
  const entries = await new Promise<Array<yauzl.Entry>>((resolve, reject) => {
    const found: Array<yauzl.Entry> = []
    zip.on("entry", (entry: yauzl.Entry) => {
      if (!entry.fileName.endsWith("/")) found.push(entry)
      zip.readEntry()
    })
    zip.on("end", () => resolve(found))
    zip.on("error", reject)
    zip.readEntry()
  })
  const stream = (entry: yauzl.Entry) => zip.openReadStreamPromise(entry)
  const text = async (entry: yauzl.Entry) => {
    const chunks: Array<Buffer> = []
    for await (const chunk of await stream(entry)) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks).toString("utf8")
  }
  return { entries, stream, text, close: () => zip.close() }
}
