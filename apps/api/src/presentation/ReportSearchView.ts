/**
 * A report search's results on the wire, as map items (docs/api.md, Searches and tiles).
 */
import { cacheKey } from "@fieldreport/domain/ReportDisclosure"
import type { MapItem } from "@fieldreport/domain/ReportSearch"
import { pinUrl } from "../services/Pins.ts"
import type { MapItemRow } from "../store/ReportSearchStore.ts"

/**
 * The map item of a search result, for a service at `baseUrl`: `cache_key` as the report has it
 * (its id and version, which every change of the report increments); `pin` the 1× pin of its
 * category.
 *
 * @example
 * ```ts
 * mapItemBody("https://reports.example.org", row)
 * // { id: 49, cache_key: "49-3", pin: "https://reports.example.org/api/v4/pins/green/default@1x.png", … }
 * ```
 */
export const mapItemBody = (baseUrl: string, row: MapItemRow): MapItem => ({
  id: row.id,
  cache_key: cacheKey(row),
  pin: pinUrl(baseUrl, row.pin_color, row.pin_appearance, 1),
  channel_id: row.channel_id,
  appearance: row.appearance,
  latitude: row.latitude,
  longitude: row.longitude,
})
