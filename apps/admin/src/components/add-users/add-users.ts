/**
 * Adds users to channels of a team with a channel role (`addUsersToTeamChannels`), with or without
 * an invitation e-mail, and shows the result for every user in every channel.
 *
 * Nobody joins a team without consenting (docs/api.md, Invitations): someone a team's manager adds
 * who is not yet in the team is invited and joins when they accept; the app's administrators add
 * people directly. The results say which happened, from the team's users who joined, read again
 * after the answer.
 *
 * A second form invites people by e-mail address (`createTeamInvitation`), one or several at once,
 * with a team role and channels: an address without an account is sent a link to make one and join,
 * an address with an account is invited as a team user. Each address gets its own result.
 */

import type { Channel } from "@fieldreport/domain/Channel"
import type { ChannelRole } from "@fieldreport/domain/Roles"
import type { InvitedTeamRole } from "@fieldreport/domain/TeamInvitation"
import type { TeamUser } from "@fieldreport/domain/TeamUser"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { UsersAddedEvent } from "../../events/users-added.ts"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { currentTeamId, fullName, teamChannels, teamPeople } from "../../shared/team.ts"
import { styles } from "./add-users.styles.ts"

/** Each channel role with what it may do, in the language shown. */
const roles: ReadonlyArray<readonly [ChannelRole, () => string]> = [
  ["viewer", () => msg("Viewer: reads reports", { id: "addUsers.role.viewer" })],
  ["reporter", () => msg("Reporter: also files reports", { id: "addUsers.role.reporter" })],
  ["operator", () => msg("Operator: handles every report", { id: "addUsers.role.operator" })],
  ["admin", () => msg("Admin: also shapes the channel", { id: "addUsers.role.admin" })],
]

/** A channel role's name, in the language shown. */
const roleName = (role: ChannelRole): string => {
  switch (role) {
    case "viewer":
      return msg("viewer", { id: "addUsers.roleName.viewer" })
    case "reporter":
      return msg("reporter", { id: "addUsers.roleName.reporter" })
    case "operator":
      return msg("operator", { id: "addUsers.roleName.operator" })
    case "admin":
      return msg("admin", { id: "addUsers.roleName.admin" })
  }
}

/**
 * The addresses typed into the invitation form: separated by commas, semicolons, spaces or lines,
 * each once.
 *
 * @example
 * ```ts
 * addressesOf("ana@example.net, bo@example.net\nana@example.net") // ["ana@example.net", "bo@example.net"]
 * ```
 */
export const addressesOf = (text: string): ReadonlyArray<string> => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .map((address) => address.trim())
      .filter((address) => address !== ""),
  ),
]

/** One line of an invitation's results: an address and what happened. */
interface Invited {
  readonly email: string
  readonly text: string
  readonly ok: boolean
}

/** One line of the results: a user in a channel and what happened. */
interface Outcome {
  readonly channel: string
  readonly user: string
  readonly text: string
  readonly ok: boolean
}

/**
 * @summary Adds users to a team's channels with a role; people not yet in the team are invited.
 *
 * @csspart form - The form.
 * @csspart results - The list of results.
 * @csspart invite-form - The form that invites by e-mail address.
 * @csspart invite-results - The result of each address invited.
 *
 * @event fr-users-added - After the server answered; `userIds` are the users sent (none for invitations by e-mail).
 *
 * @example
 * ```html
 * <fr-add-users base-url="https://reports.example.com" token="…" team-id="3"></fr-add-users>
 * ```
 */
export class AddUsers extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channels: { state: true },
    people: { state: true },
    outcomes: { state: true },
    problem: { state: true },
    invited: { state: true },
    inviteProblem: { state: true },
    inviting: { state: true },
  }

  declare channels: ReadonlyArray<Channel>
  declare people: ReadonlyArray<TeamUser>
  declare outcomes: ReadonlyArray<Outcome>
  declare problem: string | undefined
  /** The result of each address of the last invitation by e-mail. */
  declare invited: ReadonlyArray<Invited>
  declare inviteProblem: string | undefined
  /** Whether invitations by e-mail are on their way: the button waits. */
  declare inviting: boolean

  #teamId: number | undefined

  constructor() {
    super()
    this.channels = []
    this.people = []
    this.outcomes = []
    this.problem = undefined
    this.invited = []
    this.inviteProblem = undefined
    this.inviting = false
  }

  protected override connected(connection: Connection): void {
    void this.#start(connection)
  }

  async #start(connection: Connection): Promise<void> {
    try {
      this.#teamId = await currentTeamId(connection)
      if (this.#teamId === undefined) return
      const [channels, people] = await Promise.all([
        teamChannels(connection, this.#teamId),
        teamPeople(connection, this.#teamId),
      ])
      this.channels = channels
      this.people = people
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  async #submit(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    if (connection === undefined || this.#teamId === undefined) return
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const typed = String(data.get("other_user_ids") ?? "")
      .split(/[\s,]+/)
      .filter((id) => /^\d+$/.test(id))
    const userIds = [...new Set([...data.getAll("user_id").map(String), ...typed].map(Number))]
    const chosen = new Set(data.getAll("channel_id").map(Number))
    if (userIds.length === 0 || chosen.size === 0) {
      this.problem = msg("Choose at least one user and one channel.", { id: "addUsers.chooseBoth" })
      return
    }
    const role = String(data.get("role")) as ChannelRole
    const send_email = data.get("send_email") === "on"
    const selected = this.channels.filter((channel) => chosen.has(channel.id))
    try {
      const answer = await run(
        connection.client.call("addUsersToTeamChannels", {
          path: { team_id: this.#teamId },
          body: {
            users: userIds.map((user_id) => ({ user_id, role, send_email })),
            channels: this.channels.map((channel) => ({
              name: channel.name,
              id: channel.id,
              isSelected: chosen.has(channel.id),
            })),
          },
        }),
      )
      // Who joined now: those an administrator added, and those who were in the team already.
      this.people = await teamPeople(connection, this.#teamId)
      const joined = (userId: number) => this.people.find((candidate) => candidate.user_id === userId)
      const nameOf = (userId: number) => {
        const person = joined(userId)
        return person === undefined ? msg(str`User ${userId}`, { id: "tasksBoard.user" }) : fullName(person)
      }
      const done = (result: (typeof answer.teams)[number][number]) => {
        const { user_id, role } = result.object
        if (joined(user_id) === undefined)
          return msg(str`invited as ${roleName(role)} (joins when they accept)`, { id: "addUsers.invitedAs" })
        return result.http_status === 201
          ? msg(str`added as ${roleName(role)}`, { id: "addUsers.addedAs" })
          : msg(str`role updated to ${roleName(role)}`, { id: "addUsers.roleUpdated" })
      }
      this.outcomes = answer.teams.flatMap((results, index) =>
        results.map((result) => ({
          channel: selected[index]?.name ?? "",
          user: nameOf(result.object.user_id),
          ok: result.status === "success",
          text: result.status === "success" ? done(result) : Object.values(result.errors).flat().join("; "),
        })),
      )
      this.problem = undefined
      // Everyone in: the form is ready for the next people. A refusal keeps it, to correct and send again.
      if (this.outcomes.every((outcome) => outcome.ok)) form.reset()
      this.dispatchEvent(new UsersAddedEvent(userIds))
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Invites each address in turn, so one refused address does not hold back the others. */
  async #invite(event: SubmitEvent): Promise<void> {
    event.preventDefault()
    const connection = this.connection
    const teamId = this.#teamId
    if (connection === undefined || teamId === undefined) return
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const emails = addressesOf(String(data.get("emails") ?? ""))
    if (emails.length === 0) {
      this.inviteProblem = msg("Type at least one e-mail address.", { id: "addUsers.typeAddress" })
      return
    }
    const invitation = {
      team_role: String(data.get("team_role")) as InvitedTeamRole,
      channel_role: String(data.get("channel_role")) as ChannelRole,
      channel_ids: data.getAll("invite_channel_id").map(Number),
    }
    this.inviting = true
    this.inviteProblem = undefined
    const invited: Array<Invited> = []
    for (const email of emails) {
      try {
        const answer = await run(
          connection.client.request("createTeamInvitation", {
            path: { team_id: teamId },
            body: { invitation: { ...invitation, email } },
          }),
        )
        const text =
          answer.body.team_user_id !== null
            ? msg("has an account: invited to the team (joins when they accept)", {
                id: "addUsers.hasAccount",
              })
            : answer.status === 201
              ? msg("invited: an e-mail with a link to join is on its way", { id: "addUsers.invited" })
              : msg(
                  "invited already: roles and channels updated (the e-mail goes again at most once a day)",
                  {
                    id: "addUsers.invitedAlready",
                  },
                )
        invited.push({ email, text, ok: true })
      } catch (error) {
        const fields = Object.values(fieldErrors(error)).flat()
        invited.push({ email, text: fields.length === 0 ? errorText(error) : fields.join("; "), ok: false })
      }
    }
    this.invited = invited
    this.inviting = false
    if (invited.every((line) => line.ok)) form.reset()
    this.dispatchEvent(new UsersAddedEvent([]))
  }

  #inviteForm() {
    return html`
      <form part="invite-form" aria-label=${msg("Invite by e-mail", { id: "addUsers.invite" })} @submit=${(event: SubmitEvent) => this.#invite(event)}>
        <label class="stacked">${msg("E-mail addresses", { id: "addUsers.addresses" })}
          <textarea name="emails" rows="3" placeholder="ana@example.net, bo@example.net" aria-describedby="invite-note"></textarea>
        </label>
        <p class="note" id="invite-note">${msg("One or several, separated by commas, spaces or lines. People without an account get a link to make one and join; people with one are invited to the team. A link works once, for 7 days.", { id: "addUsers.inviteNote" })}</p>
        <label class="stacked">${msg("Team role", { id: "addUsers.teamRole" })}
          <select name="team_role">
            <option value="team_member">${msg("Member", { id: "addUsers.member" })}</option>
            <option value="manager">${msg("Manager", { id: "addUsers.manager" })}</option>
          </select>
        </label>
        <fieldset>
          <legend>${msg("Channels", { id: "reportFilters.channels" })}</legend>
          ${this.channels.map((channel) => html`<label><input type="checkbox" name="invite_channel_id" value=${channel.id} /> ${channel.name}</label>`)}
        </fieldset>
        <label class="stacked">${msg("Channel role", { id: "addUsers.channelRole" })}
          <select name="channel_role">${roles.map(([value, label]) => html`<option value=${value} ?selected=${value === "reporter"}>${label()}</option>`)}</select>
        </label>
        <div><button class="primary" type="submit" ?disabled=${this.inviting}>${msg("Invite", { id: "addUsers.inviteButton" })}</button></div>
      </form>
      ${this.inviteProblem === undefined ? nothing : html`<p class="error" role="alert">${this.inviteProblem}</p>`}
      ${
        this.invited.length === 0
          ? nothing
          : html`<ul part="invite-results" role="status" aria-label=${msg("Invitations", { id: "adminApp.invitations" })}>
              ${this.invited.map((line) => html`<li class=${line.ok ? "ok" : "error"}>${line.email}: ${line.text}</li>`)}
            </ul>`
      }
    `
  }

  override render() {
    return html`
      <form part="form" aria-label=${msg("Add users to channels", { id: "view.team.addUsers" })} @submit=${(event: SubmitEvent) => this.#submit(event)}>
        <fieldset>
          <legend>${msg("Users", { id: "addUsers.users" })}</legend>
          ${this.people.map((person) => html`<label><input type="checkbox" name="user_id" value=${person.user_id} /> ${fullName(person)}</label>`)}
          <label class="stacked">${msg("Other user ids", { id: "addUsers.otherIds" })} <input name="other_user_ids" placeholder=${msg("e.g. 12, 15", { id: "addUsers.idsPlaceholder" })} /></label>
        </fieldset>
        <fieldset>
          <legend>${msg("Channels", { id: "reportFilters.channels" })}</legend>
          ${this.channels.map((channel) => html`<label><input type="checkbox" name="channel_id" value=${channel.id} /> ${channel.name}</label>`)}
        </fieldset>
        <label class="stacked">${msg("Channel role", { id: "addUsers.channelRole" })}
          <select name="role">${roles.map(([value, label]) => html`<option value=${value}>${label()}</option>`)}</select>
        </label>
        <p class="note">${msg("People not yet in the team are invited: they join the team only when they accept. The app's administrators add them directly.", { id: "addUsers.note" })}</p>
        <label><input type="checkbox" name="send_email" /> ${msg("Send an invitation e-mail", { id: "addUsers.sendEmail" })}</label>
        <div><button class="primary" type="submit">${msg("Add to channels", { id: "addUsers.add" })}</button></div>
      </form>
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${
        this.outcomes.length === 0
          ? nothing
          : html`<ul part="results" role="status" aria-label=${msg("Results", { id: "addUsers.results" })}>
              ${this.outcomes.map(
                (outcome) =>
                  html`<li class=${outcome.ok ? "ok" : "error"}>${msg(str`${outcome.user} in ${outcome.channel}: ${outcome.text}`, { id: "addUsers.outcome" })}</li>`,
              )}
            </ul>`
      }
      <h3>${msg("Invite by e-mail", { id: "addUsers.invite" })}</h3>
      ${this.#inviteForm()}
    `
  }
}

customElements.define("fr-add-users", AddUsers)

declare global {
  interface HTMLElementTagNameMap {
    "fr-add-users": AddUsers
  }
}
