/**
 * The one failure of taking and restoring backups: a sentence for the operator that says what was
 * wrong and, where there is one, what to do (`fieldreport backup` and `restore` end with exit
 * code 1 and print it). `cause` keeps the underlying error for the log.
 */
import { Schema } from "effect"

/**
 * A backup could not be taken, or an archive could not be restored.
 *
 * @example
 * ```ts
 * return yield* new BackupFailed({ message: "the checksum of uploads/3f/3f9c… does not match the manifest: the archive is damaged" })
 * ```
 */
export class BackupFailed extends Schema.TaggedError<BackupFailed>()("BackupFailed", {
  message: Schema.String,
  cause: Schema.optional(Schema.Defect()),
}) {}
