/**
 * The shell's team view: the team's users, adding users to channels (and inviting them), and the
 * user's own channel selections.
 */
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
  label: "Team",
  order: 60,
  render: () => html`
    <section aria-label="Team">
      <h2>Team users</h2>
      <fr-team-users></fr-team-users>
      <h2>Add users to channels</h2>
      <fr-add-users @fr-users-added=${refresh}></fr-add-users>
      <h2>My channel selections</h2>
      <fr-channel-selections></fr-channel-selections>
    </section>
  `,
})
