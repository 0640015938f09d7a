/**
 * Exports of the reports a filter finds (docs/api.md, Exports): the filter's search is started
 * (`startReportSearch`), then an export of it (`startReportExport`), which the API makes in the
 * background; its progress answers `202` until the file is done (`200`, with the file's signed
 * address), and an export that failed answers a problem, which rejects with the API's reason.
 */
import type { Format, ReportExport, RunningReportExport } from "@fieldreport/domain/ReportExport"
import type { Connection } from "./connection.ts"
import type { ReportFilter } from "./ReportFilter.ts"
import { startSearch } from "./reportSearch.ts"
import { run } from "./run.ts"

/**
 * Starts an export of the reports a filter finds, in its order, and answers its id; `excel` (for
 * CSV) starts the file with the byte order mark by which Excel reads it as UTF-8.
 *
 * @example
 * ```ts
 * const id = await startExport(connection, everything, "csv", true)
 * ```
 */
export const startExport = async (
  connection: Connection,
  filter: ReportFilter,
  format: Format,
  excel: boolean,
): Promise<number> => {
  const reportSearchId = await startSearch(connection, filter)
  const started = await run(
    connection.client.call("startReportExport", {
      body: {
        report_export: { report_search_id: reportSearchId, format, ...(excel ? { excel: true } : {}) },
      },
    }),
  )
  return started.id
}

// A small export is done within a second; a million reports take half a minute, so the wait
// between two looks grows up to two seconds.
const pause = (attempt: number) =>
  new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** Math.min(attempt, 5))))

/**
 * Follows an export until its file is done, telling `onProgress` each time it is still waiting or
 * running; rejects with the API's reason when the export failed, or with the signal's reason when
 * it is aborted (the page was left: the export goes on on the server).
 *
 * @example
 * ```ts
 * const done = await exportedFile(connection, id, (running) => console.log(running.rows_written), signal)
 * done.download_url // "https://…/api/v4/report_exports/7/file?expires=…&signature=…"
 * ```
 */
export const exportedFile = async (
  connection: Connection,
  id: number,
  onProgress: (running: RunningReportExport) => void,
  signal: AbortSignal,
): Promise<ReportExport> => {
  for (let attempt = 0; ; attempt++) {
    signal.throwIfAborted()
    const answer = await run(connection.client.request("getReportExport", { path: { id } }))
    if (answer.status === 200) return answer.body
    onProgress(answer.body)
    await pause(attempt)
  }
}
