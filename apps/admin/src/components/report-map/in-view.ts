/**
 * The map's line about how many reports its view holds, in the browser's number format, with
 * "report" in the singular for one.
 */

/** English plural categories of the browser's counts ("one" or "other"). */
const plural = new Intl.PluralRules("en")

/**
 * How many reports the view holds, as the map's status says it.
 *
 * @example
 * ```ts
 * inView(1) // "1 report in view"
 * inView(1200) // "1,200 reports in view" in English
 * ```
 */
export const inView = (total: number): string =>
  total === 0
    ? "No reports in view"
    : `${total.toLocaleString()} ${plural.select(total) === "one" ? "report" : "reports"} in view`
