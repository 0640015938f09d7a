/**
 * `fieldreport copy-files --to-s3 [--from DIR]`: copies a local upload directory (by default
 * `<FIELDREPORT_DATA_DIR>/uploads`) into the bucket the `FIELDREPORT_S3_*` variables name, every
 * file under the same key, each size read back (`attachments/CopyFiles.ts`). Files the bucket has
 * already at the same size are left alone, so running it again finishes a copy that stopped.
 *
 * Exit codes: 0 when every file is in the bucket; 1 when the bucket could not be reached or took
 * a file wrongly (running again continues); 2 when called wrongly (no `--to-s3`, no bucket
 * configured, no such directory).
 */
import { stat } from "node:fs/promises"
import { Console, Effect, Option } from "effect"
import { Command, Flag } from "effect/cli"
import * as CopyFiles from "../attachments/CopyFiles.ts"
import { localDirectoryOf } from "../attachments/FileStore.ts"
import * as S3FileStore from "../attachments/S3FileStore.ts"
import * as Configuration from "./Configuration.ts"
import { CommandFailed, explain, UsageError } from "./Failure.ts"

const files = (count: number): string => `${count} ${count === 1 ? "file" : "files"}`

/** How many files between two progress lines. */
const progressEvery = 1000

const copy = (input: { readonly toS3: boolean; readonly from: Option.Option<string> }) =>
  Effect.gen(function* () {
    if (!input.toS3)
      return yield* new UsageError({ message: "copy-files copies into object storage: give --to-s3" })
    const config = yield* Configuration.read
    if (Option.isNone(config.s3Bucket)) {
      return yield* new UsageError({
        message:
          "--to-s3: FIELDREPORT_S3_BUCKET is not set; set it and the other FIELDREPORT_S3_* variables as the API will use them",
      })
    }
    const directory = Option.getOrElse(input.from, () => localDirectoryOf(config.dataDir))
    const found = yield* Effect.tryPromise(() => stat(directory)).pipe(Effect.option)
    if (Option.isNone(found) || !found.value.isDirectory())
      return yield* new UsageError({ message: `--from: ${directory} is not a directory` })

    const bucket = yield* S3FileStore.make({
      bucket: config.s3Bucket.value,
      endpoint: config.s3Endpoint,
      region: config.s3Region,
      accessKeyId: config.s3AccessKeyId,
      secretAccessKey: config.s3SecretAccessKey,
      forcePathStyle: config.s3ForcePathStyle,
      presigned: false,
    })
    yield* Console.log(`copying ${directory} into ${bucket.location}`)
    let reported = 0
    const report = yield* CopyFiles.copyDirectory(directory, bucket, (done) => {
      if (done - reported < progressEvery) return Effect.void
      reported = done
      return Console.log(`${done} files done`)
    }).pipe(
      Effect.mapError(
        (error) =>
          new CommandFailed({
            message: `${error.message}: ${explain(error.cause)}; the files copied so far stay, and running the command again continues`,
          }),
      ),
    )
    yield* Console.log(
      `copied ${files(report.copied)}, ${report.present} already in the bucket, ${report.gone} removed meanwhile`,
    )
    if (report.mismatched.length > 0) {
      return yield* new CommandFailed({
        message: `after copying, the bucket's size of ${files(report.mismatched.length)} differs from the directory's (${report.mismatched
          .slice(0, 10)
          .join(", ")}${report.mismatched.length > 10 ? ", …" : ""}); run the command again`,
      })
    }
    yield* Console.log(
      "every file is in the bucket; the API uses it once FIELDREPORT_S3_BUCKET is set for it",
    )
  }).pipe(Effect.scoped)

/**
 * The command.
 *
 * @example
 * ```ts
 * Command.withSubcommands([CopyFilesCommand.command])
 * ```
 */
export const command = Command.make(
  "copy-files",
  {
    toS3: Flag.Boolean("to-s3").pipe(
      Flag.withDescription(
        "Copy into the bucket of FIELDREPORT_S3_BUCKET (and the other FIELDREPORT_S3_* variables)",
      ),
    ),
    from: Flag.String("from").pipe(
      Flag.optional,
      Flag.withDescription("The local upload directory; <FIELDREPORT_DATA_DIR>/uploads by default"),
    ),
  },
  copy,
).pipe(
  Command.withShortDescription("Copies the local uploads into object storage"),
  Command.withDescription(
    "Copies every file of the local upload directory into the S3-compatible bucket the FIELDREPORT_S3_* variables name, under the same keys, and checks each size; files the bucket already has at the same size are skipped, so running it again finishes an interrupted copy. The directory is left as it is.",
  ),
  Command.withExamples([
    {
      command:
        "FIELDREPORT_S3_BUCKET=fieldreport FIELDREPORT_S3_ENDPOINT=http://minio:9000 FIELDREPORT_S3_FORCE_PATH_STYLE=true fieldreport copy-files --to-s3",
      description: "Copy ./data/uploads into a MinIO bucket",
    },
  ]),
)
