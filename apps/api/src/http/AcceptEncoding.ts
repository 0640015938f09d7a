/**
 * Choosing a content coding from a request's `Accept-Encoding` (RFC 9110 §12.5.3) among the copies
 * of a file the server has: the one with the highest weight the client gives it (a coding it does
 * not name takes the weight of `*`, else 0), the server's order among equal weights, so a browser's
 * `gzip, deflate, br` gets brotli. Without an acceptable copy the file is sent as it is.
 */

/** The codings files are stored in beside the plain file, the server's preference first. */
export type StoredEncoding = "br" | "gzip"

/**
 * The coding to send, from the request's `Accept-Encoding` and the codings at hand (in the
 * server's order of preference); `identity` for the plain file.
 *
 * @example
 * ```ts
 * preferredEncoding("gzip, deflate, br", ["br", "gzip"]) // "br"
 * preferredEncoding("br;q=0, gzip", ["br", "gzip"]) // "gzip"
 * preferredEncoding(undefined, ["br", "gzip"]) // "identity"
 * ```
 */
export const preferredEncoding = (
  header: string | undefined,
  available: ReadonlyArray<StoredEncoding>,
): StoredEncoding | "identity" => {
  const weights = new Map<string, number>()
  for (const part of (header ?? "").split(",")) {
    const [name = "", ...parameters] = part.split(";").map((piece) => piece.trim().toLowerCase())
    if (name === "") continue
    const quality = parameters.find((parameter) => parameter.startsWith("q="))?.slice(2)
    const weight = quality === undefined ? 1 : Number(quality)
    if (!Number.isFinite(weight) || weight < 0 || weight > 1) continue
    weights.set(name === "x-gzip" ? "gzip" : name, weight)
  }
  let chosen: StoredEncoding | "identity" = "identity"
  let best = 0
  for (const encoding of available) {
    const weight = weights.get(encoding) ?? weights.get("*") ?? 0
    if (weight > best) {
      chosen = encoding
      best = weight
    }
  }
  return chosen
}
