/**
 * The shell's team view: the team's users, adding users to channels (and inviting them), and the
 * user's own channel selections.
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import type { UsersAddedEvent } from "../events/users-added.ts"
import { registerView } from "../shell/ViewRegistry.ts"
import "../components/add-users/add-users.ts"
import "../components/channel-selections/channel-selections.ts"
import "../components/team-users/team-users.ts"

/** The users list shows the newly added users at once. */
const refresh = (event: UsersAddedEvent) => {
  const view = (event.currentTarget as HTMLElement | null)?.closest("section")
  void view?.querySelector("fr-team-users")?.load(0)
}

registerView({
  id: "team",
  get label() {
    return msg("Team", { id: "view.team" })
  },
  order: 60,
  render: () => html`
    <section aria-label=${msg("Team", { id: "view.team" })}>
      <h2>${msg("Team users", { id: "view.team.users" })}</h2>
      <fr-team-users></fr-team-users>
      <h2>${msg("Add users to channels", { id: "view.team.addUsers" })}</h2>
      <fr-add-users @fr-users-added=${refresh}></fr-add-users>
      <h2>${msg("My channel selections", { id: "view.team.channelSelections" })}</h2>
      <fr-channel-selections></fr-channel-selections>
    </section>
  `,
})
