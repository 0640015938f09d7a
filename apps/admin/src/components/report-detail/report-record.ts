/**
 * Everything the report detail shows, loaded together: the report with its answers, comments and
 * readers; its channel's states, categories and team users (for names); its state history, every
 * change made to it, and its tasks.
 */

import type { Category } from "@fieldreport/domain/Category"
import type { Channel } from "@fieldreport/domain/Channel"
import * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import type { Report } from "@fieldreport/domain/Report"
import type { ReportChange } from "@fieldreport/domain/ReportChange"
import type { ReportStateChange } from "@fieldreport/domain/ReportStateChange"
import type { ReportStateRecord } from "@fieldreport/domain/ReportStateRecord"
import type { Task } from "@fieldreport/domain/Task"
import { TeamUser } from "@fieldreport/domain/TeamUser"
import { msg, str } from "@lit/localize"
import { loadCategories } from "../../shared/categories.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"

// Optional report fields the detail has no place for.
const notShown: ReadonlySet<string> = new Set(["account_logo", "map_url", "user_image", "uuid", "cache_key"])

/** The report fields the detail asks for: the defaults and every optional one it shows. */
export const detailFields = [
  ...FieldCatalogue.names(FieldCatalogue.report, "default"),
  ...FieldCatalogue.names(FieldCatalogue.report, "optional").filter((name) => !notShown.has(name)),
].join(",")

/** A loaded report and what surrounds it. */
export interface ReportRecord {
  readonly report: Report
  readonly channel: Channel
  readonly states: ReadonlyArray<ReportStateRecord>
  readonly history: ReadonlyArray<ReportStateChange>
  /** Every change of the report, newest first: the latest hundred. */
  readonly changes: ReadonlyArray<ReportChange>
  readonly categories: ReadonlyArray<Category>
  /** Team users by user id, for names. */
  readonly people: ReadonlyMap<number, TeamUser>
  readonly tasks: ReadonlyArray<Task>
  /** Why the tasks are not shown (tasks switched off for the team, say), when they are not. */
  readonly tasksUnavailable: string | undefined
}

/**
 * Fetches a report (which records that the user opened it) and what surrounds it.
 *
 * @example
 * ```ts
 * const record = await loadReport(connection, 42)
 * ```
 */
export const loadReport = async (connection: Connection, id: number): Promise<ReportRecord> => {
  const { client } = connection
  const report = await run(
    client.call("getReport", { path: { report_id: id }, query: { fields: detailFields } }),
  )
  const channelId = report.account_id
  const [channel, states, history, changes, categories, tasks] = await Promise.all([
    run(client.call("getChannel", { path: { id: channelId } })),
    run(client.call("listReportStates", { query: { channel_id: channelId } })),
    loadHistory(connection, id),
    run(client.page("listReportChanges", { start: 0, end: 99 }, { path: { report_id: id } })).then(
      (page) => page.items,
    ),
    loadCategories(connection, channelId),
    run(client.page("listTasks", { start: 0, end: 99 }, { query: { report_id: id } })).then(
      (page) => ({ items: page.items, unavailable: undefined }),
      (error: unknown) => ({ items: [], unavailable: errorText(error) }),
    ),
  ])
  const people = await run(
    // Those who joined: an invitee's record has no name to show.
    client.page(
      "listTeamUsers",
      { start: 0, end: 99 },
      { path: { team_id: channel.team_id }, query: { agreed_to_join: true } },
      { as: TeamUser },
    ),
  ).then(
    (page) => page.items,
    // A reporter may not list the team; names then fall back to ids.
    () => [],
  )
  return {
    report,
    channel,
    states,
    history,
    changes,
    categories,
    people: new Map(people.map((person) => [person.user_id, person])),
    tasks: tasks.items,
    tasksUnavailable: tasks.unavailable,
  }
}

/** The report's state changes, oldest first. */
const loadHistory = (connection: Connection, id: number): Promise<ReadonlyArray<ReportStateChange>> =>
  run(connection.client.call("listReportStateChanges", { path: { report_id: id } }))

/**
 * A person's name from the team users, or "user N" when the team list is not available.
 *
 * @example
 * ```ts
 * personName(record.people, 7) // "Ana Lee"
 * ```
 */
export const personName = (
  people: ReadonlyMap<number, TeamUser>,
  userId: number | null | undefined,
): string => {
  if (userId === null || userId === undefined) return "nobody"
  const person = people.get(userId)
  return person === undefined
    ? msg(str`user ${userId}`, { id: "reportDetail.user" })
    : `${person.first_name} ${person.last_name}`
}

/**
 * Whom a report can be assigned to: the team users who have joined, by name, and the current
 * assignee even when the team list does not hold them (the server checks that an assignee is a
 * member of the report's channel).
 *
 * @example
 * ```ts
 * assignees(record.people, report.assignee_id) // [{ id: 5, name: "Ana Lee" }, …]
 * ```
 */
export const assignees = (
  people: ReadonlyMap<number, TeamUser>,
  current: number | null | undefined,
): ReadonlyArray<{ readonly id: number; readonly name: string }> => {
  const joined = [...people.values()]
    .filter((person) => person.agreed_to_join)
    .sort((a, b) => a.last_name.localeCompare(b.last_name) || a.first_name.localeCompare(b.first_name))
    .map((person) => ({ id: person.user_id, name: `${person.first_name} ${person.last_name}` }))
  return current === null || current === undefined || joined.some((person) => person.id === current)
    ? joined
    : [{ id: current, name: personName(people, current) }, ...joined]
}
