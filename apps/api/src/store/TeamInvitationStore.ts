/**
 * The pending invitations of addresses without an account (`team_invitations`, migration 0035).
 * Addresses are kept as the users table keeps them, trimmed and in lower case; a team has at most
 * one pending invitation per address. Only the digest of an invitation's token is stored, and an
 * invitation is accepted at most once, by whichever request marks it first.
 */
import type { ChannelRole } from "@fieldreport/domain/Roles"
import type { InvitedTeamRole } from "@fieldreport/domain/TeamInvitation"
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"

/** An invitation as the table holds it, without its token's digest. */
export interface TeamInvitationRow {
  readonly id: number
  readonly team_id: number
  readonly email: string
  readonly team_role: InvitedTeamRole
  readonly channel_role: ChannelRole
  readonly channel_ids: ReadonlyArray<number>
  readonly inviter_id: number | null
  readonly expires_at: string
  readonly last_invited_at: string
  /** When it was accepted; null while pending. */
  readonly accepted_at: string | null
}

/** What an invitation may change when the same address is invited again, or it is sent again. */
export interface TeamInvitationChanges {
  readonly team_role?: InvitedTeamRole
  readonly channel_role?: ChannelRole
  readonly channel_ids?: ReadonlyArray<number>
  readonly inviter_id?: number
  readonly expires_at?: string
  readonly last_invited_at?: string
}

const columns = `id, team_id, email, team_role, channel_role, channel_ids, inviter_id, expires_at,
  last_invited_at, accepted_at`

type StoredRow = Omit<TeamInvitationRow, "channel_ids"> & { readonly channel_ids: string }

const rowOf = (row: StoredRow): TeamInvitationRow => ({
  ...row,
  channel_ids: row.channel_ids === "" ? [] : row.channel_ids.split(",").map(Number),
})

const stored = (ids: ReadonlyArray<number>) => [...new Set(ids)].join(",")

/** The address as invitations and users keep it. */
export const normalEmail = (email: string): string => email.trim().toLowerCase()

/**
 * The store of invitations by e-mail address.
 *
 * @example
 * ```ts
 * const invitations = yield* TeamInvitationStore
 * const pending = yield* invitations.pendingFor(teamId, "ana@example.com")
 * ```
 */
export class TeamInvitationStore extends Context.Service<
  TeamInvitationStore,
  {
    /** A new pending invitation; undefined when the team has one of the address already. */
    readonly insert: (invitation: {
      readonly team_id: number
      readonly email: string
      readonly team_role: InvitedTeamRole
      readonly channel_role: ChannelRole
      readonly channel_ids: ReadonlyArray<number>
      readonly inviter_id: number
      readonly expires_at: string
      readonly last_invited_at: string
    }) => Effect.Effect<TeamInvitationRow | undefined>
    /** The team's pending invitation of the address. */
    readonly pendingFor: (teamId: number, email: string) => Effect.Effect<TeamInvitationRow | undefined>
    /** The invitation of an id, pending or accepted. */
    readonly find: (id: number) => Effect.Effect<TeamInvitationRow | undefined>
    /** The invitation whose latest token has the digest. */
    readonly findByDigest: (digest: string) => Effect.Effect<TeamInvitationRow | undefined>
    /** A page of the team's pending invitations, by address, and how many there are. */
    readonly listPending: (
      teamId: number,
      page: { readonly offset: number; readonly limit: number },
    ) => Effect.Effect<{ readonly invitations: ReadonlyArray<TeamInvitationRow>; readonly total: number }>
    readonly update: (id: number, changes: TeamInvitationChanges) => Effect.Effect<void>
    /** Gives a pending invitation a new token (its digest), making the one before it void. */
    readonly setToken: (id: number, digest: string) => Effect.Effect<void>
    /** Marks a pending invitation accepted by the user; `false` when another request did first. */
    readonly accept: (id: number, userId: number) => Effect.Effect<boolean>
    /** Deletes a pending invitation; `false` when it was no longer pending. */
    readonly withdraw: (id: number) => Effect.Effect<boolean>
  }
>()("api/store/TeamInvitationStore") {
  static readonly layer = Layer.effect(
    TeamInvitationStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      const first = (rows: ReadonlyArray<StoredRow>) => (rows[0] === undefined ? undefined : rowOf(rows[0]))
      return TeamInvitationStore.of({
        insert: (invitation) =>
          Effect.flatMap(
            nowIso,
            (created_at) =>
              sql<StoredRow>`INSERT INTO team_invitations ${sql.insert({
                ...invitation,
                email: normalEmail(invitation.email),
                channel_ids: stored(invitation.channel_ids),
                created_at,
              })} ON CONFLICT (team_id, email) WHERE accepted_at IS NULL DO NOTHING
              RETURNING ${sql.literal(columns)}`,
          ).pipe(Effect.map(first), Effect.orDie),
        pendingFor: (teamId, email) =>
          sql<StoredRow>`SELECT ${sql.literal(columns)} FROM team_invitations
            WHERE team_id = ${teamId} AND email = ${normalEmail(email)} AND accepted_at IS NULL`.pipe(
            Effect.map(first),
            Effect.orDie,
          ),
        find: (id) =>
          sql<StoredRow>`SELECT ${sql.literal(columns)} FROM team_invitations WHERE id = ${id}`.pipe(
            Effect.map(first),
            Effect.orDie,
          ),
        findByDigest: (digest) =>
          sql<StoredRow>`SELECT ${sql.literal(columns)} FROM team_invitations
            WHERE token_hash = ${digest}`.pipe(Effect.map(first), Effect.orDie),
        listPending: (teamId, page) =>
          Effect.gen(function* () {
            const rows = yield* sql<StoredRow>`SELECT ${sql.literal(columns)} FROM team_invitations
              WHERE team_id = ${teamId} AND accepted_at IS NULL
              ORDER BY email, id LIMIT ${page.limit} OFFSET ${page.offset}`
            const [count] = yield* sql<{ readonly n: number }>`SELECT count(*) AS n FROM team_invitations
              WHERE team_id = ${teamId} AND accepted_at IS NULL`
            return { invitations: rows.map(rowOf), total: Number(count?.n ?? 0) }
          }).pipe(Effect.orDie),
        update: (id, changes) => {
          const { channel_ids, ...rest } = changes
          const assignments = {
            ...rest,
            ...(channel_ids === undefined ? {} : { channel_ids: stored(channel_ids) }),
          }
          if (Object.keys(assignments).length === 0) return Effect.void
          return sql`UPDATE team_invitations SET ${sql.update(assignments)} WHERE id = ${id}`.pipe(
            Effect.asVoid,
            Effect.orDie,
          )
        },
        setToken: (id, digest) =>
          sql`UPDATE team_invitations SET token_hash = ${digest} WHERE id = ${id} AND accepted_at IS NULL`.pipe(
            Effect.asVoid,
            Effect.orDie,
          ),
        accept: (id, userId) =>
          Effect.flatMap(
            nowIso,
            (now) => sql<{ readonly id: number }>`UPDATE team_invitations
              SET accepted_at = ${now}, accepted_user_id = ${userId}
              WHERE id = ${id} AND accepted_at IS NULL RETURNING id`,
          ).pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        withdraw: (id) =>
          sql<{ readonly id: number }>`DELETE FROM team_invitations
            WHERE id = ${id} AND accepted_at IS NULL RETURNING id`.pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
      })
    }),
  )
}
