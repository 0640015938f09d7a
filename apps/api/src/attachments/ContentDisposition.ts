/**
 * The headers a file is answered with, wherever it is served from: the API's file route, or the
 * object store itself through a presigned address.
 */

/**
 * A `Content-Disposition` value: `inline` or `attachment`, with an ASCII fallback name and the
 * exact name in RFC 5987 form, so no client sees a quote, a path or a control character.
 *
 * @example
 * ```ts
 * contentDisposition("attachment", "ölkarte \"neu\".pdf")
 * // attachment; filename="_lkarte _neu_.pdf"; filename*=UTF-8''%C3%B6lkarte%20%22neu%22.pdf
 * ```
 */
export const contentDisposition = (kind: "inline" | "attachment", filename: string): string => {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\/%]/g, "_")
  const exact = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  )
  return `${kind}; filename="${fallback}"; filename*=UTF-8''${exact}`
}

const textTypes: ReadonlySet<string> = new Set(["text/plain", "text/csv"])

/**
 * The `Content-Type` of a stored file: text is UTF-8 (the sniffer takes only valid UTF-8 as text).
 *
 * @example
 * ```ts
 * contentTypeHeader("text/csv") // "text/csv; charset=utf-8"
 * contentTypeHeader("image/png") // "image/png"
 * ```
 */
export const contentTypeHeader = (contentType: string): string =>
  textTypes.has(contentType) ? `${contentType}; charset=utf-8` : contentType
