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
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { findPerson, type Person, personLabel, platformUsers } from "../../shared/people.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
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

const kindNames: Record<Kind, string> = {
  "login.succeeded": "Signed in",
  "login.failed": "Sign-in failed",
  "session.revoked": "Session or token ended",
  "api_token.created": "API token created",
  "api_token.revoked": "API token revoked",
  "password.changed": "Password changed",
  "password.reset": "Password reset by e-mail",
  "email.changed": "E-mail address changed",
  "user.created": "User created",
  "user.changed": "User changed",
  "user.signed_up": "Signed up",
  "email.verified": "E-mail address verified",
  "team_user.invited": "Invited to a team",
  "team_user.added": "Added to a team",
  "team_user.accepted": "Invitation accepted",
  "team_user.role_changed": "Team role changed",
  "team_user.channels_changed": "Channels changed",
  "team_invitation.invited": "Address invited to a team",
  "team_invitation.resent": "Address invitation sent again",
  "team_invitation.withdrawn": "Address invitation withdrawn",
  "team_invitation.accepted": "Address invitation accepted",
  "team.ownership_transferred": "Team ownership moved",
  "team.deleted": "Team deleted",
  "channel.deleted": "Channel deleted",
  "app_administrator.added": "App administrator added",
  "app_administrator.removed": "App administrator removed",
  "shape.created": "Shape created",
  "shape.updated": "Shape changed",
  "shape.deleted": "Shape deleted",
}

/** What each group of kinds (the part before the dot) is about. */
const groupNames: Record<string, string> = {
  login: "Sign-ins",
  session: "Sessions",
  api_token: "API tokens",
  password: "Passwords",
  email: "E-mail addresses",
  user: "Users",
  team_user: "Team members",
  team_invitation: "Invitations by e-mail",
  team: "Teams",
  channel: "Channels",
  app_administrator: "App administrators",
  shape: "Shapes",
}

/** The kinds by group, in the order the API lists them. */
const groups = (): ReadonlyArray<readonly [string, ReadonlyArray<Kind>]> => {
  const grouped = new Map<string, Array<Kind>>()
  for (const kind of kinds) {
    const group = kind.slice(0, kind.indexOf("."))
    grouped.set(group, [...(grouped.get(group) ?? []), kind])
  }
  return [...grouped]
}

const count = (value: number) => new Intl.NumberFormat().format(value)

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
        `no one is “${actorText}”: pick a name or e-mail address from the list, or give a user id`,
      ]
    const since = fromLocalInput(text("since"))
    const until = fromLocalInput(text("until"))
    if (since !== undefined && until !== undefined && since > until)
      problems.until = ["must not be before From"]
    if (Object.keys(problems).length > 0) {
      this.problems = problems
      this.problem = "The filter has problems; see the fields marked below."
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
      <form part="filters" role="search" aria-label="Filter the audit log" @submit=${(event: SubmitEvent) => this.#filter(event)}>
        <label>Who acted
          <input name="actor" list="actors" autocomplete="off" placeholder="Anyone" aria-invalid=${this.#invalid("actor_id")} />
          ${this.#problemOf("actor_id")}
        </label>
        <datalist id="actors">${this.people.map((person) => html`<option value=${personLabel(person)}></option>`)}</datalist>
        <label>Team
          <select name="team" aria-invalid=${this.#invalid("team_id")}>
            <option value="">All teams</option>
            ${this.#readableTeams.map((team) => html`<option value=${team.id}>${team.name}</option>`)}
          </select>
          ${this.#problemOf("team_id")}
        </label>
        <label>From
          <input type="datetime-local" name="since" aria-invalid=${this.#invalid("since")} />
          ${this.#problemOf("since")}
        </label>
        <label>To
          <input type="datetime-local" name="until" aria-invalid=${this.#invalid("until")} />
          ${this.#problemOf("until")}
        </label>
        <label>Kind
          <select name="kind" aria-invalid=${this.#invalid("kind")}>
            <option value="">Any kind</option>
            ${groups().map(
              ([group, members]) => html`<optgroup label=${groupNames[group] ?? group}>
                ${members.length > 1 ? html`<option value=${members.join(",")}>All: ${groupNames[group] ?? group}</option>` : nothing}
                ${members.map((kind) => html`<option value=${kind}>${kindNames[kind]}</option>`)}
              </optgroup>`,
            )}
          </select>
          ${this.#problemOf("kind")}
        </label>
        <div class="actions">
          <button class="primary" type="submit">Apply</button>
          <button type="button" @click=${(event: Event) => this.#clear(event)}>Clear</button>
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
    if (id === null) return html`<span class="muted">Nobody known</span>`
    return this.#nameOf(id) ?? `User ${id}`
  }

  /** What the event was about: a user by name where known, anything else by its type and id. */
  #target(event: AuditEvent): string {
    if (event.target_type === null) return ""
    const id = event.target_id ?? ""
    const name = event.target_type === "user" && /^\d+$/.test(id) ? this.#nameOf(Number(id)) : undefined
    return `${event.target_type.replaceAll("_", " ")} ${name ?? id}`
  }

  /** The event's detail as "name: value" pairs, a user id as the user's name where known. */
  #detail(event: AuditEvent): string {
    return Object.entries(event.detail ?? {})
      .map(([name, value]) => {
        const user = name === "user_id" && typeof value === "number" ? this.#nameOf(value) : undefined
        if (user !== undefined) return `user: ${user}`
        return `${name.replaceAll("_", " ")}: ${value === null ? "none" : String(value)}`
      })
      .join(", ")
  }

  #team(id: number | null) {
    if (id === null) return ""
    return this.teams.find((team) => team.id === id)?.name ?? `Team ${id}`
  }

  #row(event: AuditEvent) {
    return html`
      <tr class=${event.outcome}>
        <td data-label="When">${formatTime(event.occurred_at)}</td>
        <th scope="row" data-label="Event">${kindNames[event.kind]}${event.outcome === "failure" ? html` <span class="error">(failed)</span>` : nothing}</th>
        <td data-label="Who">${this.#actor(event.actor_id)}</td>
        <td data-label="Team">${this.#team(event.team_id)}</td>
        <td data-label="On">${this.#target(event)}</td>
        <td data-label="Details">${this.#detail(event)}</td>
        <td data-label="From">${event.client_address ?? ""}${
          event.request_id === null
            ? nothing
            : html`<br /><span class="muted">request ${event.request_id}</span>`
        }</td>
      </tr>
    `
  }

  #pager() {
    const end = this.start + this.events.length
    const said =
      this.events.length === 0
        ? this.loading
          ? "Loading…"
          : "No events"
        : `Events ${count(this.start + 1)}–${count(end)}${this.total === undefined ? "" : ` of ${count(this.total)}`}`
    return html`
      <div part="pager" class="pager">
        <button type="button" ?disabled=${this.start === 0} @click=${() => this.load(Math.max(0, this.start - PAGE))}>Previous page</button>
        <span role="status">${said}</span>
        <button type="button" ?disabled=${this.total === undefined || end >= this.total} @click=${() => this.load(end)}>Next page</button>
      </div>
    `
  }

  override render() {
    if (this.refused)
      return html`<p role="alert">The audit log is for platform administrators, the app's administrators and team
        owners: ${this.problem}</p>`
    return html`
      ${this.#filterForm()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      <table part="events" aria-label="Audit events">
        <thead>
          <tr>${["When", "Event", "Who", "Team", "On", "Details", "From"].map((heading) => html`<th scope="col">${heading}</th>`)}</tr>
        </thead>
        <tbody>${this.events.map((event) => this.#row(event))}</tbody>
      </table>
      ${this.#pager()}
    `
  }
}

customElements.define("fr-audit-log", AuditLog)

declare global {
  interface HTMLElementTagNameMap {
    "fr-audit-log": AuditLog
  }
}
