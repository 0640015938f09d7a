import { S3Client } from "@aws-sdk/client-s3"
import { S3RequestPresigner } from "@aws-sdk/s3-request-presigner"
import { afterAll, describe, expect, it } from "vitest"
import * as PresignedUrl from "../../src/attachments/PresignedUrl.ts"

const credentials = {
  accessKeyId: "AKIDEXAMPLE",
  secretAccessKey: "wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY",
}
const now = Date.parse("2024-05-14T09:41:27.512Z")
const minute = Date.parse("2024-05-14T09:41:00.000Z")
const clients: Array<S3Client> = []
afterAll(() => {
  for (const client of clients) client.destroy()
})

/** The SDK's presigned address of the same object, signed at the same instant for the same time. */
const sdkAddress = async (
  region: string,
  bucketUrl: URL,
  key: string,
  response: Record<string, string>,
  options: { readonly sessionToken?: string; readonly expiresIn: number },
) => {
  const client = new S3Client({
    region,
    credentials: {
      ...credentials,
      ...(options.sessionToken === undefined ? {} : { sessionToken: options.sessionToken }),
    },
  })
  clients.push(client)
  const presigner = new S3RequestPresigner({ ...client.config })
  const path = `${bucketUrl.pathname.replace(/\/$/, "")}/${key
    .split("/")
    .map((segment) =>
      encodeURIComponent(segment).replace(
        /[!'()*]/g,
        (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
      ),
    )
    .join("/")}`
  const signed = await presigner.presign(
    {
      method: "GET",
      protocol: bucketUrl.protocol,
      hostname: bucketUrl.hostname,
      ...(bucketUrl.port === "" ? {} : { port: Number(bucketUrl.port) }),
      path,
      query: response,
      headers: { host: bucketUrl.host },
    },
    { signingDate: new Date(minute), expiresIn: options.expiresIn },
  )
  return { path: signed.path, query: signed.query as Record<string, string> }
}

const parts = (address: string) => {
  const url = new URL(address)
  return {
    origin: url.origin,
    path: address.slice(url.origin.length).split("?")[0],
    query: Object.fromEntries(url.searchParams),
  }
}

describe("PresignedUrl.signer", () => {
  it("signs as the AWS SDK's presigner does, in path style", async () => {
    const bucketUrl = new URL("http://127.0.0.1:9000/fieldreport")
    const response = {
      "response-cache-control": "private, max-age=3600",
      "response-content-disposition": `inline; filename="_lkarte (neu).png"; filename*=UTF-8''%C3%B6lkarte%20%28neu%29.png`,
      "response-content-type": "image/png",
    }
    const key = "uploads/3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f.thumb"
    const address = PresignedUrl.signer({
      credentials,
      region: "us-east-1",
      bucketUrl,
      nowMillis: now,
      lifetimeSeconds: 3600,
    })(key, response)
    const sdk = await sdkAddress("us-east-1", bucketUrl, key, response, { expiresIn: 3660 })
    const ours = parts(address)
    expect(ours.origin).toBe("http://127.0.0.1:9000")
    expect(ours.path).toBe(sdk.path)
    expect(ours.query).toEqual(sdk.query)
    expect(ours.query["X-Amz-Date"]).toBe("20240514T094100Z")
    expect(ours.query["X-Amz-Signature"]).toMatch(/^[0-9a-f]{64}$/)
  })

  it("signs as the SDK does for a bucket in the host name, with temporary credentials and an unusual key", async () => {
    const bucketUrl = new URL("https://fieldreport.s3.eu-west-1.amazonaws.com/")
    const key = "uploads/a b/Tēnā+koe's (1).txt"
    const response = { "response-content-type": "text/plain; charset=utf-8" }
    const sessionToken = "IQoJb3JpZ2luX2VjEOr//////////wEaCWV1LXdlc3QtMSJHMEUCIQ=="
    const address = PresignedUrl.signer({
      credentials: { ...credentials, sessionToken },
      region: "eu-west-1",
      bucketUrl,
      nowMillis: now,
      lifetimeSeconds: 600,
    })(key, response)
    const sdk = await sdkAddress("eu-west-1", bucketUrl, key, response, { sessionToken, expiresIn: 660 })
    const ours = parts(address)
    expect(ours.origin).toBe("https://fieldreport.s3.eu-west-1.amazonaws.com")
    expect(ours.path).toBe(sdk.path)
    expect(ours.query).toEqual(sdk.query)
    expect(ours.query["X-Amz-Security-Token"]).toBe(sessionToken)
  })

  it("gives the same address within a minute, a new one the next minute, and at most S3's seven days", () => {
    const bucketUrl = new URL("http://127.0.0.1:9000/fieldreport")
    const at = (nowMillis: number, lifetimeSeconds = 3600) =>
      PresignedUrl.signer({ credentials, region: "us-east-1", bucketUrl, nowMillis, lifetimeSeconds })(
        "uploads/3f/x",
        {},
      )
    expect(at(minute)).toBe(at(minute + 59_999))
    expect(at(minute + 60_000)).not.toBe(at(minute))
    expect(new URL(at(now, 30 * 24 * 3600)).searchParams.get("X-Amz-Expires")).toBe(
      String(PresignedUrl.maxLifetimeSeconds),
    )
  })
})
