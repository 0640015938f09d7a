/**
 * An S3-protocol server for the container smoke test (`smoke.sh`): s3rver on a free loopback port,
 * keeping its objects in `--directory`, with the bucket `--bucket`. It prints the endpoint as one
 * line once it listens and runs until SIGTERM or SIGINT.
 *
 *     node tooling/container/object-store.ts --directory /tmp/objects --bucket fieldreport
 *     # → http://127.0.0.1:41234
 *
 * s3rver checks request signatures with the fixed keys `S3RVER` / `S3RVER`.
 */
import { parseArgs } from "node:util"
import S3rver from "s3rver"

const { values } = parseArgs({
  options: {
    directory: { type: "string" },
    bucket: { type: "string", default: "fieldreport" },
  },
  strict: true,
  allowPositionals: false,
})
if (values.directory === undefined) {
  process.stderr.write("object-store: --directory is required\n")
  process.exit(2)
}

const server = new S3rver({
  address: "127.0.0.1",
  port: 0,
  silent: true,
  directory: values.directory,
  configureBuckets: [{ name: values.bucket }],
})
const { port } = await server.run()
process.stdout.write(`http://127.0.0.1:${port}\n`)
for (const signal of ["SIGTERM", "SIGINT"] as const)
  process.once(signal, () => {
    void server.close().then(() => process.exit(0))
  })
