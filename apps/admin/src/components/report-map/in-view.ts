/**
 * How the map counts reports, in its status line and its clusters' labels, in the browser's
 * number format, with "report" in the singular for one.
 */

/** English plural categories of the browser's counts ("one" or "other"). */
const plural = new Intl.PluralRules("en")

/**
 * A count of reports, "report" in the singular for one.
 *
 * @example
 * ```ts
 * reportCount(1) // "1 report"
 * reportCount(1200) // "1,200 reports" in English
 * ```
 */
export const reportCount = (count: number): string =>
  `${count.toLocaleString()} ${plural.select(count) === "one" ? "report" : "reports"}`

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
  total === 0 ? "No reports in view" : `${reportCount(total)} in view`
