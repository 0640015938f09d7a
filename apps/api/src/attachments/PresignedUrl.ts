/**
 * Presigned addresses of an S3-compatible bucket: AWS Signature Version 4 in its query form, for
 * `GET` of one object, with the response headers the store is to answer with (`response-*`).
 *
 * The SDK's presigner runs its whole asynchronous signing path for each address; a list of
 * thousands of report images needs one SHA-256 and one HMAC each, so addresses are signed here,
 * synchronously, with a signing key derived once per list. The tests check them against the
 * SDK's presigner and against a real S3-protocol server.
 *
 * The signing time is the start of the current minute and the lifetime a minute longer than
 * asked, so an object's addresses made within one minute are identical and a browser's cache
 * serves them, as with the API's own signed addresses.
 */
import { createHash, createHmac, createSecretKey } from "node:crypto"

/** The keys addresses are signed with; `sessionToken` with temporary credentials. */
export interface Credentials {
  readonly accessKeyId: string
  readonly secretAccessKey: string
  readonly sessionToken?: string | undefined
}

export interface SignerOptions {
  readonly credentials: Credentials
  readonly region: string
  /** The bucket's address: `https://bucket.s3.eu-west-1.amazonaws.com`, or `http://host:9000/bucket` in path style. */
  readonly bucketUrl: URL
  readonly nowMillis: number
  /** How long an address works at least; S3 takes at most 7 days. */
  readonly lifetimeSeconds: number
}

/** The longest lifetime S3 accepts for a presigned address. */
export const maxLifetimeSeconds = 7 * 24 * 3600

const granularityMillis = 60_000

/** RFC 3986 encoding, as Signature Version 4 wants it. */
const encode = (value: string): string =>
  encodeURIComponent(value).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)

const encodedPairs = (
  pairs: ReadonlyArray<readonly [string, string]>,
): ReadonlyArray<readonly [string, string]> => pairs.map(([name, value]) => [encode(name), encode(value)])

const hmac = (key: Buffer | string, data: string): Buffer => createHmac("sha256", key).update(data).digest()

/**
 * The time of a signature as Signature Version 4 writes it.
 *
 * @example
 * ```ts
 * amzDateOf(Date.parse("2024-01-31T10:15:00.250Z")) // "20240131T101500Z"
 * ```
 */
export const amzDateOf = (millis: number): string =>
  new Date(millis).toISOString().replace(/[-:]|\.\d{3}/g, "")

/**
 * The Signature Version 4 key of S3 requests signed on `day` (`20240131`) in `region`, from the
 * secret access key: the same for every request of that day.
 *
 * @example
 * ```ts
 * const key = signingKey("wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "20240131", "us-east-1")
 * ```
 */
export const signingKey = (secretAccessKey: string, day: string, region: string): Buffer =>
  hmac(hmac(hmac(hmac(`AWS4${secretAccessKey}`, day), region), "s3"), "aws4_request")

/**
 * A function signing addresses of objects, as of `nowMillis`: the object's key and the
 * `response-*` parameters in, the address out.
 *
 * @example
 * ```ts
 * const sign = signer({ credentials, region: "us-east-1", bucketUrl: new URL("http://127.0.0.1:9000/uploads-bucket"), nowMillis, lifetimeSeconds: 3600 })
 * sign("uploads/3f/3f9c0a…", { "response-content-type": "image/png" })
 * // http://127.0.0.1:9000/uploads-bucket/uploads/3f/3f9c0a…?X-Amz-Algorithm=AWS4-HMAC-SHA256&…&X-Amz-Signature=…
 * ```
 */
export const signer = (
  options: SignerOptions,
): ((key: string, response: Readonly<Record<string, string>>) => string) => {
  const { credentials, region, bucketUrl } = options
  const signedAt = Math.floor(options.nowMillis / granularityMillis) * granularityMillis
  const amzDate = amzDateOf(signedAt)
  const day = amzDate.slice(0, 8)
  const scope = `${day}/${region}/s3/aws4_request`
  // A key object, made once: an HMAC keyed by a plain buffer sets its key up again on every call.
  const keyObject = createSecretKey(signingKey(credentials.secretAccessKey, day, region))
  const expires = Math.min(maxLifetimeSeconds, options.lifetimeSeconds + granularityMillis / 1000)
  const fixed = encodedPairs([
    ["X-Amz-Algorithm", "AWS4-HMAC-SHA256"],
    ["X-Amz-Content-Sha256", "UNSIGNED-PAYLOAD"],
    ["X-Amz-Credential", `${credentials.accessKeyId}/${scope}`],
    ["X-Amz-Date", amzDate],
    ["X-Amz-Expires", String(expires)],
    ...(credentials.sessionToken === undefined
      ? []
      : [["X-Amz-Security-Token", credentials.sessionToken] as const]),
    ["X-Amz-SignedHeaders", "host"],
  ])
  const origin = `${bucketUrl.protocol}//${bucketUrl.host}`
  const basePath = bucketUrl.pathname.replace(/\/+$/, "")
  const host = bucketUrl.host.toLowerCase()
  return (key, response) => {
    const path = `${basePath}/${key.split("/").map(encode).join("/")}`
    const query = [...fixed, ...encodedPairs(Object.entries(response))]
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([name, value]) => `${name}=${value}`)
      .join("&")
    const canonicalRequest = `GET\n${path}\n${query}\nhost:${host}\n\nhost\nUNSIGNED-PAYLOAD`
    const stringToSign = `AWS4-HMAC-SHA256\n${amzDate}\n${scope}\n${createHash("sha256").update(canonicalRequest).digest("hex")}`
    const signature = createHmac("sha256", keyObject).update(stringToSign).digest("hex")
    return `${origin}${path}?${query}&X-Amz-Signature=${signature}`
  }
}
