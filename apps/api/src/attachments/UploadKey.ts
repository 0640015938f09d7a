/**
 * The keys of authorized uploads (`docs/api.md`, Attachments and files): an upload authorization
 * hands out a key prefix, `uploads/<storage key>.upload/`, made of a fresh random storage key
 * (`StorageKey`), and the client posts its file under that prefix and a file name of its choosing.
 * Until an attachment is made of it, the file is kept beside the attachments' files, in a name
 * `StorageKey.parse` reads as a leftover, so the sweep of files without an attachment removes
 * it a day later if nothing claimed it.
 *
 * The bucket keeps a file where the client posted it (`3f/3f9c….upload/image.png` under the
 * store's `uploads/`); the local directory, whose uploads arrive through the API, keeps one file
 * per authorization, `3f/3f9c….upload`, since its listing reads one level of directories.
 */
import * as StorageKey from "./StorageKey.ts"

/** An authorized upload's key, read. */
export interface UploadKey {
  /** The prefix its authorization handed out. */
  readonly prefix: string
  /** The random storage key the prefix is made of. */
  readonly token: string
  /** What follows the prefix: the client's name of the file. */
  readonly filename: string
}

/**
 * What a posted key may hold in place of the file's name, which the receiver fills in with the
 * name of the form's file part, as S3 does.
 */
export const filenamePlaceholder = `\${filename}`

const pattern = /^uploads\/([0-9a-f]{2}\/[0-9a-f]{32})\.upload\/(.+)$/s

/**
 * A new key prefix.
 *
 * @example
 * ```ts
 * makePrefix() // "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.upload/"
 * ```
 */
export const makePrefix = (): string => `uploads/${StorageKey.make()}.upload/`

/**
 * A key posted or named by a client, or undefined when it is no key an authorization hands out.
 *
 * @example
 * ```ts
 * parse("uploads/3f/3f9c….upload/image.png") // { prefix: "uploads/3f/3f9c….upload/", token: "3f/3f9c…", filename: "image.png" }
 * parse("3f/3f9c…") // undefined
 * ```
 */
export const parse = (key: string): UploadKey | undefined => {
  const match = pattern.exec(key)
  if (match === null || match[1] === undefined || match[2] === undefined) return undefined
  return { prefix: `uploads/${match[1]}.upload/`, token: match[1], filename: match[2] }
}

/**
 * The file key of the store an upload is kept under until it becomes an attachment: in the bucket,
 * the key as posted (less the store's own `uploads/`); in the local directory, one file per prefix.
 *
 * @example
 * ```ts
 * fileOf(parse("uploads/3f/3f9c….upload/image.png")!, "bucket") // "3f/3f9c….upload/image.png"
 * fileOf(parse("uploads/3f/3f9c….upload/image.png")!, "directory") // "3f/3f9c….upload"
 * ```
 */
export const fileOf = (key: UploadKey, store: "bucket" | "directory"): string =>
  store === "bucket" ? `${key.token}.upload/${key.filename}` : `${key.token}.upload`
