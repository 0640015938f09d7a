/**
 * The bundle's entry (`dist/fieldreport-admin.js`): registers the `fr-` elements and every view of
 * the app shell. Elements and views are picked up by their place in the tree, so a new one needs no
 * edit here: an element is `components/<name>/<name>.ts`, a view `views/<name>.ts`.
 *
 * The heavy elements (the analytics charts, the form builder and the channel settings that hold it),
 * those of the exports, tasks, alerts and shapes pages, and the report table's bulk actions (which
 * the table loads on the first selection) are left out of the entry, so the shell's first view
 * (sign-in, then the reports) does not download them: the shell's views import them when first
 * shown (`load` of `registerView`), and an embedding page gets them defined the first time their
 * tag is in the document (`defineOnFirstUse`). A page that puts one inside its own shadow root
 * calls `defineAll()` first.
 *
 * The account pages (a forgotten password, the links of account e-mails) stay out of the entry too:
 * the shell imports them when one is opened (`shell/accountPages.ts`).
 *
 * @example
 * ```html
 * <script type="module" src="https://reports.example.com/admin/fieldreport-admin.js"></script>
 * <fr-report-map base-url="https://reports.example.com" token="fra_…"></fr-report-map>
 * ```
 */
import { defineOnFirstUse } from "./shell/defineOnFirstUse.ts"

import.meta.glob(
  [
    "./components/*/*.ts",
    "!./components/**/*.test.ts",
    "!./components/**/*.styles.ts",
    "!./components/accept-invitation/**",
    "!./components/alert-areas/**",
    "!./components/analytics-dashboard/**",
    "!./components/api-tokens/**",
    "!./components/app-administrators/**",
    "!./components/audit-log/**",
    "!./components/channel-settings/**",
    "!./components/forgot-password/**",
    "!./components/form-builder/**",
    "!./components/gis-access/**",
    "!./components/report-bulk-actions/**",
    "!./components/notification-list/**",
    "!./components/report-exports/**",
    "!./components/reset-password/**",
    "!./components/shape-map/**",
    "!./components/tasks-board/**",
    "!./components/verify-email/**",
  ],
  { eager: true },
)
import.meta.glob(["./views/*.ts", "!./views/*.test.ts"], { eager: true })

/**
 * Defines every element the entry leaves out (they are otherwise defined when first in the document).
 *
 * @example
 * ```ts
 * const { defineAll } = await import("https://reports.example.com/admin/fieldreport-admin.js")
 * await defineAll()
 * shadowRoot.innerHTML = `<fr-analytics-dashboard token="fra_…"></fr-analytics-dashboard>`
 * ```
 */
export const defineAll = defineOnFirstUse({
  "fr-accept-invitation": () => import("./components/accept-invitation/accept-invitation.ts"),
  "fr-alert-areas": () => import("./components/alert-areas/alert-areas.ts"),
  "fr-analytics-dashboard": () => import("./components/analytics-dashboard/analytics-dashboard.ts"),
  "fr-api-tokens": () => import("./components/api-tokens/api-tokens.ts"),
  "fr-app-administrators": () => import("./components/app-administrators/app-administrators.ts"),
  "fr-audit-log": () => import("./components/audit-log/audit-log.ts"),
  "fr-channel-settings": () => import("./components/channel-settings/channel-settings.ts"),
  "fr-forgot-password": () => import("./components/forgot-password/forgot-password.ts"),
  "fr-form-builder": () => import("./components/form-builder/form-builder.ts"),
  "fr-gis-access": () => import("./components/gis-access/gis-access.ts"),
  "fr-report-bulk-actions": () => import("./components/report-bulk-actions/report-bulk-actions.ts"),
  "fr-notification-list": () => import("./components/notification-list/notification-list.ts"),
  "fr-report-exports": () => import("./components/report-exports/report-exports.ts"),
  "fr-reset-password": () => import("./components/reset-password/reset-password.ts"),
  "fr-shape-map": () => import("./components/shape-map/shape-map.ts"),
  "fr-tasks-board": () => import("./components/tasks-board/tasks-board.ts"),
  "fr-verify-email": () => import("./components/verify-email/verify-email.ts"),
})

export { ApiError, TransportError } from "@fieldreport/client/ApiError"
export { type Connection, connect, connectionContext } from "./shared/connection.ts"
export { type AdminView, registerView, type ViewContext } from "./shell/ViewRegistry.ts"
