/**
 * Where the map pins of categories are served (docs/api.md, Categories): the routes that draw them
 * and every resource that links to one (categories, report search results, a report's channel logo)
 * name them the same way.
 */
import { href } from "@fieldreport/contract/Api"
import type { PinUrls } from "@fieldreport/domain/Category"

/** The scales a pin is drawn at. */
type Scale = 1 | 2 | 3

/**
 * The address of a pin at one scale, under the service's base URL.
 *
 * @example
 * ```ts
 * pinUrl("https://reports.example.org", "#00aa00", "default", 2)
 * // "https://reports.example.org/api/v4/pins/%2300aa00/default@2x.png"
 * ```
 */
export const pinUrl = (baseUrl: string, color: string, appearance: string, scale: Scale): string =>
  `${baseUrl}${href("getPin", { color, file: `${appearance}@${scale}x.png` })}`

/**
 * The addresses of a pin at 1×, 2× and 3×, under the service's base URL.
 *
 * @example
 * ```ts
 * pinUrls("https://reports.example.org", "#00aa00", "default").at3x
 * // "https://reports.example.org/api/v4/pins/%2300aa00/default@3x.png"
 * ```
 */
export const pinUrls = (baseUrl: string, color: string, appearance: string): PinUrls => ({
  at1x: pinUrl(baseUrl, color, appearance, 1),
  at2x: pinUrl(baseUrl, color, appearance, 2),
  at3x: pinUrl(baseUrl, color, appearance, 3),
})
