/**
 * How the map counts reports in its status line, in the language shown, with "report" in the
 * singular for one.
 */
import { msg, str } from "@lit/localize"
import { reportCount } from "../../shared/reportCount.ts"

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
    ? msg("No reports in view", { id: "reportMap.noneInView" })
    : msg(str`${reportCount(total)} in view`, { id: "reportMap.inView" })
