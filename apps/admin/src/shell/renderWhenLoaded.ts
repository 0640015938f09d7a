/**
 * A view's render that waits, the first time, for the modules its elements live in: the shell shows
 * a status line meanwhile, and a message if they cannot be fetched (a page left open across an
 * upgrade asks for chunks the server no longer has; reloading the page gets the new ones).
 */
import { msg, str } from "@lit/localize"
import { html, type TemplateResult } from "lit"
import { until } from "lit/directives/until.js"
import { errorText } from "../shared/run.ts"

/**
 * One template around the status and the view alike: a render that follows the loading updates
 * the view in place, keeping its elements and their state, rather than replacing them.
 */
const framed = (content: unknown): TemplateResult => html`${content}`

/**
 * Wraps `render` so that it runs once `load` has resolved; later renders are immediate. A failed
 * load is tried again at the next render.
 *
 * @example
 * ```ts
 * const render = renderWhenLoaded(
 *   () => import("../components/analytics-dashboard/analytics-dashboard.ts"),
 *   () => html`<fr-analytics-dashboard></fr-analytics-dashboard>`,
 * )
 * ```
 */
export const renderWhenLoaded = <Context>(
  load: () => Promise<unknown>,
  render: (context: Context) => TemplateResult,
): ((context: Context) => TemplateResult) => {
  let loading: Promise<unknown> | undefined
  let loaded = false
  return (context) => {
    if (loaded) return framed(render(context))
    loading ??= load().then(
      () => {
        loaded = true
      },
      (error: unknown) => {
        loading = undefined
        throw error
      },
    )
    const shown = loading.then(
      () => render(context),
      (error: unknown) =>
        html`<p role="alert">${msg(str`This view could not be loaded (${errorText(error)}). Reload the page to try again.`, { id: "shell.viewNotLoaded" })}</p>`,
    )
    return framed(until(shown, html`<p role="status">${msg("Loading…", { id: "shell.loading" })}</p>`))
  }
}
