/**
 * Counts the bytes that flow through a stream, so progress can be told from how much of a file has
 * been read even when the number of features in it is unknown until the end.
 */
import { Transform } from "node:stream"

/**
 * A pass-through stream that reports the size of each chunk.
 *
 * @example
 * ```ts
 * pipeline(createReadStream(path), countBytes((bytes) => progress.read(bytes)), parser.asStream(), done)
 * ```
 */
export const countBytes = (onBytes: (bytes: number) => void): Transform =>
  new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length)
      callback(null, chunk)
    },
  })
