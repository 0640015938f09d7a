/**
 * What every export format's writer does: it is opened on a new local file with the export's
 * columns, takes the rows a page at a time, and ends the file. Each format streams: a page is
 * written before the next is read, so memory holds a page whatever the export's size.
 */
import type { Cell, Column, ExportedReport } from "./ExportColumns.ts"

/** A report and its row's cells, in column order. */
export interface ExportRow {
  readonly report: ExportedReport
  readonly cells: ReadonlyArray<Cell>
}

/** A writer of one export file. */
export interface ExportWriter {
  /** Writes a page of rows; resolves once the file can take more. */
  readonly write: (rows: ReadonlyArray<ExportRow>) => Promise<void>
  /** Finishes the file. */
  readonly end: () => Promise<void>
  /** Stops writing; the caller removes the file. */
  readonly abort: () => void
}

/** How a file is written besides its rows. */
export interface WriterOptions {
  /** For CSV: a UTF-8 byte order mark, and text that a spreadsheet would run as a formula made inert. */
  readonly excel: boolean
  /** The address of a pin image of an appearance, drawn white for KML to colour. */
  readonly whitePinUrl: (appearance: string) => string
  /** What the file is called inside (a GeoPackage table, a KML document, a sheet). */
  readonly title: string
}

/** Opens a writer on a new file at `path`. */
export type OpenWriter = (
  path: string,
  columns: ReadonlyArray<Column>,
  options: WriterOptions,
) => Promise<ExportWriter>
