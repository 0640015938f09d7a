/**
 * Report searches and tiles (docs/api.md, Searches and tiles): a search runs in the background; its
 * results are read from `/api/v4/report_searches/{id}` and kept 24 hours.
 */
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import { Report } from "@fieldreport/domain/Report"
import { MapItem, PendingReportSearch, ReportSearch, Tile } from "@fieldreport/domain/ReportSearch"
import { Appearance } from "@fieldreport/domain/ReportStateRecord"
import * as SearchText from "@fieldreport/domain/SearchText"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { Timestamp } from "@fieldreport/domain/Timestamp"
import { Schema } from "effect"
import { fields, group, one, page, type QueryParameter, query, RecordId } from "../Endpoint.ts"

/** The criteria of `filter[…]` and `exclude[…]`, by their bracketed name. */
const criteria: ReadonlyArray<readonly [name: string, schema: Schema.Top, description: string]> = [
  ["tile_id", Schema.String, "A tile id, as the tiles search returns them."],
  [
    "tile][latitude",
    Schema.Number,
    "With the tile's longitude and scale, names the tile that contains the point (instead of tile_id).",
  ],
  ["tile][longitude", Schema.Number, "The longitude of the tile's point."],
  ["tile][scale", Schema.Number, "The tile's width in degrees."],
  ["channels", Schema.String, "Channel ids, comma-separated in square brackets: `[1,2]`."],
  ["updated_after", Timestamp, "Reports updated after this time (ISO 8601)."],
  ["updated_before", Timestamp, "Reports updated before this time (ISO 8601)."],
  ["created_after", Timestamp, "Reports filed after this time (ISO 8601)."],
  ["created_before", Timestamp, "Reports filed before this time (ISO 8601)."],
  ["appearance", Appearance, "Reports whose state has this appearance."],
  ["report_state_ids", Schema.String, "Comma-separated report state ids: reports in one of these states."],
  [
    "category_ids",
    Schema.String,
    "Comma-separated category ids: reports of one of these categories (name subcategories too to include them).",
  ],
  ["assignee_ids", Schema.String, "Comma-separated user ids: reports assigned to one of these users."],
  [
    "user_ids",
    Schema.String,
    "Comma-separated user ids: reports these users filed. Anonymous reports never match, so they name nobody.",
  ],
  [
    "q",
    TextLimits.upTo(TextLimits.search),
    "Free text: reports where every word begins a word of their title, address, text answers, report " +
      "comments or notes, counting only what the caller may read of them (private answers and internal " +
      "notes only for those who see them). Words are runs of letters and digits; anything else, quotes " +
      "and operators included, only separates them. Case is ignored; accents are not. At most " +
      `${SearchText.maxWords} different words.`,
  ],
  ["id][id_array", Schema.String, "Comma-separated report ids."],
  ["id][report_search_id", RecordId, "The reports a previous search found."],
]

const filters: ReadonlyArray<QueryParameter> = (["filter", "exclude"] as const).flatMap((group) =>
  criteria.map(([name, schema, description]) =>
    query(`${group}[${name}]`, schema, `${group === "filter" ? "Include" : "Leave out"}: ${description}`),
  ),
)

const Direction = Schema.Literals(["asc", "desc"])

/** The report search endpoints. */
export const reportSearches = group({
  name: "Report searches",
  noun: "report search",
  description:
    "Searches over reports with `filter[…]` (what to include), `exclude[…]` (what to leave out) and " +
    "`order[…]`, and the tiles that summarise millions of reports on a map. A parameter a search does not " +
    "know is `400`.",
  endpoints: [
    {
      method: "get",
      path: "/api/v4/reports/search",
      operationId: "startReportSearch",
      summary: "Start a report search",
      description: "The search runs in the background; read its results at `url`.",
      query: [
        ...filters,
        query("order[updated_at]", Direction, "Sort by the time of the last update."),
        query("order[id]", Direction, "Sort by id."),
        query(
          "order[relevance]",
          Direction,
          "Sort by how well reports match `filter[q]` (required with it); `desc` puts the best first.",
        ),
      ],
      replies: { 200: one(ReportSearch, "The search's id and the address of its results.") },
    },
    {
      method: "get",
      path: "/api/v4/reports/tiles",
      operationId: "listReportTiles",
      summary: "Count reports per tile",
      description:
        "A tile is a grid cell `scale` degrees wide, anchored at `floor(lon/scale)*scale`, " +
        "`floor(lat/scale)*scale`; its id is the base64 of three little-endian float64 (longitude, latitude, " +
        "scale of the anchor).",
      query: [
        query("scale", Schema.Number.check(Schema.isGreaterThan(0)), "The tiles' width in degrees.", true),
        query("bbox", Schema.String, "The box to cover: `minLon,minLat,maxLon,maxLat`.", true),
        ...filters,
      ],
      replies: { 200: { description: "The tiles with reports in the box.", schema: Tile, list: true } },
    },
    {
      method: "get",
      path: "/api/v4/report_searches/{id}",
      operationId: "getReportSearch",
      summary: "Read a report search's results",
      description: "A search that failed is `500` with a problem body.",
      replies: {
        200: page(MapItem, "The search is done: one page of its reports, as map items."),
        202: one(PendingReportSearch, "The search is still running."),
      },
    },
    {
      method: "get",
      path: "/api/v4/report_searches/{id}/reports",
      operationId: "listReportSearchReports",
      summary: "Read a report search's reports",
      query: [fields(FieldCatalogue.report)],
      replies: {
        200: page(Report, "One page of the reports the search found."),
        202: one(PendingReportSearch, "The search is still running."),
      },
    },
  ],
})
