import { describe, expect, it } from "@effect/vitest"
import {
  fileName,
  maxFields,
  ReportExport,
  ReportExportCreate,
  RunningReportExport,
} from "../src/ReportExport.ts"
import { decoded, errors } from "./internal/decode.ts"

describe("ReportExportCreate", () => {
  it("reads a search, a format, columns and the Excel flag", () => {
    expect(
      decoded(ReportExportCreate, {
        report_search_id: 12,
        format: "csv",
        fields: ["id", "f_1_4_4", "wkt"],
        excel: true,
      }),
    ).toEqual({ report_search_id: 12, format: "csv", fields: ["id", "f_1_4_4", "wkt"], excel: true })
  })

  it.each([
    ["an unknown format", { report_search_id: 1, format: "shp" }, "report_export.format"],
    ["no search", { format: "csv" }, "report_export.report_search_id"],
    [
      "a search id that is not an id",
      { report_search_id: -1, format: "csv" },
      "report_export.report_search_id",
    ],
    [
      "an unknown column",
      { report_search_id: 1, format: "csv", fields: ["id", "colour"] },
      "report_export.fields.1",
    ],
    ["no columns", { report_search_id: 1, format: "csv", fields: [] }, "report_export.fields"],
    [
      "too many columns",
      { report_search_id: 1, format: "csv", fields: Array.from({ length: maxFields + 1 }, () => "id") },
      "report_export.fields",
    ],
  ])("refuses %s, naming the field", (_, body, path) => {
    expect(Object.keys(errors(ReportExportCreate, body, "report_export") ?? {})).toEqual([path])
  })

  it("lists the formats when one is unknown", () => {
    expect(errors(ReportExportCreate, { report_search_id: 1, format: "shp" })).toEqual({
      format: ["must be one of csv, geojson, kml, gpkg, xlsx"],
    })
  })
})

describe("the export records", () => {
  it("read a running export and a finished one", () => {
    expect(errors(RunningReportExport, { id: 7, state: "running", rows_written: 10, rows_total: null })).toBe(
      undefined,
    )
    expect(
      errors(ReportExport, {
        id: 7,
        state: "done",
        format: "gpkg",
        download_url: "https://x/api/v4/report_exports/7/file?expires=1&signature=s",
        rows: 3,
        bytes: 98304,
        expires_at: "2026-11-28T13:35:02.450Z",
      }),
    ).toBe(undefined)
  })

  it("name a file after the export and its format", () => {
    expect(fileName(7, "xlsx")).toBe("reports-7.xlsx")
  })
})
