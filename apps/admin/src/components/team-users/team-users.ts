/**
 * The users of a team, with every filter and order of the team users list (agreed to join, team
 * role, user ids, team user ids to include or exclude; name, e-mail, invitation, activity,
 * supervisor, status), paged with `Range`, and a manager's controls for role and supervisor. A changed
 * role or supervisor waits for the row's Save, which says what it changed (`SaveStatus`).
 *
 * An invitee who has not accepted is listed as the invitation the API shows (docs/api.md,
 * Invitations): "Invited user N", their role and the date of the last invitation, nothing of the
 * person, and no controls until they join.
 *
 * To the team's managers and owner (and platform administrators) the addresses invited by e-mail
 * that have no account yet are listed too, as pending invitations: the address, the roles and channels they
 * get, when the last e-mail went out and until when its link works. Each may be sent again, once a
 * day (before then its button says from when), or withdrawn, each after a confirmation and saying
 * what it did (`SaveStatus`).
 */

import type { TeamInvitation } from "@fieldreport/domain/TeamInvitation"
import {
  type InvitedTeamUser,
  isInvitee,
  type TeamUser,
  type TeamUserRecord,
  type TeamUserUpdate,
} from "@fieldreport/domain/TeamUser"
import { msg, str } from "@lit/localize"
import { DateTime, Duration } from "effect"
import { html, nothing } from "lit"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { formatCount } from "../../shared/size.ts"
import { currentTeamId, fullName, teamPeople } from "../../shared/team.ts"
import { formatDate } from "../../shared/time.ts"
import { styles } from "./team-users.styles.ts"

/** The query of the list, as the filter form holds it. */
interface Filters {
  readonly agreed_to_join: string
  readonly team_role: string
  readonly user_ids: string
  readonly includes_team_user_ids: string
  readonly excludes_team_user_ids: string
  readonly order: string
  readonly direction: string
}

const noFilters: Filters = {
  agreed_to_join: "",
  team_role: "",
  user_ids: "",
  includes_team_user_ids: "",
  excludes_team_user_ids: "",
  order: "name",
  direction: "asc",
}

/** The orders the list offers, each with its name in the language shown. */
const orders = [
  ["name", () => msg("Name", { id: "apiTokens.name" })],
  ["email", () => msg("E-mail", { id: "account.email" })],
  ["last_invited_at", () => msg("Last invited", { id: "teamUsers.lastInvited" })],
  ["last_activity", () => msg("Last active", { id: "teamUsers.lastActive" })],
  ["supervisor", () => msg("Supervisor", { id: "teamUsers.supervisor" })],
  ["status", () => msg("Status", { id: "teamUsers.status" })],
] as const

/** Ids typed as "3, 4 5": the list form the API reads (`3,4,5`), or undefined when none. */
const idList = (text: string): ReadonlyArray<number> | undefined => {
  const ids = text.split(/[\s,]+/).filter((id) => /^\d+$/.test(id))
  return ids.length === 0 ? undefined : ids.map(Number)
}

const PAGE = 50

const roleNames = (): Record<TeamUser["role"], string> => ({
  team_member: msg("Member", { id: "addUsers.member" }),
  manager: msg("Manager", { id: "addUsers.manager" }),
  owner: msg("Owner", { id: "teamUsers.owner" }),
})

/** How often a pending invitation may be sent again (the API's rule). */
const resendInterval = Duration.days(1)

/** The most pending invitations shown; a team rarely waits on more. */
const INVITATIONS = 100

/**
 * @summary The team's users with every filter and sort, their role and supervisor.
 *
 * @csspart filters - The filter and sort form.
 * @csspart table - The table of users.
 * @csspart invitations - The table of addresses invited by e-mail, shown to the team's managers.
 *
 * @cssproperty --fr-color-border - Lines between rows.
 *
 * @example
 * ```html
 * <fr-team-users base-url="https://reports.example.com" token="…" team-id="3"></fr-team-users>
 * ```
 */
export class TeamUsers extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    users: { state: true },
    everyone: { state: true },
    start: { state: true },
    total: { state: true },
    filters: { state: true },
    problem: { state: true },
    pending: { state: true },
    invitations: { state: true },
  }

  declare users: ReadonlyArray<TeamUserRecord>
  /** Every user of the team who joined, to name supervisors. */
  declare everyone: ReadonlyArray<TeamUser>
  declare start: number
  declare total: number | undefined
  declare filters: Filters
  declare problem: string | undefined
  /** Role and supervisor changes not saved yet, by team user id. */
  declare pending: ReadonlyMap<number, typeof TeamUserUpdate.Encoded>
  /** The addresses invited by e-mail, not yet accepted; empty for those who may not list them. */
  declare invitations: ReadonlyArray<TeamInvitation>

  #status = new SaveStatus(this)
  /** Resends and withdrawals of the invitations by e-mail, said under their table. */
  #invitationStatus = new SaveStatus(this)
  #teamId: number | undefined
  /** Whether the user may list the team's invitations by e-mail. */
  #listsInvitations = false
  /** Counts loads, so the answer to an older filter never replaces a newer one's. */
  #asked = 0

  constructor() {
    super()
    this.users = []
    this.everyone = []
    this.start = 0
    this.total = undefined
    this.filters = noFilters
    this.problem = undefined
    this.pending = new Map()
    this.invitations = []
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      this.#teamId = await currentTeamId(connection)
      if (this.#teamId === undefined) return
      const [everyone, me, app] = await Promise.all([
        teamPeople(connection, this.#teamId),
        run(connection.client.call("getCurrentUser")),
        run(connection.client.call("getCurrentBrandedApp")),
      ])
      this.everyone = everyone
      // The app's administrators (platform administrators among them) and the team's managers list
      // the invitations; nobody else may, so they are not asked for (a 403 the browser would log).
      this.#listsInvitations =
        app.is_administrator ||
        everyone.some((person) => person.user_id === me.id && person.role !== "team_member")
      await this.load(0)
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Loads the page starting at `start` with the current filters and order, and the pending invitations. */
  async load(start: number): Promise<void> {
    const connection = this.connection
    if (connection === undefined || this.#teamId === undefined) return
    if (this.#listsInvitations) void this.#loadInvitations(connection, this.#teamId)
    const filters = this.filters
    const asked = ++this.#asked
    try {
      const page = await run(
        connection.client.page(
          "listTeamUsers",
          { start, end: start + PAGE - 1 },
          {
            path: { team_id: this.#teamId },
            query: {
              agreed_to_join: filters.agreed_to_join === "" ? undefined : filters.agreed_to_join,
              team_role: filters.team_role === "" ? undefined : filters.team_role,
              "user_ids[]": idList(filters.user_ids),
              "includes_team_user_ids[]": idList(filters.includes_team_user_ids),
              "excludes_team_user_ids[]": idList(filters.excludes_team_user_ids),
              orderby: `${filters.order} ${filters.direction}`,
              fields: "channel_count,report_count,status,supervisor_id",
            },
          },
        ),
      )
      if (asked !== this.#asked) return
      this.users = page.items
      this.start = page.start
      this.total = page.total
      this.problem = undefined
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** The pending invitations by e-mail. */
  async #loadInvitations(connection: Connection, teamId: number): Promise<void> {
    try {
      const page = await run(
        connection.client.page(
          "listTeamInvitations",
          { start: 0, end: INVITATIONS - 1 },
          { path: { team_id: teamId } },
        ),
      )
      this.invitations = page.items
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** When an invitation may be sent again; undefined when it may now. */
  #resendableFrom(invitation: TeamInvitation): DateTime.Utc | undefined {
    const from = DateTime.addDuration(invitation.last_invited_at, resendInterval)
    return DateTime.toEpochMillis(from) > Date.now() ? from : undefined
  }

  async #resend(invitation: TeamInvitation): Promise<void> {
    const connection = this.connection
    const teamId = this.#teamId
    if (connection === undefined || teamId === undefined) return
    if (
      !confirm(
        msg(
          str`Send the invitation to ${invitation.email} again? The link of the last e-mail stops working.`,
          {
            id: "teamUsers.confirmResend",
          },
        ),
      )
    )
      return
    const sent = await this.#invitationStatus.save(
      () =>
        run(connection.client.call("resendTeamInvitation", { path: { team_id: teamId, id: invitation.id } })),
      msg(str`The invitation to ${invitation.email} was sent again; its new link works for 7 days.`, {
        id: "teamUsers.resent",
      }),
    )
    if (sent) await this.#loadInvitations(connection, teamId)
  }

  async #withdraw(invitation: TeamInvitation): Promise<void> {
    const connection = this.connection
    const teamId = this.#teamId
    if (connection === undefined || teamId === undefined) return
    if (
      !confirm(
        msg(str`Withdraw the invitation to ${invitation.email}? Its link stops working.`, {
          id: "teamUsers.confirmWithdraw",
        }),
      )
    )
      return
    const withdrawn = await this.#invitationStatus.save(
      () =>
        run(
          connection.client.call("withdrawTeamInvitation", { path: { team_id: teamId, id: invitation.id } }),
        ),
      msg(str`The invitation to ${invitation.email} was withdrawn.`, { id: "teamUsers.withdrawn" }),
    )
    if (withdrawn) await this.#loadInvitations(connection, teamId)
  }

  #invitations() {
    if (this.invitations.length === 0) return this.#invitationStatus.render()
    const expired = (invitation: TeamInvitation) =>
      DateTime.toEpochMillis(invitation.expires_at) <= Date.now()
    return html`
      <div class="table-wrap">
        <table part="invitations" aria-label=${msg("Invited by e-mail", { id: "teamUsers.invitedByEmail" })}>
          <caption>${msg("Invited by e-mail, no account yet", { id: "teamUsers.invitedCaption" })}</caption>
          <thead>
            <tr>
              ${[
                msg("E-mail", { id: "account.email" }),
                msg("Role", { id: "teamUsers.role" }),
                msg("Channels", { id: "reportFilters.channels" }),
                msg("Last sent", { id: "teamUsers.lastSent" }),
                msg("Link", { id: "teamUsers.link" }),
                msg("Actions", { id: "teamUsers.actions" }),
              ].map((heading) => html`<th scope="col">${heading}</th>`)}
            </tr>
          </thead>
          <tbody>
            ${this.invitations.map((invitation) => {
              const from = this.#resendableFrom(invitation)
              return html`<tr class="invited">
                <th scope="row">${invitation.email}</th>
                <td>${roleNames()[invitation.team_role]}</td>
                <td>${invitation.channel_ids.length === 0 ? "none" : `${invitation.channel_ids.length} as ${invitation.channel_role}`}</td>
                <td>${formatDate(invitation.last_invited_at)}</td>
                <td>${expired(invitation) ? msg("expired", { id: "teamUsers.expired" }) : msg(str`works until ${formatDate(invitation.expires_at)}`, { id: "teamUsers.worksUntil" })}</td>
                <td class="actions">
                  <button aria-label=${msg(str`Send the invitation to ${invitation.email} again`, { id: "teamUsers.resendLabel" })} ?disabled=${from !== undefined || this.#invitationStatus.saving}
                    @click=${() => this.#resend(invitation)}>${from === undefined ? msg("Resend", { id: "teamUsers.resend" }) : msg(str`Resend from ${formatDate(from)}`, { id: "teamUsers.resendFrom" })}</button>
                  <button aria-label=${msg(str`Withdraw the invitation to ${invitation.email}`, { id: "teamUsers.withdrawLabel" })} ?disabled=${this.#invitationStatus.saving}
                    @click=${() => this.#withdraw(invitation)}>${msg("Withdraw", { id: "teamUsers.withdraw" })}</button>
                </td>
              </tr>`
            })}
          </tbody>
        </table>
      </div>
      ${this.#invitationStatus.render()}
    `
  }

  /** Keeps a change of a row until its Save; a change back to what is stored is no change. */
  #stage(user: TeamUser, change: typeof TeamUserUpdate.Encoded): void {
    const merged = { ...this.pending.get(user.id), ...change }
    const differs =
      (merged.role !== undefined && merged.role !== user.role) ||
      (merged.supervisor_id !== undefined && merged.supervisor_id !== (user.supervisor_id ?? null))
    const pending = new Map(this.pending)
    if (differs) pending.set(user.id, merged)
    else pending.delete(user.id)
    this.pending = pending
    this.#status.edited()
  }

  async #save(user: TeamUser): Promise<void> {
    const connection = this.connection
    const team_user = this.pending.get(user.id)
    if (connection === undefined || this.#teamId === undefined || team_user === undefined) return
    const teamId = this.#teamId
    const saved = await this.#status.save(
      () =>
        run(
          connection.client.call("updateTeamUser", {
            path: { team_id: teamId, id: user.id },
            body: { team_user },
          }),
        ),
      this.#saidOf(user, team_user),
    )
    if (!saved) return
    const pending = new Map(this.pending)
    pending.delete(user.id)
    this.pending = pending
    await this.load(this.start)
  }

  /** What a saved change did, in words. */
  #saidOf(user: TeamUser, change: typeof TeamUserUpdate.Encoded): string {
    const name = fullName(user)
    const said: Array<string> = []
    if (change.role !== undefined && change.role !== user.role)
      said.push(
        change.role === "manager"
          ? msg(str`${name} is now a manager.`, { id: "teamUsers.nowManager" })
          : msg(str`${name} is now a member.`, { id: "teamUsers.nowMember" }),
      )
    if (change.supervisor_id !== undefined && change.supervisor_id !== (user.supervisor_id ?? null)) {
      const supervisor = this.everyone.find((other) => other.id === change.supervisor_id)
      said.push(
        supervisor === undefined
          ? msg(str`${name} has no supervisor now.`, { id: "teamUsers.noSupervisor" })
          : msg(str`${name} is now supervised by ${fullName(supervisor)}.`, { id: "teamUsers.supervisedBy" }),
      )
    }
    return said.join(" ")
  }

  #filter(event: SubmitEvent): void {
    event.preventDefault()
    const data = new FormData(event.currentTarget as HTMLFormElement)
    const text = (name: keyof Filters) => String(data.get(name) ?? "")
    this.filters = {
      agreed_to_join: text("agreed_to_join"),
      team_role: text("team_role"),
      user_ids: text("user_ids"),
      includes_team_user_ids: text("includes_team_user_ids"),
      excludes_team_user_ids: text("excludes_team_user_ids"),
      order: text("order"),
      direction: text("direction"),
    }
    void this.load(0)
  }

  #filters() {
    const filters = this.filters
    return html`
      <form part="filters" role="search" aria-label=${msg("Filter and sort team users", { id: "teamUsers.filter" })} @submit=${(event: SubmitEvent) => this.#filter(event)}>
        <label>${msg("Joined", { id: "teamUsers.joined" })}
          <select name="agreed_to_join">
            <option value="" ?selected=${filters.agreed_to_join === ""}>${msg("Everyone", { id: "tasksBoard.everyone" })}</option>
            <option value="true" ?selected=${filters.agreed_to_join === "true"}>${msg("Agreed to join", { id: "teamUsers.agreed" })}</option>
            <option value="false" ?selected=${filters.agreed_to_join === "false"}>${msg("Invited, not joined", { id: "teamUsers.notJoined" })}</option>
          </select>
        </label>
        <label>${msg("Team role", { id: "addUsers.teamRole" })}
          <select name="team_role">
            <option value="" ?selected=${filters.team_role === ""}>${msg("Any role", { id: "teamUsers.anyRole" })}</option>
            <option value="true" ?selected=${filters.team_role === "true"}>${msg("Managers and owner", { id: "teamUsers.managers" })}</option>
            <option value="false" ?selected=${filters.team_role === "false"}>${msg("Members", { id: "teamUsers.members" })}</option>
          </select>
        </label>
        <label>${msg("User ids", { id: "teamUsers.userIds" })} <input name="user_ids" inputmode="numeric" .value=${filters.user_ids} placeholder=${msg("e.g. 3, 7", { id: "teamUsers.idsPlaceholder" })} /></label>
        <label>${msg("Only team user ids", { id: "teamUsers.onlyIds" })} <input name="includes_team_user_ids" .value=${filters.includes_team_user_ids} /></label>
        <label>${msg("Without team user ids", { id: "teamUsers.withoutIds" })} <input name="excludes_team_user_ids" .value=${filters.excludes_team_user_ids} /></label>
        <label>${msg("Sort by", { id: "teamUsers.sortBy" })}
          <select name="order">
            ${orders.map(([value, label]) => html`<option value=${value} ?selected=${filters.order === value}>${label()}</option>`)}
          </select>
        </label>
        <label>${msg("Direction", { id: "teamUsers.direction" })}
          <select name="direction">
            <option value="asc" ?selected=${filters.direction === "asc"}>${msg("Ascending", { id: "teamUsers.ascending" })}</option>
            <option value="desc" ?selected=${filters.direction === "desc"}>${msg("Descending", { id: "teamUsers.descending" })}</option>
          </select>
        </label>
        <button class="primary" type="submit">${msg("Apply", { id: "reportFilters.apply" })}</button>
      </form>
    `
  }

  /** An invitee's row: the invitation only. */
  #inviteeRow(invitee: InvitedTeamUser) {
    return html`
      <tr class="invited">
        <th scope="row">${msg(str`Invited user ${invitee.user_id}`, { id: "teamUsers.invitedUser" })}</th>
        <td></td>
        <td>${roleNames()[invitee.role]}</td>
        <td>
          ${invitee.status ?? msg("invited", { id: "teamUsers.invited" })}
          ${invitee.last_invited_at === null ? nothing : html`<span class="muted">· ${msg(str`last invitation ${formatDate(invitee.last_invited_at)}`, { id: "teamUsers.lastInvitation" })}</span>`}
        </td>
        <td></td>
        <td></td>
        <td></td>
        <td></td>
        <td class="device"></td>
        <td></td>
      </tr>
    `
  }

  #row(record: TeamUserRecord) {
    if (isInvitee(record)) return this.#inviteeRow(record)
    const user = record
    const name = fullName(user)
    const change = this.pending.get(user.id)
    const role = change?.role ?? user.role
    const supervisorId =
      change?.supervisor_id === undefined ? (user.supervisor_id ?? null) : change.supervisor_id
    return html`
      <tr>
        <th scope="row">${name}</th>
        <td>${user.email}</td>
        <td>
          ${
            user.role === "owner"
              ? msg("Owner", { id: "teamUsers.owner" })
              : html`<select aria-label=${msg(str`Role of ${name}`, { id: "teamUsers.roleOf" })} @change=${(event: Event) => this.#stage(user, { role: (event.target as HTMLSelectElement).value as "team_member" | "manager" })}>
                  <option value="team_member" ?selected=${role === "team_member"}>${msg("Member", { id: "addUsers.member" })}</option>
                  <option value="manager" ?selected=${role === "manager"}>${msg("Manager", { id: "addUsers.manager" })}</option>
                </select>`
          }
        </td>
        <td>
          ${user.status ?? ""}
          ${user.last_invited_at === null ? nothing : html`<span class="muted">· ${msg(str`last invitation ${formatDate(user.last_invited_at)}`, { id: "teamUsers.lastInvitation" })}</span>`}
        </td>
        <td>
          <select
            aria-label=${msg(str`Supervisor of ${name}`, { id: "teamUsers.supervisorOf" })}
            @change=${(event: Event) => {
              const value = (event.target as HTMLSelectElement).value
              this.#stage(user, { supervisor_id: value === "" ? null : Number(value) })
            }}
          >
            <option value="" ?selected=${supervisorId === null}>${msg("None", { id: "teamUsers.none" })}</option>
            ${this.everyone
              .filter((other) => other.id !== user.id)
              .map(
                (other) =>
                  html`<option value=${other.id} ?selected=${supervisorId === other.id}>${fullName(other)}</option>`,
              )}
          </select>
        </td>
        <td>${user.channel_count ?? ""}</td>
        <td>${user.report_count ?? ""}</td>
        <td>${formatDate(user.last_active_at)}</td>
        <td class="device">
          ${user.app_version === "" ? "—" : msg(str`app ${user.app_version}`, { id: "teamUsers.app" })}
          ${user.location_enabled ? ` · ${msg("location", { id: "teamUsers.location" })}` : ""}${user.push_notification_enabled ? ` · ${msg("push", { id: "teamUsers.push" })}` : ""}${user.bluetooth_enabled ? " · bluetooth" : ""}
        </td>
        <td>
          <!-- Named by aria-label: a visually hidden span would sit past the wide table's edge and widen the page. -->
          <button class="primary" aria-label=${msg(str`Save changes to ${name}`, { id: "teamUsers.saveLabel" })} ?disabled=${change === undefined || this.#status.saving}
            @click=${() => this.#save(user)}>${msg("Save", { id: "categoryTree.save" })}</button>
        </td>
      </tr>
    `
  }

  override render() {
    const end = this.start + this.users.length
    return html`
      ${this.#filters()}
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${this.#status.render()}
      <div class="table-wrap">
        <table part="table" aria-label=${msg("Team users", { id: "view.team.users" })}>
          <thead>
            <tr>
              ${[
                msg("Name", { id: "apiTokens.name" }),
                msg("E-mail", { id: "account.email" }),
                msg("Role", { id: "teamUsers.role" }),
                msg("Status", { id: "teamUsers.status" }),
                msg("Supervisor", { id: "teamUsers.supervisor" }),
                msg("Channels", { id: "reportFilters.channels" }),
                msg("Reports", { id: "view.reports" }),
                msg("Last active", { id: "teamUsers.lastActive" }),
                msg("Device", { id: "teamUsers.device" }),
                msg("Changes", { id: "reportDetail.changes" }),
              ].map((heading) => html`<th scope="col">${heading}</th>`)}
            </tr>
          </thead>
          <tbody>${this.users.map((user) => this.#row(user))}</tbody>
        </table>
      </div>
      <div class="pager">
        <button ?disabled=${this.start === 0} @click=${() => this.load(Math.max(0, this.start - PAGE))}>${msg("Previous page", { id: "auditLog.previous" })}</button>
        <span role="status">${
          this.users.length === 0
            ? msg("No users", { id: "teamUsers.noUsers" })
            : this.total === undefined
              ? `${formatCount(this.start + 1)}–${formatCount(end)}`
              : msg(str`${formatCount(this.start + 1)}–${formatCount(end)} of ${formatCount(this.total)}`, {
                  id: "teamUsers.rangeOf",
                })
        }</span>
        <button ?disabled=${this.total === undefined || end >= this.total} @click=${() => this.load(end)}>${msg("Next page", { id: "auditLog.next" })}</button>
      </div>
      ${this.#invitations()}
    `
  }
}

customElements.define("fr-team-users", TeamUsers)

declare global {
  interface HTMLElementTagNameMap {
    "fr-team-users": TeamUsers
  }
}
