/**
 * The bundle's entry (`dist/fieldreport-admin.js`): registers every `fr-` element and every view
 * of the app shell. Elements and views are picked up by their place in the tree, so a new one
 * needs no edit here: an element is `components/<name>/<name>.ts`, a view `views/<name>.ts`.
 *
 * @example
 * ```html
 * <script type="module" src="https://reports.example.com/admin/fieldreport-admin.js"></script>
 * <fr-report-map base-url="https://reports.example.com" token="fra_…"></fr-report-map>
 * ```
 */
import.meta.glob(["./components/*/*.ts", "!./components/**/*.test.ts", "!./components/**/*.styles.ts"], {
  eager: true,
})
import.meta.glob(["./views/*.ts", "!./views/*.test.ts"], { eager: true })

export { ApiError, TransportError } from "@fieldreport/client/ApiError"
export { type Connection, connect, connectionContext } from "./shared/connection.ts"
export { type AdminView, registerView, type ViewContext } from "./shell/ViewRegistry.ts"
