/**
 * A number of reports in words, the noun in the form the count takes ("1 report", "2 reports"),
 * in the language shown.
 */
import { msg, str } from "@lit/localize"
import { plural } from "./localization.ts"

/**
 * @example
 * ```ts
 * reportCount(1) // "1 report"; "1 reporte" in Spanish
 * reportCount(1234) // "1,234 reports"; "1234 reportes" in Spanish
 * ```
 */
export const reportCount = (count: number): string =>
  plural(count, {
    one: (number) => msg(str`${number} report`, { id: "count.report.one" }),
    other: (number) => msg(str`${number} reports`, { id: "count.report.other" }),
  })
