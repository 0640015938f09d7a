/**
 * A real S3-protocol server for tests (s3rver): its own temporary directory, a free loopback port,
 * one bucket, and the `FIELDREPORT_S3_*` settings of a Fieldreport server that keeps its uploads
 * there. Started by the tests that need it, never by CI on its own.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
} from "@aws-sdk/client-s3"
import S3rver from "s3rver"

/** The keys s3rver takes (it checks signatures). */
export const accessKeyId = "S3RVER"
export const secretAccessKey = "S3RVER"

export interface S3Server {
  readonly endpoint: string
  readonly bucket: string
  /** The settings of a server keeping its uploads in the bucket. */
  readonly env: Readonly<Record<string, string>>
  /** A client of the bucket, for looking behind the API's back. */
  readonly client: S3Client
  /** The keys of every object under `prefix` (`uploads/` by default), sorted. */
  readonly keys: (prefix?: string) => Promise<ReadonlyArray<string>>
  /** An object's bytes, or undefined when there is none. */
  readonly read: (key: string) => Promise<Buffer | undefined>
  readonly write: (key: string, bytes: Uint8Array | string) => Promise<void>
  readonly remove: (key: string) => Promise<void>
  /** Stops the server (a Fieldreport server using it then finds the store down). */
  readonly stop: () => Promise<void>
}

/**
 * A port on the loopback interface that nothing listens on (for a store out of reach).
 *
 * @example
 * ```ts
 * const down = `http://127.0.0.1:${await closedPort()}`
 * ```
 */
export const closedPort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once("error", reject)
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      probe.close(() => resolve(port))
    })
  })

/**
 * Starts s3rver on a free loopback port with an empty bucket.
 *
 * @example
 * ```ts
 * const s3 = await startS3Server()
 * const server = await startTestServer({ ...s3.env })
 * expect(await s3.keys()).toEqual([])
 * ```
 */
export const startS3Server = async (bucket = "fieldreport-test"): Promise<S3Server> => {
  const directory = mkdtempSync(join(tmpdir(), "fieldreport-s3-"))
  const s3rver = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  })
  const { port } = await s3rver.run()
  const endpoint = `http://127.0.0.1:${port}`
  const client = new S3Client({
    endpoint,
    region: "us-east-1",
    forcePathStyle: true,
    credentials: { accessKeyId, secretAccessKey },
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  })
  let stopped = false
  return {
    endpoint,
    bucket,
    env: {
      FIELDREPORT_S3_BUCKET: bucket,
      FIELDREPORT_S3_ENDPOINT: endpoint,
      FIELDREPORT_S3_ACCESS_KEY_ID: accessKeyId,
      FIELDREPORT_S3_SECRET_ACCESS_KEY: secretAccessKey,
      FIELDREPORT_S3_FORCE_PATH_STYLE: "true",
    },
    client,
    keys: async (prefix = "uploads/") => {
      const keys: Array<string> = []
      let token: string | undefined
      do {
        const page = await client.send(
          new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix, ContinuationToken: token }),
        )
        for (const object of page.Contents ?? []) if (object.Key !== undefined) keys.push(object.Key)
        token = page.IsTruncated === true ? page.NextContinuationToken : undefined
      } while (token !== undefined)
      return keys.sort()
    },
    read: async (key) => {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }))
        return Buffer.from((await object.Body?.transformToByteArray()) ?? [])
      } catch (error) {
        if (error instanceof Error && error.name === "NoSuchKey") return undefined
        throw error
      }
    },
    write: async (key, bytes) => {
      await client.send(new PutObjectCommand({ Bucket: bucket, Key: key, Body: bytes }))
    },
    remove: async (key) => {
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }))
    },
    stop: async () => {
      if (stopped) return
      stopped = true
      client.destroy()
      await s3rver.close()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}
