/**
 * A text file written in large pieces and at the pace the disk takes them: pieces of text are
 * gathered into chunks of about 64 KiB, and a chunk the file cannot take yet is waited for, so an
 * export holds one chunk in memory whatever its size.
 */

import { once } from "node:events"
import { createWriteStream } from "node:fs"

/** How much text is gathered before it is written. */
const chunkLength = 64 * 1024

/** A text file being written. */
export interface TextFile {
  /** Adds text; resolves once the file can take more. */
  readonly write: (text: string) => Promise<void>
  /** Writes what is gathered and closes the file. */
  readonly end: () => Promise<void>
  /** Closes the file without finishing it (its writer removes it). */
  readonly abort: () => void
}

/**
 * Opens a new text file at `path`, in UTF-8.
 *
 * @example
 * ```ts
 * const file = textFile("/data/exports/7.csv")
 * await file.write("id,title\r\n")
 * await file.end()
 * ```
 */
export const textFile = (path: string): TextFile => {
  const stream = createWriteStream(path, { flags: "wx" })
  let pending: Array<string> = []
  let length = 0
  const flush = async () => {
    if (length === 0) return
    const chunk = pending.join("")
    pending = []
    length = 0
    if (!stream.write(chunk)) await once(stream, "drain")
  }
  return {
    write: async (text) => {
      pending.push(text)
      length += text.length
      if (length >= chunkLength) await flush()
    },
    end: async () => {
      await flush()
      stream.end()
      await once(stream, "close")
    },
    abort: () => {
      stream.destroy()
    },
  }
}
