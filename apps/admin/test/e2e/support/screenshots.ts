/**
 * Screenshots of the main views, saved under `docs/screenshots/` for the README and for review.
 */
import { fileURLToPath } from "node:url"
import type { Page } from "playwright-core"

/**
 * Saves the page as `docs/screenshots/<name>.png`.
 *
 * @example
 * ```ts
 * await screenshot(page, "report-detail")
 * ```
 */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  await page.screenshot({
    path: fileURLToPath(new URL(`../../../../../docs/screenshots/${name}.png`, import.meta.url)),
  })
}
