/**
 * The names of upload files in the file store. An attachment's storage key is random, never the
 * client's name: `<2 hex digits>/<32 hex digits>`, the first two spreading files over 256
 * directories. Its original is stored under the storage key itself and each rendition under the
 * key and the style's name (`3f/3f9c….thumb`).
 */
import { randomBytes } from "node:crypto"

/** What a file of an attachment is: the upload itself or one of its renditions. */
export type Style = "original" | "thumb" | "medium"

/** Every style, the original first. */
export const styles: ReadonlyArray<Style> = ["original", "thumb", "medium"]

/**
 * Whether a path segment names a style.
 *
 * @example
 * ```ts
 * isStyle("thumb") // true
 * isStyle("large") // false
 * ```
 */
export const isStyle = (value: string): value is Style => (styles as ReadonlyArray<string>).includes(value)

/**
 * A new random storage key.
 *
 * @example
 * ```ts
 * make() // "3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f"
 * ```
 */
export const make = (): string => {
  const key = randomBytes(16).toString("hex")
  return `${key.slice(0, 2)}/${key}`
}

/**
 * The file key of one style of an attachment.
 *
 * @example
 * ```ts
 * fileOf("3f/3f9c…", "thumb") // "3f/3f9c….thumb"
 * ```
 */
export const fileOf = (storageKey: string, style: Style): string =>
  style === "original" ? storageKey : `${storageKey}.${style}`

/**
 * The file keys of every style of an attachment, for removing them all.
 *
 * @example
 * ```ts
 * filesOf("3f/3f9c…") // ["3f/3f9c…", "3f/3f9c….thumb", "3f/3f9c….medium"]
 * ```
 */
export const filesOf = (storageKey: string): ReadonlyArray<string> =>
  styles.map((style) => fileOf(storageKey, style))

const fileKeyPattern = /^([0-9a-f]{2}\/[0-9a-f]{32})(\..*)?$/

/**
 * What a file key found in the store is: the storage key it belongs to, and whether it is one of
 * that attachment's files (`style`) or something left over beside them (a copy that never
 * finished: no style). Undefined for a key that no attachment makes, which is left alone.
 *
 * @example
 * ```ts
 * parse("3f/3f9c….thumb") // { storageKey: "3f/3f9c…", style: "thumb" }
 * parse("3f/3f9c….a1b2c3d4.partial") // { storageKey: "3f/3f9c…", style: undefined }
 * parse("notes.txt") // undefined
 * ```
 */
export const parse = (
  fileKey: string,
): { readonly storageKey: string; readonly style: Style | undefined } | undefined => {
  const match = fileKeyPattern.exec(fileKey)
  if (match === null || match[1] === undefined) return undefined
  const suffix = match[2]?.slice(1)
  const style =
    suffix === undefined ? "original" : suffix !== "original" && isStyle(suffix) ? suffix : undefined
  return { storageKey: match[1], style }
}
