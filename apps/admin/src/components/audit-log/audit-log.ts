/**
 * The security audit log (docs/api.md, Audit events) as those who may read it see it: platform
 * administrators every event, an app's administrators the app's, team owners their teams'. Newest
 * first, a page at a time, filtered by who acted, team, time range and kind of event; people and
 * teams named where the reader knows them (a platform administrator knows every user, a team
 * owner the people of the teams they own).
 *
 * Whoever may not read it is told so by the API's refusal; the shell shows the view only to
 * platform administrators and team owners, the ones it can tell.
 */

import { ApiError } from "@fieldreport/client/ApiError"
import { type AuditEvent, type Kind, kinds } from "@fieldreport/domain/AuditEvent"
import type { Team } from "@fieldreport/domain/Team"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { findPerson, type Person, personLabel, platformUsers } from "../../shared/people.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { formatCount } from "../../shared/size.ts"
import { fullName, teamPeople } from "../../shared/team.ts"
import { formatTime, fromLocalInput } from "../../shared/time.ts"
import { styles } from "./audit-log.styles.ts"

/** The filters of the list, as the API takes them. */
interface Filters {
  readonly actor_id?: number
  readonly team_id?: number
  /** One kind, or a comma-separated list of them. */
  readonly kind?: string
  readonly since?: string
  readonly until?: string
}

const PAGE = 50

const kindNames = (): Record<Kind, string> => ({
  "login.succeeded": msg("Signed in", { id: "auditLog.kind.login.succeeded" }),
  "login.failed": msg("Sign-in failed", { id: "auditLog.kind.login.failed" }),
  "session.revoked": msg("Session or token ended", { id: "auditLog.kind.session.revoked" }),
  "api_token.created": msg("API token created", { id: "auditLog.kind.api_token.created" }),
  "api_token.revoked": msg("API token revoked", { id: "auditLog.kind.api_token.revoked" }),
  "password.changed": msg("Password changed", { id: "auditLog.kind.password.changed" }),
  "password.reset": msg("Password reset by e-mail", { id: "auditLog.kind.password.reset" }),
  "email.changed": msg("E-mail address changed", { id: "auditLog.kind.email.changed" }),
  "user.created": msg("User created", { id: "auditLog.kind.user.created" }),
  "user.changed": msg("User changed", { id: "auditLog.kind.user.changed" }),
  "user.signed_up": msg("Signed up", { id: "auditLog.kind.user.signed_up" }),
  "email.verified": msg("E-mail address verified", { id: "auditLog.kind.email.verified" }),
  "team_user.invited": msg("Invited to a team", { id: "auditLog.kind.team_user.invited" }),
  "team_user.added": msg("Added to a team", { id: "auditLog.kind.team_user.added" }),
  "team_user.accepted": msg("Invitation accepted", { id: "auditLog.kind.team_user.accepted" }),
  "team_user.role_changed": msg("Team role changed", { id: "auditLog.kind.team_user.role_changed" }),
  "team_user.channels_changed": msg("Channels changed", { id: "auditLog.kind.team_user.channels_changed" }),
  "team_invitation.invited": msg("Address invited to a team", {
    id: "auditLog.kind.team_invitation.invited",
  }),
  "team_invitation.resent": msg("Address invitation sent again", {
    id: "auditLog.kind.team_invitation.resent",
  }),
  "team_invitation.withdrawn": msg("Address invitation withdrawn", {
    id: "auditLog.kind.team_invitation.withdrawn",
  }),
  "team_invitation.accepted": msg("Address invitation accepted", {
    id: "auditLog.kind.team_invitation.accepted",
  }),
  "team.ownership_transferred": msg("Team ownership moved", {
    id: "auditLog.kind.team.ownership_transferred",
  }),
  "team.deleted": msg("Team deleted", { id: "auditLog.kind.team.deleted" }),
  "channel.deleted": msg("Channel deleted", { id: "auditLog.kind.channel.deleted" }),
  "app_administrator.added": msg("App administrator added", { id: "auditLog.kind.app_administrator.added" }),
  "app_administrator.removed": msg("App administrator removed", {
    id: "auditLog.kind.app_administrator.removed",
  }),
  "shape.created": msg("Shape created", { id: "auditLog.kind.shape.created" }),
  "shape.updated": msg("Shape changed", { id: "auditLog.kind.shape.updated" }),
  "shape.deleted": msg("Shape deleted", { id: "auditLog.kind.shape.deleted" }),
})

/** What each group of kinds (the part before the dot) is about. */
const groupNames = (): Record<string, string> => ({
  login: msg("Sign-ins", { id: "auditLog.group.login" }),
  session: msg("Sessions", { id: "auditLog.group.session" }),
  api_token: msg("API tokens", { id: "auditLog.group.api_token" }),
  password: msg("Passwords", { id: "auditLog.group.password" }),
  email: msg("E-mail addresses", { id: "auditLog.group.email" }),
  user: msg("Users", { id: "auditLog.group.user" }),
  team_user: msg("Team members", { id: "auditLog.group.team_user" }),
  team_invitation: msg("Invitations by e-mail", { id: "auditLog.group.team_invitation" }),
  team: msg("Teams", { id: "auditLog.group.team" }),
  channel: msg("Channels", { id: "auditLog.group.channel" }),
  app_administrator: msg("App administrators", { id: "auditLog.group.app_administrator" }),
  shape: msg("Shapes", { id: "auditLog.group.shape" }),
})

/** The kinds by group, in the order the API lists them. */
const groups = (): ReadonlyArray<readonly [string, ReadonlyArray<Kind>]> => {
  const grouped = new Map<string, Array<Kind>>()
  for (const kind of kinds) {
    const group = kind.slice(0, kind.indexOf("."))
    grouped.set(group, [...(grouped.get(group) ?? []), kind])
  }
  return [...grouped]
}

const count = formatCount

/** The kinds of things events are about, in the language shown. */
const targetTypeNames: Readonly<Record<string, () => string>> = {
  api_token: () => msg("API token", { id: "auditLog.target.apiToken" }),
  channel: () => msg("channel", { id: "auditLog.target.channel" }),
  session: () => msg("session", { id: "auditLog.target.session" }),
  shape: () => msg("shape", { id: "auditLog.target.shape" }),
  team: () => msg("team", { id: "auditLog.target.team" }),
  team_invitation: () => msg("invitation", { id: "auditLog.target.teamInvitation" }),
  team_user: () => msg("team user", { id: "auditLog.target.teamUser" }),
  user: () => msg("user", { id: "auditLog.target.user" }),
}

/** A kind of thing an event is about, in the language shown; another kind as it is named. */
const targetTypeName = (type: string): string => targetTypeNames[type]?.() ?? type.replaceAll("_", " ")

/**
 * @summary The audit log: who did what, when, where, newest first, filtered by actor, team, time
 * range and kind, a page at a time.
 *
 * @csspart filters - The filter form.
 * @csspart events - The table of events (on a phone, one card per event).
 * @csspart pager - The previous and next page buttons and the count.
 *
 * @cssproperty --fr-color-border - Lines between events.
 * @cssproperty --fr-color-danger - Events that failed.
 *
 * @example
 * ```html
 * <fr-audit-log></fr-audit-log>
 * ```
 */
export class AuditLog extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    events: { state: true },
    start: { state: true },
    total: { state: true },
    filters: { state: true },
    people: { state: true },
    teams: { state: true },
    problem: { state: true },
    problems: { state: true },
    refused: { state: true },
    loading: { state: true },
  }

  declare events: ReadonlyArray<AuditEvent>
  declare start: number
  declare total: number | undefined
  declare filters: Filters
  /** The people the reader can name: to pick an actor and to name who acted. */
  declare people: ReadonlyArray<Person>
  /** The teams the reader is in; the ones whose events they may read are offered as filters. */
  declare teams: ReadonlyArray<Team>
  declare problem: string | undefined
  /** Why a filter was refused, by its parameter (`actor_id`, `since`, …). */
  declare problems: Readonly<Record<string, ReadonlyArray<string>>>
  /** The API does not let the reader read the log. */
  declare refused: boolean
  declare loading: boolean

  /** Teams offered in the team filter: all the reader's teams for a platform administrator. */
  #readableTeams: ReadonlyArray<Team> = []
  /** Counts loads, so the answer to an older filter never replaces a newer one's. */
  #asked = 0

  constructor() {
    super()
    this.events = []
    this.start = 0
    this.total = undefined
    this.filters = {}
    this.people = []
    this.teams = []
    this.problem = undefined
    this.problems = {}
    this.refused = false
    this.loading = true
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      const [me, teams] = await Promise.all([
        run(connection.client.call("getCurrentUser")),
        run(connection.client.call("listTeams", { query: { fields: "is_owner_of" } })),
      ])
      this.teams = teams
      this.#readableTeams = me.admin ? teams : teams.filter((team) => team.is_owner_of === true)
      await this.load(0)
      if (this.refused) return
      this.people = me.admin ? await platformUsers(connection) : await this.#teamsPeople(connection, me)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** The people of the teams the reader owns, the reader first, each once. */
  async #teamsPeople(connection: Connection, me: Person): Promise<ReadonlyArray<Person>> {
    const people = new Map<number, Person>([[me.id, me]])
    for (const team of this.#readableTeams) {
      for (const member of await teamPeople(connection, team.id)) {
        const { user_id: id, email, first_name, last_name } = member
        if (!people.has(id)) people.set(id, { id, email, first_name, last_name })
      }
    }
    return [...people.values()]
  }

  /** Loads the page of events starting at `start` with the current filters. */
  async load(start: number): Promise<void> {
    const connection = this.connection
    if (connection === undefined) return
    const asked = ++this.#asked
    this.loading = true
    try {
      const page = await run(
        connection.client.page(
          "listAuditEvents",
          { start, end: start + PAGE - 1 },
          { query: { ...this.filters } },
        ),
      )
      if (asked !== this.#asked) return
      this.events = page.items
      this.start = page.start
      this.total = page.total
      this.problem = undefined
      this.problems = {}
    } catch (error) {
      if (asked !== this.#asked) return
      this.refused =
        error instanceof ApiError && error.status === 403 && Object.keys(this.filters).length === 0
      this.problem = errorText(error)
      this.problems = fieldErrors(error)
    } finally {
      if (asked === this.#asked) this.loading = false
    }
  }

  #filter(event: SubmitEvent): void {
    event.preventDefault()
    const data = new FormData(event.currentTarget as HTMLFormElement)
    const text = (name: string) => String(data.get(name) ?? "").trim()
    const problems: Record<string, ReadonlyArray<string>> = {}
    const actorText = text("actor")
    const actorId = /^\d+$/.test(actorText) ? Number(actorText) : findPerson(this.people, actorText)?.id
    if (actorText !== "" && actorId === undefined)
      problems.actor_id = [
        msg(str`no one is “${actorText}”: pick a name or e-mail address from the list, or give a user id`, {
          id: "auditLog.noOne",
        }),
      ]
    const since = fromLocalInput(text("since"))
    const until = fromLocalInput(text("until"))
    if (since !== undefined && until !== undefined && since > until)
      problems.until = [msg("must not be before From", { id: "auditLog.untilBefore" })]
    if (Object.keys(problems).length > 0) {
      this.problems = problems
      this.problem = msg("The filter has problems; see the fields marked below.", { id: "auditLog.invalid" })
      return
    }
    const team = text("team")
    const kind = text("kind")
    this.filters = {
      ...(actorId === undefined ? {} : { actor_id: actorId }),
      ...(team === "" ? {} : { team_id: Number(team) }),
      ...(kind === "" ? {} : { kind }),
      ...(since === undefined ? {} : { since }),
      ...(until === undefined ? {} : { until }),
    }
    void this.load(0)
  }

  #clear(event: Event): void {
    ;(event.currentTarget as HTMLButtonElement).form?.reset()
    this.filters = {}
    void this.load(0)
  }

  #problemOf(path: string) {
    const messages = this.problems[path]
    return messages === undefined ? nothing : html`<span class="error">${messages.join("; ")}</span>`
  }

  #invalid(path: string) {
    return this.problems[path] === undefined ? "false" : "true"
  }

  #filterForm() {
    return html`
      <form part="filters" role="search" aria-label=${msg("Filter the audit log", { id: "auditLog.filter" })} @submit=${(event: SubmitEvent) => this.#filter(event)}>
        <label>${msg("Who acted", { id: "auditLog.whoActed" })}
          <input name="actor" list="actors" autocomplete="off" placeholder=${msg("Anyone", { id: "reportFilters.anyone" })} aria-invalid=${this.#invalid("actor_id")} />
          ${this.#problemOf("actor_id")}
        </label>
        <datalist id="actors">${this.people.map((person) => html`<option value=${personLabel(person)}></option>`)}</datalist>
        <label>${msg("Team", { id: "view.team" })}
          <select name="team" aria-invalid=${this.#invalid("team_id")}>
            <option value="">${msg("All teams", { id: "auditLog.allTeams" })}</option>
            ${this.#readableTeams.map((team) => html`<option value=${team.id}>${team.name}</option>`)}
          </select>
          ${this.#problemOf("team_id")}
        </label>
        <label>${msg("From", { id: "analytics.from" })}
          <input type="datetime-local" name="since" aria-invalid=${this.#invalid("since")} />
          ${this.#problemOf("since")}
        </label>
        <label>${msg("To", { id: "analytics.to" })}
          <input type="datetime-local" name="until" aria-invalid=${this.#invalid("until")} />
          ${this.#problemOf("until")}
        </label>
        <label>${msg("Kind", { id: "auditLog.kind" })}
          <select name="kind" aria-invalid=${this.#invalid("kind")}>
            <option value="">${msg("Any kind", { id: "auditLog.anyKind" })}</option>
            ${groups().map(
              ([group, members]) => html`<optgroup label=${groupNames()[group] ?? group}>
                ${members.length > 1 ? html`<option value=${members.join(",")}>${msg(str`All: ${groupNames()[group] ?? group}`, { id: "auditLog.all" })}</option>` : nothing}
                ${members.map((kind) => html`<option value=${kind}>${kindNames()[kind]}</option>`)}
              </optgroup>`,
            )}
          </select>
          ${this.#problemOf("kind")}
        </label>
        <div class="actions">
          <button class="primary" type="submit">${msg("Apply", { id: "reportFilters.apply" })}</button>
          <button type="button" @click=${(event: Event) => this.#clear(event)}>${msg("Clear", { id: "reportFilters.clear" })}</button>
        </div>
      </form>
    `
  }

  /** A user's name, where the reader knows them. */
  #nameOf(id: number): string | undefined {
    const person = this.people.find((candidate) => candidate.id === id)
    return person === undefined ? undefined : fullName(person) || person.email
  }

  #actor(id: number | null) {
    if (id === null) return html`<span class="muted">${msg("Nobody known", { id: "auditLog.nobody" })}</span>`
    return this.#nameOf(id) ?? msg(str`User ${id}`, { id: "tasksBoard.user" })
  }

  /** What the event was about: a user by name where known, anything else by its type and id. */
  #target(event: AuditEvent): string {
    if (event.target_type === null) return ""
    const id = event.target_id ?? ""
    const name = event.target_type === "user" && /^\d+$/.test(id) ? this.#nameOf(Number(id)) : undefined
    return `${targetTypeName(event.target_type)} ${name ?? id}`
  }

  /** The event's detail as "name: value" pairs, a user id as the user's name where known. */
  #detail(event: AuditEvent): string {
    return Object.entries(event.detail ?? {})
      .map(([name, value]) => {
        const user = name === "user_id" && typeof value === "number" ? this.#nameOf(value) : undefined
        if (user !== undefined) return msg(str`user: ${user}`, { id: "auditLog.userDetail" })
        return `${name.replaceAll("_", " ")}: ${value === null ? msg("none", { id: "reportDetail.none" }) : String(value)}`
      })
      .join(", ")
  }

  #team(id: number | null) {
    if (id === null) return ""
    return this.teams.find((team) => team.id === id)?.name ?? msg(str`Team ${id}`, { id: "auditLog.teamId" })
  }

  #row(event: AuditEvent) {
    const [when, what, who, team, on, details, from] = headings()
    return html`
      <tr class=${event.outcome}>
        <td data-label=${when}>${formatTime(event.occurred_at)}</td>
        <th scope="row" data-label=${what}>${kindNames()[event.kind]}${event.outcome === "failure" ? html` <span class="error">${msg("(failed)", { id: "auditLog.failed" })}</span>` : nothing}</th>
        <td data-label=${who}>${this.#actor(event.actor_id)}</td>
        <td data-label=${team}>${this.#team(event.team_id)}</td>
        <td data-label=${on}>${this.#target(event)}</td>
        <td data-label=${details}>${this.#detail(event)}</td>
        <td data-label=${from}>${event.client_address ?? ""}${
          event.request_id === null
            ? nothing
            : html`<br /><span class="muted">${msg(str`request ${event.request_id}`, { id: "auditLog.request" })}</span>`
        }</td>
      </tr>
    `
  }

  #pager() {
    const end = this.start + this.events.length
    const said =
      this.events.length === 0
        ? this.loading
          ? msg("Loading…", { id: "shell.loading" })
          : msg("No events", { id: "auditLog.none" })
        : this.total === undefined
          ? msg(str`Events ${count(this.start + 1)}–${count(end)}`, { id: "auditLog.range" })
          : msg(str`Events ${count(this.start + 1)}–${count(end)} of ${count(this.total)}`, {
              id: "auditLog.rangeOf",
            })
    return html`
      <div part="pager" class="pager">
        <button type="button" ?disabled=${this.start === 0} @click=${() => this.load(Math.max(0, this.start - PAGE))}>${msg("Previous page", { id: "auditLog.previous" })}</button>
        <span role="status">${said}</span>
        <button type="button" ?disabled=${this.total === undefined || end >= this.total} @click=${() => this.load(end)}>${msg("Next page", { id: "auditLog.next" })}</button>
      </div>
    `
  }

  override render() {
    if (this.refused)
      return html`<p role="alert">${msg(str`The audit log is for platform administrators, the app's administrators and team owners: ${this.problem}`, { id: "auditLog.refused" })}</p>`
    return html`
      ${this.#filterForm()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <table part="events" aria-label=${msg("Audit events", { id: "auditLog.events" })}>
        <thead>
          <tr>${headings().map((heading) => html`<th scope="col">${heading}</th>`)}</tr>
        </thead>
        <tbody>${this.events.map((event) => this.#row(event))}</tbody>
      </table>
      ${this.#pager()}
    `
  }
}

/** The table's column headings, in their order. */
const headings = (): ReadonlyArray<string> => [
  msg("When", { id: "auditLog.when" }),
  msg("Event", { id: "auditLog.event" }),
  msg("Who", { id: "auditLog.who" }),
  msg("Team", { id: "view.team" }),
  msg("On", { id: "auditLog.on" }),
  msg("Details", { id: "auditLog.details" }),
  msg("From", { id: "analytics.from" }),
]

customElements.define("fr-audit-log", AuditLog)

declare global {
  interface HTMLElementTagNameMap {
    "fr-audit-log": AuditLog
  }
}
