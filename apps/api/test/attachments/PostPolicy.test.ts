import { S3Client } from "@aws-sdk/client-s3"
import { createPresignedPost } from "@aws-sdk/s3-presigned-post"
import { describe, expect, it } from "vitest"
import * as PostPolicy from "../../src/attachments/PostPolicy.ts"

const credentials = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
}
const prefix = "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.upload/"
const now = Date.parse("2026-11-27T10:15:00.000Z")
const hour = 3600_000
const signer = { credentials, region: "local", nowMillis: now }
const policy = { keyPrefix: prefix, contentType: "image/png", maxBytes: 1000, expiresMillis: now + hour }

/** A form as a client posts it: the fields (names in lower case) with `key` set to a file name. */
const posted = (fields: Readonly<Record<string, string>>, changes: Readonly<Record<string, string>> = {}) =>
  new Map(
    Object.entries({ ...fields, key: `${prefix}image.png`, ...changes }).map(([name, value]) => [
      name.toLowerCase(),
      value,
    ]),
  )

const decoded = (fields: Readonly<Record<string, string>>) =>
  JSON.parse(Buffer.from(fields.policy ?? "", "base64").toString("utf8"))

describe("signed POST policies", () => {
  it("signs the key prefix, the content type, the size and the expiry, in the fields mobile clients read", () => {
    const fields = PostPolicy.sign(policy, { ...signer, bucket: "fieldreport" })
    expect(Object.keys(fields).sort()).toEqual(
      [
        "Content-Type",
        "key",
        "policy",
        "success_action_status",
        "x-amz-algorithm",
        "x-amz-credential",
        "x-amz-date",
        "x-amz-signature",
      ].sort(),
    )
    expect(fields.key).toBe(`${prefix}\${filename}`)
    expect(fields["x-amz-credential"]).toBe("AKIDEXAMPLE/20261127/local/s3/aws4_request")
    expect(fields["x-amz-date"]).toBe("20261127T101500Z")
    expect(decoded(fields)).toEqual({
      expiration: "2026-11-27T11:15:00.000Z",
      conditions: [
        { bucket: "fieldreport" },
        ["starts-with", "$key", prefix],
        ["content-length-range", 1, 1000],
        { success_action_status: "201" },
        { "Content-Type": "image/png" },
        { "x-amz-algorithm": "AWS4-HMAC-SHA256" },
        { "x-amz-credential": "AKIDEXAMPLE/20261127/local/s3/aws4_request" },
        { "x-amz-date": "20261127T101500Z" },
      ],
    })
  })

  it("allows the form it signed, with any file name after the prefix", () => {
    const fields = PostPolicy.sign(policy, signer)
    expect(PostPolicy.check(posted(fields), signer)).toEqual({
      _tag: "allowed",
      key: `${prefix}image.png`,
      minBytes: 1,
      maxBytes: 1000,
    })
    expect(PostPolicy.check(posted(fields, { key: fields.key ?? "" }), signer)).toMatchObject({
      key: `${prefix}\${filename}`,
    })
    // Names are read regardless of case, and fields an S3 form may ignore are ignored.
    const shouted = new Map([...posted(fields)].map(([name, value]) => [name, value]))
    shouted.set("x-ignore-note", "anything")
    expect(PostPolicy.check(shouted, signer)._tag).toBe("allowed")
  })

  it("checks the signature the AWS SDK makes of its own presigned POST", async () => {
    const client = new S3Client({ region: "us-east-1", credentials })
    const sdk = await createPresignedPost(client, {
      Bucket: "fieldreport",
      Key: `${prefix}\${filename}`,
      Conditions: [["content-length-range", 1, 1000]],
      Fields: { "Content-Type": "image/png", success_action_status: "201" },
      Expires: 3600,
    })
    client.destroy()
    const s3Signer = { credentials, region: "us-east-1", bucket: "fieldreport", nowMillis: Date.now() }
    expect(PostPolicy.check(posted(sdk.fields), s3Signer)).toMatchObject({ _tag: "allowed", maxBytes: 1000 })
    const signature = sdk.fields["X-Amz-Signature"] ?? ""
    const forged = `${signature.slice(0, -1)}${signature.endsWith("0") ? "1" : "0"}`
    expect(PostPolicy.check(posted(sdk.fields, { "X-Amz-Signature": forged }), s3Signer)).toMatchObject({
      _tag: "refused",
    })
  })

  it("refuses a form its policy does not allow", () => {
    const fields = PostPolicy.sign(policy, signer)
    const reasonOf = (form: ReadonlyMap<string, string>, at = signer) => {
      const verdict = PostPolicy.check(form, at)
      return verdict._tag === "refused" ? verdict.reason : "allowed"
    }
    expect(reasonOf(posted(fields, { "Content-Type": "image/jpeg" }))).toBe("Content-Type must be image/png")
    expect(reasonOf(posted(fields, { key: "uploads/aa/other.upload/image.png" }))).toBe(
      `key must start with ${prefix}`,
    )
    expect(reasonOf(posted(fields, { success_action_status: "204" }))).toBe(
      "success_action_status must be 201",
    )
    expect(reasonOf(posted(fields, { acl: "public-read" }))).toBe("the policy does not allow the field acl")
    expect(reasonOf(posted(fields), { ...signer, nowMillis: now + hour })).toBe("the policy has expired")
    expect(
      reasonOf(posted(fields), { ...signer, credentials: { ...credentials, secretAccessKey: "another" } }),
    ).toBe("the policy's signature does not match")
    expect(reasonOf(posted(fields), { ...signer, region: "us-east-1" })).toBe(
      "the policy is signed with other credentials",
    )
    const widened = Buffer.from(
      JSON.stringify({ ...decoded(fields), conditions: [["starts-with", "$key", "uploads/"]] }),
    ).toString("base64")
    expect(reasonOf(posted(fields, { policy: widened }))).toBe("the policy's signature does not match")
    const { policy: _, ...unsigned } = fields
    expect(reasonOf(posted(unsigned))).toBe("the form has no signed policy")
    const forBucket = PostPolicy.sign(policy, { ...signer, bucket: "fieldreport" })
    expect(reasonOf(posted(forBucket))).toBe("the policy is for another bucket")
  })
})
