/**
 * Where the next page of an OGC API – Features items request starts: the `cursor` of a `next`
 * link. Features come in id order and a page starts after the last id of the page before (keyset
 * paging), so pages stay right while reports are added or removed: an offset would repeat or skip
 * features whenever the list changes before the cursor, an id never does. The cursor is opaque to
 * clients (they follow links), which keeps the order free to change.
 */
import { Result } from "effect"
import { Base64Url } from "effect/encoding"
import { MalformedRequest } from "./Invalid.ts"

const prefix = "after:"

/**
 * The cursor of the page that starts after a feature id.
 *
 * @example
 * ```ts
 * OgcCursor.encode(1234) // "YWZ0ZXI6MTIzNA"
 * ```
 */
export const encode = (afterId: number): string => Base64Url.encode(`${prefix}${afterId}`)

/**
 * The feature id a cursor starts after; `400` naming `cursor` for anything `encode` did not write.
 *
 * @example
 * ```ts
 * OgcCursor.decode("YWZ0ZXI6MTIzNA") // Result.succeed(1234)
 * OgcCursor.decode("page-2") // fails naming "cursor"
 * ```
 */
export const decode = (cursor: string): Result.Result<number, MalformedRequest> => {
  const text = Base64Url.decodeString(cursor)
  const match = Result.isSuccess(text) ? /^after:(0|[1-9]\d{0,15})$/.exec(text.success) : null
  return match === null || !Number.isSafeInteger(Number(match[1])) || encode(Number(match[1])) !== cursor
    ? Result.fail(MalformedRequest.at("cursor", "must be the cursor of a next link, as the service wrote it"))
    : Result.succeed(Number(match[1]))
}
