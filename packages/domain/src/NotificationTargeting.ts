/**
 * Who is notified about a report (docs/api.md, Notifications).
 *
 * - A new report: every member of its channel who follows the channel, and every member with
 *   `alert: true` for it and an alert area containing the report's location.
 * - A report updated so that its location moves: only the members with `alert: true` and an area
 *   containing the new location. Followers heard of the report when it was created; a move is news
 *   only to those it now concerns.
 *
 * Either way a user gets at most one notification per report, however many of their areas contain
 * it and whether or not it was sent before (a retried job, an earlier move), and the reporter never
 * gets one about their own report.
 *
 * Geometry stays out of this module: the caller finds the alert areas containing the location
 * (the store narrows with its spatial index, `domain`'s geometry decides exactly) and passes them in.
 */

/**
 * A member of the report's channel with their channel selection (all false when they have none).
 * Only members with access belong here: not someone whose invitation is still pending.
 *
 * @example
 * ```ts
 * const member: ChannelMember = { user_id: 42, follow: false, alert: true }
 * ```
 */
export interface ChannelMember {
  readonly user_id: number
  readonly follow: boolean
  readonly alert: boolean
}

/**
 * Everything targeting needs to know about one report.
 *
 * @example
 * ```ts
 * const audience: ReportAudience = {
 *   reporterId: 5,
 *   members: [{ user_id: 42, follow: false, alert: true }],
 *   areasContainingLocation: [{ user_id: 42 }, { user_id: 42 }],
 *   alreadyNotified: [],
 * }
 * ```
 */
export interface ReportAudience {
  /** The user who filed the report. */
  readonly reporterId: number
  readonly members: ReadonlyArray<ChannelMember>
  /** The alert areas, of any user, that contain the report's location; none without a location. */
  readonly areasContainingLocation: ReadonlyArray<{ readonly user_id: number }>
  /** Users who already have a notification about this report. */
  readonly alreadyNotified: ReadonlyArray<number>
}

const recipients = (audience: ReportAudience, notifyFollowers: boolean): ReadonlyArray<number> => {
  const inArea = new Set(audience.areasContainingLocation.map((area) => area.user_id))
  const skipped = new Set([audience.reporterId, ...audience.alreadyNotified])
  const chosen = new Set<number>()
  for (const member of audience.members) {
    const concerned = (notifyFollowers && member.follow) || (member.alert && inArea.has(member.user_id))
    if (concerned && !skipped.has(member.user_id)) chosen.add(member.user_id)
  }
  return [...chosen].sort((a, b) => a - b)
}

/**
 * The users to notify about a newly created report, each once, in ascending id order.
 *
 * @example
 * ```ts
 * forNewReport({
 *   reporterId: 5,
 *   members: [
 *     { user_id: 5, follow: true, alert: false },
 *     { user_id: 7, follow: true, alert: false },
 *     { user_id: 42, follow: false, alert: true },
 *   ],
 *   areasContainingLocation: [{ user_id: 42 }, { user_id: 42 }],
 *   alreadyNotified: [],
 * }) // [7, 42]
 * ```
 */
export const forNewReport = (audience: ReportAudience): ReadonlyArray<number> => recipients(audience, true)

/**
 * The users to notify about a report whose location an update moved, each once, in ascending id
 * order. Call it only when the location changed; `areasContainingLocation` holds the areas
 * containing the new location.
 *
 * @example
 * ```ts
 * forMovedReport({
 *   reporterId: 5,
 *   members: [
 *     { user_id: 7, follow: true, alert: false },
 *     { user_id: 42, follow: false, alert: true },
 *     { user_id: 43, follow: false, alert: true },
 *   ],
 *   areasContainingLocation: [{ user_id: 42 }, { user_id: 43 }],
 *   alreadyNotified: [7, 43],
 * }) // [42]
 * ```
 */
export const forMovedReport = (audience: ReportAudience): ReadonlyArray<number> => recipients(audience, false)
