/**
 * What a killed server left in its SQLite database file, read directly with `node:sqlite` while no
 * server runs (or read-only beside a running one, which WAL allows): the integrity checks, and the
 * rows the crash test's writes make.
 */
import { DatabaseSync } from "node:sqlite"

/** A stored report of the test's channel. */
export interface StoredReport {
  readonly id: number
  readonly uuid: string | null
  readonly source_id: string | null
  readonly address: string
  /** The answers by field key (JSON as stored). */
  readonly answers: string
}

export interface StoredAttachment {
  readonly id: number
  readonly storage_key: string
  readonly byte_size: number
  readonly image: number
  readonly renditions_ready: number
  readonly used: number
}

export interface StoredTask {
  readonly uuid: string
  readonly title: string
  readonly report_id: number
}

/** Everything the checks read. */
export interface Stored {
  /** `["ok"]` when `PRAGMA integrity_check` finds nothing wrong. */
  readonly integrity: ReadonlyArray<string>
  /** Rows that name a row that does not exist (`PRAGMA foreign_key_check`). */
  readonly danglingReferences: number
  readonly reports: ReadonlyArray<StoredReport>
  readonly attachments: ReadonlyArray<StoredAttachment>
  readonly tasks: ReadonlyArray<StoredTask>
  /** Jobs pending or running that were due by now: work a server still has to do. */
  readonly dueJobs: number
  /** Jobs that gave up. */
  readonly failedJobs: ReadonlyArray<string>
}

/**
 * Reads the database file of a data directory.
 *
 * @example
 * ```ts
 * const stored = readStored(join(dataDir, "fieldreport.db"), channelId)
 * expect(stored.integrity).toEqual(["ok"])
 * ```
 */
export const readStored = (
  file: string,
  channelId: number,
  options: { readonly readOnly?: boolean } = {},
): Stored => {
  const db = new DatabaseSync(file, { readOnly: options.readOnly ?? false })
  try {
    const all = <A>(statement: string, ...parameters: ReadonlyArray<string | number>) =>
      db.prepare(statement).all(...parameters) as unknown as ReadonlyArray<A>
    return {
      integrity: all<{ integrity_check: string }>("PRAGMA integrity_check").map((row) => row.integrity_check),
      danglingReferences: all("PRAGMA foreign_key_check").length,
      reports: all<StoredReport>(
        "SELECT id, uuid, source_id, address, answers FROM reports WHERE channel_id = ? ORDER BY id",
        channelId,
      ),
      attachments: all<StoredAttachment>(
        "SELECT id, storage_key, byte_size, image, renditions_ready, used FROM attachments ORDER BY id",
      ),
      tasks: all<StoredTask>("SELECT uuid, title, report_id FROM tasks ORDER BY uuid"),
      dueJobs:
        all<{ n: number }>(
          "SELECT COUNT(*) AS n FROM jobs WHERE status IN ('pending', 'running') AND run_at <= ?",
          new Date().toISOString(),
        )[0]?.n ?? 0,
      failedJobs: all<{ kind: string; last_error: string }>(
        "SELECT kind, last_error FROM jobs WHERE status = 'failed'",
      ).map((job) => `${job.kind}: ${job.last_error}`),
    }
  } finally {
    db.close()
  }
}
