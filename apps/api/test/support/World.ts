/**
 * A small world for the tenancy tests, built through the API where it can be: a team with one
 * person in each team and channel role, an invited person who has not accepted, and an outsider
 * with a team and channel of their own.
 */
import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import { expect } from "vitest"
import { BrandedAppStore } from "../../src/store/BrandedAppStore.ts"
import { createPerson, joinChannel, joinTeam, type Person } from "./People.ts"
import { adminEmail, adminPassword, bundleId, type TestServer } from "./TestServer.ts"

/** A channel as `POST /api/v4/channels` answers it. */
export interface ChannelInfo {
  readonly id: number
  readonly name: string
  readonly team_id: number
  readonly category_id: number
  readonly form_id: number
}

export interface World {
  readonly teamId: number
  readonly channel: ChannelInfo
  /** Owner of the team and admin of its channel (they created both). */
  readonly owner: Person
  readonly manager: Person
  /** In the team, in no channel. */
  readonly member: Person
  readonly operator: Person
  readonly reporter: Person
  readonly viewer: Person
  /** Invited to the team and the channel, not yet agreed to join. */
  readonly invited: Person
  readonly outsider: Person
  readonly outsiderTeamId: number
  readonly outsiderChannel: ChannelInfo
}

/**
 * Creates another branded app (until the admin endpoint exists) and answers its bundle id.
 *
 * @example
 * ```ts
 * const other = await createApp(server, "com.example.other")
 * await server.request("GET", "/api/v4/teams", { token, headers: { "X-AppId": other } })
 * ```
 */
export const createApp = async (server: TestServer, bundleId: string): Promise<string> => {
  await server.runtime.runPromise(
    Effect.flatMap(Effect.service(BrandedAppStore), (apps) =>
      apps.insert({ bundle_id: bundleId, name: bundleId }),
    ),
  )
  return bundleId
}

/**
 * Makes a person an administrator of a branded app (the default app unless named), as the
 * bootstrap platform administrator does it through the API.
 *
 * @example
 * ```ts
 * await makeAppAdministrator(server, ana)
 * await makeAppAdministrator(server, ben, "com.example.other")
 * ```
 */
export const makeAppAdministrator = async (
  server: TestServer,
  person: { readonly id: number },
  bundle: string = bundleId,
): Promise<void> => {
  const token = await server.login(adminEmail, adminPassword)
  const apps = await server.request("GET", "/api/v4/admin/branded_apps", { token })
  const app = apps.body.find((candidate: { bundle_id: string }) => candidate.bundle_id === bundle)
  const answer = await server.request("POST", `/api/v4/admin/branded_apps/${app.id}/administrators`, {
    token,
    body: { user_id: person.id },
  })
  expect([200, 201]).toContain(answer.status)
}

/**
 * Files a report under a category of a channel, in its initial state, as the reports endpoint
 * would store it (for tests of what reports hold on to).
 *
 * @example
 * ```ts
 * await fileReport(server, channel.id, categoryId, reporter.id)
 * ```
 */
export const fileReport = (
  server: TestServer,
  channelId: number,
  categoryId: number,
  userId: number,
): Promise<void> =>
  server.runtime.runPromise(
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const [state] = yield* sql<{ id: number }>`SELECT id FROM report_states
        WHERE channel_id = ${channelId} AND initial = 1`
      const now = new Date().toISOString()
      yield* sql`INSERT INTO reports ${sql.insert({
        channel_id: channelId,
        user_id: userId,
        title: "Oil on the water",
        category_id: categoryId,
        report_state_id: state?.id ?? 0,
        created_at: now,
        updated_at: now,
      })}`
    }),
  )

/**
 * Creates a team through the API and answers its id.
 *
 * @example
 * ```ts
 * const teamId = await createTeam(server, owner, "River care")
 * ```
 */
export const createTeam = async (server: TestServer, person: Person, name: string): Promise<number> => {
  const answer = await server.request("POST", "/api/v4/teams", {
    token: person.token,
    body: { team: { name, industry: "Water", location: "Waikato" } },
  })
  expect(answer.status).toBe(201)
  return answer.body.id
}

/**
 * Creates a channel through the API.
 *
 * @example
 * ```ts
 * const channel = await createChannel(server, owner, teamId, "Cleaner streams")
 * ```
 */
export const createChannel = async (
  server: TestServer,
  person: Person,
  teamId: number,
  name: string,
): Promise<ChannelInfo> => {
  const answer = await server.request("POST", "/api/v4/channels", {
    token: person.token,
    body: { channel: { name, team_id: teamId } },
  })
  expect(answer.status).toBe(201)
  return answer.body
}

/**
 * Builds the world; `prefix` keeps e-mail addresses apart when a file builds several.
 *
 * @example
 * ```ts
 * const world = await buildWorld(server)
 * ```
 */
export const buildWorld = async (server: TestServer, prefix = "w"): Promise<World> => {
  const person = (name: string) => createPerson(server, `${prefix}-${name}@example.com`)
  const owner = await person("owner")
  const teamId = await createTeam(server, owner, "River care")
  const channel = await createChannel(server, owner, teamId, "Cleaner streams")
  const manager = await person("manager")
  const member = await person("member")
  const operator = await person("operator")
  const reporter = await person("reporter")
  const viewer = await person("viewer")
  const invited = await person("invited")
  const outsider = await person("outsider")
  await joinTeam(server, teamId, manager, "manager")
  for (const someone of [member, operator, reporter, viewer])
    await joinTeam(server, teamId, someone, "team_member")
  await joinTeam(server, teamId, invited, "team_member", false)
  await joinChannel(server, channel.id, operator, "operator")
  await joinChannel(server, channel.id, reporter, "reporter")
  await joinChannel(server, channel.id, viewer, "viewer")
  await joinChannel(server, channel.id, invited, "admin")
  const outsiderTeamId = await createTeam(server, outsider, "Harbour watch")
  const outsiderChannel = await createChannel(server, outsider, outsiderTeamId, "Harbour")
  return {
    teamId,
    channel,
    owner,
    manager,
    member,
    operator,
    reporter,
    viewer,
    invited,
    outsider,
    outsiderTeamId,
    outsiderChannel,
  }
}
