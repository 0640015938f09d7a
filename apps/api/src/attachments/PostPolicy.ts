/**
 * Signed POST policies, the form S3 takes browser uploads in (a "presigned POST"): a JSON policy
 * (an expiry and the conditions every field of the form must meet: the key's prefix, the content
 * type, the size) sent base64 in the form's `policy` field, and its Signature Version 4 HMAC in
 * `x-amz-signature`. An upload authorization (`docs/api.md`, Attachments and files) hands one out:
 * signed with the bucket's keys when uploads are kept in an S3-compatible bucket, which checks it
 * itself; signed with a secret of the server when they are kept on local disk, when the API's
 * upload endpoint checks it here the way S3 does. The tests check the signatures against the AWS
 * SDK's presigned POST.
 *
 * Field names are written in lower case (`policy`, `x-amz-signature`), as mobile clients read them,
 * and read regardless of case, as S3 reads them.
 */
import { createHmac, timingSafeEqual } from "node:crypto"
import type { Credentials } from "./PresignedUrl.ts"
import { amzDateOf, signingKey } from "./PresignedUrl.ts"

/** What one authorized upload may be. */
export interface Policy {
  /** Every key posted must start with it. */
  readonly keyPrefix: string
  /** The form's `Content-Type`, which the stored file is answered with. */
  readonly contentType: string
  /** The largest file, in bytes; the smallest is one byte. */
  readonly maxBytes: number
  /** When the form stops working, in Unix milliseconds. */
  readonly expiresMillis: number
}

/** Who signs, where, and when. */
export interface Signer {
  readonly credentials: Credentials
  readonly region: string
  /** The bucket posted to, which S3 wants named in the policy; absent for the API's own endpoint. */
  readonly bucket?: string | undefined
  readonly nowMillis: number
}

/** The status the receiver answers a stored file with, which clients expect. */
export const successStatus = "201"

const algorithm = "AWS4-HMAC-SHA256"

/** Form fields that no condition needs to name: the policy and its signature, and the file. */
const unconditioned = new Set(["policy", "x-amz-signature", "file"])

const scopeOf = (day: string, region: string) => `${day}/${region}/s3/aws4_request`

const signatureOf = (secretAccessKey: string, day: string, region: string, policy: string): string =>
  createHmac("sha256", signingKey(secretAccessKey, day, region))
    .update(policy)
    .digest("hex")

/**
 * The fields of a form for `policy`, signed: `key` (`keyPrefix` and `${filename}`, which the
 * receiver replaces with the file part's name), `success_action_status`, `Content-Type`, `policy`
 * and the `x-amz-*` fields.
 *
 * @example
 * ```ts
 * const fields = sign(
 *   { keyPrefix: "uploads/3f/3f9c….upload/", contentType: "image/png", maxBytes: 26214400, expiresMillis },
 *   { credentials, region: "us-east-1", bucket: "fieldreport", nowMillis },
 * )
 * fields["x-amz-signature"] // "5d6c…"
 * ```
 */
export const sign = (policy: Policy, signer: Signer): Readonly<Record<string, string>> => {
  const { credentials, region } = signer
  const date = amzDateOf(signer.nowMillis)
  const day = date.slice(0, 8)
  const fields: Record<string, string> = {
    key: `${policy.keyPrefix}\${filename}`,
    success_action_status: successStatus,
    "Content-Type": policy.contentType,
    "x-amz-algorithm": algorithm,
    "x-amz-credential": `${credentials.accessKeyId}/${scopeOf(day, region)}`,
    "x-amz-date": date,
    ...(credentials.sessionToken === undefined ? {} : { "x-amz-security-token": credentials.sessionToken }),
  }
  const { key: _, ...exact } = fields
  const document = {
    expiration: new Date(policy.expiresMillis).toISOString(),
    conditions: [
      ...(signer.bucket === undefined ? [] : [{ bucket: signer.bucket }]),
      ["starts-with", "$key", policy.keyPrefix],
      ["content-length-range", 1, policy.maxBytes],
      ...Object.entries(exact).map(([name, value]) => ({ [name]: value })),
    ],
  }
  const encoded = Buffer.from(JSON.stringify(document)).toString("base64")
  return {
    ...fields,
    policy: encoded,
    "x-amz-signature": signatureOf(credentials.secretAccessKey, day, region, encoded),
  }
}

/** What a posted form may do: store its file under `key` if it is `minBytes` to `maxBytes` long. */
export interface Allowed {
  readonly _tag: "allowed"
  readonly key: string
  readonly minBytes: number
  readonly maxBytes: number
}

/** A form its policy does not allow, and why. */
export interface Refused {
  readonly _tag: "refused"
  readonly reason: string
}

/** What a posted form is worth. */
export type Verdict = Allowed | Refused

const refused = (reason: string): Refused => ({ _tag: "refused", reason })

const isRecord = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === "object" && value !== null && !Array.isArray(value)

const decodePolicy = (encoded: string): unknown => {
  try {
    return JSON.parse(Buffer.from(encoded, "base64").toString("utf8"))
  } catch {
    return undefined
  }
}

const sameText = (a: string, b: string): boolean => {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/**
 * Checks a posted form (its text fields, names in lower case) as S3 checks a presigned POST: the
 * signature with the credentials of `accessKeyId`, the expiry, and every condition of the policy;
 * and every field is named by a condition. The size is the receiver's to hold to.
 *
 * @example
 * ```ts
 * const verdict = check(new Map([["key", "uploads/3f/….upload/image.png"], ["policy", "eyJl…"], …]), { credentials, region: "local", nowMillis })
 * if (verdict._tag === "allowed") … // store at most verdict.maxBytes under verdict.key
 * ```
 */
export const check = (form: ReadonlyMap<string, string>, signer: Signer): Verdict => {
  const { credentials, region } = signer
  const encoded = form.get("policy")
  const signature = form.get("x-amz-signature")
  const credential = form.get("x-amz-credential")
  const date = form.get("x-amz-date")
  if (encoded === undefined || signature === undefined || credential === undefined || date === undefined)
    return refused("the form has no signed policy")
  if (form.get("x-amz-algorithm") !== algorithm) return refused(`the policy must be signed with ${algorithm}`)
  const day = date.slice(0, 8)
  if (credential !== `${credentials.accessKeyId}/${scopeOf(day, region)}`)
    return refused("the policy is signed with other credentials")
  if (!sameText(signature, signatureOf(credentials.secretAccessKey, day, region, encoded)))
    return refused("the policy's signature does not match")
  const document = decodePolicy(encoded)
  if (!isRecord(document) || !Array.isArray(document.conditions) || typeof document.expiration !== "string")
    return refused("the policy is not a policy")
  const expires = Date.parse(document.expiration)
  if (!(expires > signer.nowMillis)) return refused("the policy has expired")

  const named = new Set<string>()
  let minBytes = 0
  let maxBytes = Number.POSITIVE_INFINITY
  for (const condition of document.conditions as ReadonlyArray<unknown>) {
    if (isRecord(condition)) {
      for (const [name, value] of Object.entries(condition)) {
        const field = name.toLowerCase()
        named.add(field)
        // The bucket is the one posted to; a form need not name it.
        if (field === "bucket") {
          if (value !== signer.bucket || (form.has(field) && form.get(field) !== value))
            return refused("the policy is for another bucket")
          continue
        }
        if (form.get(field) !== value) return refused(`${name} must be ${String(value)}`)
      }
      continue
    }
    if (!Array.isArray(condition) || condition.length !== 3) return refused("the policy is not a policy")
    const [operator, subject, value] = condition as [unknown, unknown, unknown]
    if (operator === "content-length-range" && typeof subject === "number" && typeof value === "number") {
      minBytes = Math.max(minBytes, subject)
      maxBytes = Math.min(maxBytes, value)
      continue
    }
    if (typeof subject !== "string" || !subject.startsWith("$") || typeof value !== "string")
      return refused("the policy is not a policy")
    const field = subject.slice(1).toLowerCase()
    named.add(field)
    const given = form.get(field) ?? ""
    if (operator === "eq" && given !== value) return refused(`${subject.slice(1)} must be ${value}`)
    if (operator === "starts-with" && !given.startsWith(value))
      return refused(`${subject.slice(1)} must start with ${value}`)
    if (operator !== "eq" && operator !== "starts-with") return refused("the policy is not a policy")
  }
  for (const field of form.keys())
    if (!unconditioned.has(field) && !field.startsWith("x-ignore-") && !named.has(field))
      return refused(`the policy does not allow the field ${field}`)
  const key = form.get("key")
  if (key === undefined) return refused("the form has no key")
  return { _tag: "allowed", key, minBytes, maxBytes }
}
