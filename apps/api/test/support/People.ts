/**
 * People for integration tests: users inserted through the running server's stores (until the
 * admin users endpoint exists), and their team and channel memberships (until
 * `add_users_to_team_channels` exists), each logged in through the API.
 */
import type { ChannelRole, TeamRole } from "@fieldreport/domain/Roles"
import { Effect } from "effect"
import { hashPassword } from "../../src/auth/Password.ts"
import { ChannelStore } from "../../src/store/ChannelStore.ts"
import { TeamStore } from "../../src/store/TeamStore.ts"
import { UserStore } from "../../src/store/UserStore.ts"
import type { TestServer } from "./TestServer.ts"

/** A user with an access token to the default app. */
export interface Person {
  readonly id: number
  readonly email: string
  readonly token: string
}

const password = "person-password-1"

/**
 * Creates a user and logs them in.
 *
 * @example
 * ```ts
 * const ana = await createPerson(server, "ana@example.com")
 * await server.request("GET", "/api/v4/teams", { token: ana.token })
 * ```
 */
export const createPerson = async (
  server: TestServer,
  email: string,
  options: { readonly admin?: boolean } = {},
): Promise<Person> => {
  const user = await server.runtime.runPromise(
    Effect.gen(function* () {
      const users = yield* UserStore
      return yield* users.insert({
        email,
        first_name: email.split("@")[0] ?? email,
        last_name: "Tester",
        password_hash: yield* hashPassword(password),
        admin: options.admin ?? false,
      })
    }),
  )
  return { id: user.id, email, token: await server.login(email, password) }
}

/**
 * Makes a user a team user of a team (an invitation not yet accepted with `agreed: false`).
 *
 * @example
 * ```ts
 * await joinTeam(server, teamId, ana, "manager")
 * ```
 */
export const joinTeam = (
  server: TestServer,
  teamId: number,
  person: Person,
  role: TeamRole,
  agreed = true,
): Promise<unknown> =>
  server.runtime.runPromise(
    Effect.flatMap(Effect.service(TeamStore), (teams) =>
      teams.insertTeamUser({ team_id: teamId, user_id: person.id, role, agreed_to_join: agreed }),
    ),
  )

/**
 * Makes a user a member of a channel with a role.
 *
 * @example
 * ```ts
 * await joinChannel(server, channelId, ana, "viewer")
 * ```
 */
export const joinChannel = (
  server: TestServer,
  channelId: number,
  person: Person,
  role: ChannelRole,
): Promise<void> =>
  server.runtime.runPromise(
    Effect.flatMap(Effect.service(ChannelStore), (channels) =>
      channels.addMember(channelId, person.id, role),
    ),
  )
