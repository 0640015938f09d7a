/**
 * Debian's Chromium driven by playwright-core (no browser download): headless, sandbox off (CI runs
 * as root), and nothing that reaches the network on its own.
 */
import { existsSync } from "node:fs"
import { type Browser, chromium, type Page } from "playwright-core"

/** Where Debian installs Chromium; `FIELDREPORT_CHROMIUM` overrides it. */
export const chromiumPath = process.env.FIELDREPORT_CHROMIUM ?? "/usr/bin/chromium"

/**
 * Launches the browser.
 *
 * @example
 * ```ts
 * const browser = await launchBrowser()
 * const page = await browser.newPage()
 * ```
 */
export const launchBrowser = async (): Promise<Browser> => {
  if (!existsSync(chromiumPath)) throw new Error(`no Chromium at ${chromiumPath}: apt-get install chromium`)
  return chromium.launch({
    executablePath: chromiumPath,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
    ],
  })
}

/**
 * A new page whose console errors and failed page scripts fail the test that reads `errors`; a
 * desktop's window in an English browser unless told otherwise.
 *
 * @example
 * ```ts
 * const { page, errors } = await openPage(browser)
 * const { page: phone } = await openPage(browser, { viewport: { width: 390, height: 844 }, locale: "es-MX" })
 * expect(errors).toEqual([])
 * ```
 */
export const openPage = async (
  browser: Browser,
  options: { readonly viewport?: { width: number; height: number }; readonly locale?: string } = {},
): Promise<{ readonly page: Page; readonly errors: Array<string> }> => {
  const page = await browser.newPage({
    viewport: options.viewport ?? { width: 1280, height: 800 },
    locale: options.locale ?? "en-US",
  })
  // A step that waits longer than this fails naming its locator, well inside the test's own timeout.
  page.setDefaultTimeout(20_000)
  const errors: Array<string> = []
  page.on("pageerror", (error) => errors.push(error.message))
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text())
  })
  return { page, errors }
}
