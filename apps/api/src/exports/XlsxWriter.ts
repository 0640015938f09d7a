/**
 * XLSX: one sheet named after the export, a header row of the columns' headers, then one row per
 * report with typed cells: numbers as numbers, true and false as booleans, timestamps as dates
 * (in UTC, shown `yyyy-mm-dd hh:mm:ss`), the rest as text, which a spreadsheet never runs as a
 * formula.
 *
 * Written with exceljs's streaming workbook writer: a row is committed as soon as it is added, so
 * it leaves memory for the file, and a page is handed over before the next is read.
 */
import { setImmediate } from "node:timers/promises"
import ExcelJS from "exceljs"
import type { Cell, ColumnType } from "./ExportColumns.ts"
import type { OpenWriter } from "./ExportWriter.ts"

const dateFormat = "yyyy-mm-dd hh:mm:ss"

/** Excel's limit on a sheet name's length. */
const maxSheetName = 31

/**
 * Text as an inline string: exceljs writes plain strings without its shared strings table (which
 * would hold every distinct text in memory) as formula results (`t="str"`), which readers such as
 * GDAL do not take for text.
 */
const inline = (text: string): ExcelJS.CellRichTextValue => ({ richText: [{ text }] })

const excelValue = (type: ColumnType, cell: Cell): ExcelJS.CellValue => {
  if (cell === null) return null
  if (type === "datetime" && typeof cell === "string") return new Date(cell)
  return typeof cell === "string" ? inline(cell) : cell
}

/**
 * Opens an XLSX writer.
 *
 * @example
 * ```ts
 * const writer = await openXlsx(path, columns, options)
 * ```
 */
export const openXlsx: OpenWriter = async (path, columns, { title }) => {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    filename: path,
    useStyles: true,
    useSharedStrings: false,
  })
  const sheet = workbook.addWorksheet(title.slice(0, maxSheetName))
  sheet.columns = columns.map((column) => ({
    width: Math.min(60, Math.max(10, column.header.length + 2)),
    ...(column.type === "datetime" ? { style: { numFmt: dateFormat } } : {}),
  }))
  sheet.addRow(columns.map((column) => inline(column.header))).commit()
  const types = columns.map((column) => column.type)
  return {
    write: async (rows) => {
      for (const { cells } of rows)
        sheet.addRow(cells.map((cell, index) => excelValue(types[index]!, cell))).commit()
      // The rows committed go through the zip to the file before the next page.
      await setImmediate()
    },
    end: async () => {
      sheet.commit()
      await workbook.commit()
    },
    abort: () => {},
  }
}
