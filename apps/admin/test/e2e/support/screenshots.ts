/**
 * Screenshots of the main views for the README and for review, saved under `docs/screenshots/`
 * only when `FIELDREPORT_SCREENSHOTS=1` (`npm run screenshots -w apps/admin`), so an ordinary test
 * run leaves the working tree as it found it.
 */
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Page } from "playwright-core"

const folder = fileURLToPath(new URL("../../../../../docs/screenshots/", import.meta.url))

/**
 * Saves the page as `docs/screenshots/<name>.png` when screenshots were asked for.
 *
 * @example
 * ```ts
 * await screenshot(page, "report-detail")
 * await screenshot(page, "team", { fullPage: true })
 * ```
 */
export const screenshot = async (
  page: Page,
  name: string,
  options: { readonly fullPage?: boolean } = {},
): Promise<void> => {
  if (process.env.FIELDREPORT_SCREENSHOTS !== "1") return
  mkdirSync(folder, { recursive: true })
  await page.screenshot({ path: `${folder}${name}.png`, fullPage: options.fullPage ?? false })
}
