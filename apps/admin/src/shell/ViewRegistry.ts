/**
 * The app shell's views. A view is a page of the shell (reports, tasks, analytics…) with a label in
 * the navigation; each registers itself from its own module under `src/views/`, which `index.ts`
 * imports, so adding a view touches no shared file. A view whose elements are heavy (charts, the
 * form builder) names them in `load` instead of importing them, so they stay out of the bundle's
 * entry and are fetched the first time the view is shown.
 */
import type { Channel } from "@fieldreport/domain/Channel"
import type { Team } from "@fieldreport/domain/Team"
import type { TemplateResult } from "lit"
import { renderWhenLoaded } from "./renderWhenLoaded.ts"

/** Who is signed in, as far as the shell knows: it decides which views they are shown. */
export interface Viewer {
  readonly userId: number
  /** A platform administrator (`admin: true` on the user). */
  readonly admin: boolean
  /** An administrator of the current branded app; platform administrators administer every app. */
  readonly appAdministrator: boolean
  /** The teams of the current app the user owns. */
  readonly ownedTeamIds: ReadonlyArray<number>
}

/** What the shell knows when it renders a view. */
export interface ViewContext {
  /** The path segments after the view's id: `#/reports/42` gives `["42"]`. */
  readonly rest: ReadonlyArray<string>
  /**
   * The query string after the path, where a view keeps its state so a link or the back button
   * brings it back: `#/reports?filter[channels]=3` gives `filter[channels]=3`.
   */
  readonly query: URLSearchParams
  /** The team chosen in the switcher. */
  readonly team: Team | undefined
  /** The channels of that team the user is a member of. */
  readonly channels: ReadonlyArray<Channel>
  /** The basemap of maps (`tile-url` of the shell), when the page gives one. */
  readonly tileUrl: string | undefined
  readonly tileAttribution: string | undefined
  /** Who is signed in. */
  readonly viewer: Viewer
}

/**
 * A page of the shell.
 *
 * @example
 * ```ts
 * registerView({ id: "tasks", label: "Tasks", order: 30, render: () => html`<fr-task-board></fr-task-board>` })
 * ```
 */
export interface AdminView {
  /** The first path segment, `#/<id>`. */
  readonly id: string
  readonly label: string
  /** Position in the navigation, smallest first. */
  readonly order: number
  /** Views hidden from the navigation are reached by links only (a report's detail, say). */
  readonly hidden?: boolean
  /**
   * Whether the signed-in user may use the view; a view without it is for everyone. A view the
   * API would refuse is neither listed nor opened by its address.
   */
  readonly shownTo?: (viewer: Viewer) => boolean
  /**
   * Imports the modules of the view's elements, for a view that leaves them out of the entry:
   * `render` is first called once they are loaded, a status line shows until then.
   */
  readonly load?: () => Promise<unknown>
  readonly render: (context: ViewContext) => TemplateResult
}

const views = new Map<string, AdminView>()

/**
 * Adds a view (a second registration under the same id replaces the first).
 *
 * @example
 * ```ts
 * registerView({ id: "team", label: "Team", order: 50, render: ({ team }) => html`<fr-team-users></fr-team-users>` })
 * registerView({
 *   id: "analytics", label: "Analytics", order: 50,
 *   load: () => import("../components/analytics-dashboard/analytics-dashboard.ts"),
 *   render: () => html`<fr-analytics-dashboard></fr-analytics-dashboard>`,
 * })
 * ```
 */
export const registerView = (view: AdminView): void => {
  views.set(
    view.id,
    view.load === undefined
      ? view
      : {
          ...view,
          // A label in the language shown (a getter) is asked each time, as the view's own would be.
          get label() {
            return view.label
          },
          render: renderWhenLoaded(view.load, view.render),
        },
  )
}

/**
 * The registered views in navigation order.
 *
 * @example
 * ```ts
 * registeredViews().map((view) => view.label) // ["Reports", "New report", "Tasks", …]
 * ```
 */
export const registeredViews = (): ReadonlyArray<AdminView> =>
  [...views.values()].sort((a, b) => a.order - b.order || a.label.localeCompare(b.label))
