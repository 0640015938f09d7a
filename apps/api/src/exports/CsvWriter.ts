/**
 * CSV (RFC 4180): a header of the columns' headers, then one record per report, lines ended with
 * CRLF, a field quoted when it holds a comma, a quote or a line break, quotes doubled. True and
 * false are written `true` and `false`, timestamps in ISO 8601, an empty cell as nothing.
 *
 * With `excel`, the file starts with a UTF-8 byte order mark, by which Excel reads it as UTF-8,
 * and a text cell that Excel would take for a formula (it starts with `=`, `+`, `-`, `@`, a tab or
 * a carriage return) is written after a `'`, so that text a reporter typed never runs in an
 * analyst's spreadsheet.
 */
import type { Cell, Column } from "./ExportColumns.ts"
import type { OpenWriter } from "./ExportWriter.ts"
import { textFile } from "./TextFile.ts"

const needsQuotes = /[",\r\n]/
const formulaStart = /^[=+\-@\t\r]/

/**
 * A field as RFC 4180 writes it.
 *
 * @example
 * ```ts
 * field('He said "stop", twice') // '"He said ""stop"", twice"'
 * ```
 */
export const field = (text: string): string =>
  needsQuotes.test(text) ? `"${text.replaceAll('"', '""')}"` : text

const textOf = (cell: Cell): string => (cell === null ? "" : String(cell))

/**
 * Opens a CSV writer.
 *
 * @example
 * ```ts
 * const writer = await openCsv(path, columns, { excel: true, whitePinUrl, title: "reports-7" })
 * ```
 */
export const openCsv: OpenWriter = async (path, columns, { excel }) => {
  const file = textFile(path)
  const inert = (column: Column, cell: Cell): string => {
    const text = textOf(cell)
    return excel && column.type === "text" && formulaStart.test(text) ? `'${text}` : text
  }
  await file.write(`${excel ? "\uFEFF" : ""}${columns.map((column) => field(column.header)).join(",")}\r\n`)
  return {
    write: async (rows) => {
      for (const { cells } of rows) {
        await file.write(`${cells.map((cell, index) => field(inert(columns[index]!, cell))).join(",")}\r\n`)
      }
    },
    end: file.end,
    abort: file.abort,
  }
}
