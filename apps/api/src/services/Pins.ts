/**
 * Where the map pins of categories are served (docs/api.md, Categories): the routes that draw them
 * and every resource that links to one (categories, report search results, a report's channel logo)
 * name them the same way.
 */
import { href } from "@fieldreport/contract/Api"
import type { PinUrls } from "@fieldreport/domain/Category"

/**
 * The addresses of a pin at 1×, 2× and 3×, under the service's base URL.
 *
 * @example
 * ```ts
 * pinUrls("https://reports.example.org", "#00aa00", "default").at2x
 * // "https://reports.example.org/api/v4/pins/%2300aa00/default@2x.png"
 * ```
 */
export const pinUrls = (baseUrl: string, color: string, appearance: string): PinUrls => {
  const at = (scale: number) => `${baseUrl}${href("getPin", { color, file: `${appearance}@${scale}x.png` })}`
  return { at1x: at(1), at2x: at(2), at3x: at(3) }
}
