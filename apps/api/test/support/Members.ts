/**
 * Team members for the team user tests, made through the API: users created by the bootstrap
 * administrator with the names a test needs, added to channels with
 * `add_users_to_team_channels`, and the background jobs (invitation e-mails) run on demand.
 */
import { Effect } from "effect"
import { expect } from "vitest"
import { JobRunner } from "../../src/jobs/JobRunner.ts"
import type { Answer, TestServer } from "./TestServer.ts"

/** A user created through the admin endpoint, logged in to the default app. */
export interface Member {
  readonly id: number
  readonly email: string
  readonly token: string
}

const password = "member-password-1"

/**
 * Creates a user with the given names as the administrator, and logs them in.
 *
 * @example
 * ```ts
 * const ben = await createMember(server, adminToken, "Ben", "Abbott")
 * ```
 */
export const createMember = async (
  server: TestServer,
  adminToken: string,
  firstName: string,
  lastName: string,
  email = `${firstName.toLowerCase()}.${lastName.toLowerCase()}@example.com`,
): Promise<Member> => {
  const answer = await server.request("POST", "/api/v4/admin/users", {
    token: adminToken,
    body: { user: { email, first_name: firstName, last_name: lastName, password } },
  })
  expect(answer.status).toBe(201)
  return { id: answer.body.id, email, token: await server.login(email, password) }
}

/** One user of an `add_users_to_team_channels` body. */
export interface UserToAdd {
  readonly user_id: number
  readonly role: string
  readonly send_email?: boolean
}

/**
 * Adds users to the selected channels of a team (every channel given is selected).
 *
 * @example
 * ```ts
 * await addUsers(server, owner.token, teamId, [{ user_id: ben.id, role: "reporter" }], [alpha.id])
 * ```
 */
export const addUsers = (
  server: TestServer,
  token: string,
  teamId: number,
  users: ReadonlyArray<UserToAdd>,
  channelIds: ReadonlyArray<number>,
): Promise<Answer> =>
  server.request("POST", `/api/v4/teams/${teamId}/add_users_to_team_channels`, {
    token,
    body: { users, channels: channelIds.map((id) => ({ name: `channel ${id}`, id, isSelected: true })) },
  })

/**
 * Runs every due background job (invitation e-mails among them) until none is left.
 *
 * @example
 * ```ts
 * await runJobs(server)
 * ```
 */
export const runJobs = (server: TestServer): Promise<void> =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(JobRunner), (jobs) => jobs.awaitIdle))
