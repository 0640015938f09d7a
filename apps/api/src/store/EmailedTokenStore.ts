/**
 * The single-use tokens the service sends by e-mail: a password reset's and an address
 * verification's. Only a token's SHA-256 digest is stored, with its user, what it is for, when it
 * expires and when it was used; a token is used at most once, by whichever request marks it first.
 */
import { Context, Effect, Layer } from "effect"
import { SqlClient } from "effect/sql"
import { nowIso } from "./sql/Clock.ts"

/** What an e-mailed token is for. */
export type TokenPurpose = "password_reset" | "email_verification"

export interface EmailedTokenRow {
  readonly id: number
  readonly user_id: number
  readonly purpose: TokenPurpose
  readonly expires_at: string
  /** When it was used, or made void by a reset of the password; null while it may be used. */
  readonly used_at: string | null
}

/**
 * The store of e-mailed tokens.
 *
 * @example
 * ```ts
 * const tokens = yield* EmailedTokenStore
 * const found = yield* tokens.find(tokenDigest(token), "password_reset")
 * ```
 */
export class EmailedTokenStore extends Context.Service<
  EmailedTokenStore,
  {
    readonly insert: (token: {
      readonly user_id: number
      readonly purpose: TokenPurpose
      readonly token_hash: string
      readonly expires_at: string
    }) => Effect.Effect<void>
    /** The token of a digest, when it is one for `purpose`. */
    readonly find: (digest: string, purpose: TokenPurpose) => Effect.Effect<EmailedTokenRow | undefined>
    /** Marks the token used; `false` when another request used it first. */
    readonly use: (id: number) => Effect.Effect<boolean>
    /** Makes every token of the user for `purpose` that was not used void. */
    readonly voidAll: (userId: number, purpose: TokenPurpose) => Effect.Effect<void>
    /** Deletes the tokens that expired before `before`; answers how many. */
    readonly deleteExpired: (before: string) => Effect.Effect<number>
  }
>()("api/store/EmailedTokenStore") {
  static readonly layer = Layer.effect(
    EmailedTokenStore,
    Effect.gen(function* () {
      const sql = yield* SqlClient.SqlClient
      return EmailedTokenStore.of({
        insert: (token) =>
          Effect.flatMap(
            nowIso,
            (created_at) => sql`INSERT INTO emailed_tokens ${sql.insert({ ...token, created_at })}`,
          ).pipe(Effect.asVoid, Effect.orDie),
        find: (digest, purpose) =>
          sql<EmailedTokenRow>`SELECT id, user_id, purpose, expires_at, used_at FROM emailed_tokens
            WHERE token_hash = ${digest} AND purpose = ${purpose}`.pipe(
            Effect.map((rows) => rows[0]),
            Effect.orDie,
          ),
        use: (id) =>
          Effect.flatMap(
            nowIso,
            (now) => sql<{ readonly id: number }>`UPDATE emailed_tokens SET used_at = ${now}
              WHERE id = ${id} AND used_at IS NULL RETURNING id`,
          ).pipe(
            Effect.map((rows) => rows.length > 0),
            Effect.orDie,
          ),
        voidAll: (userId, purpose) =>
          Effect.flatMap(
            nowIso,
            (now) => sql`UPDATE emailed_tokens SET used_at = ${now}
              WHERE user_id = ${userId} AND purpose = ${purpose} AND used_at IS NULL`,
          ).pipe(Effect.asVoid, Effect.orDie),
        deleteExpired: (before) =>
          sql<{
            readonly id: number
          }>`DELETE FROM emailed_tokens WHERE expires_at < ${before} RETURNING id`.pipe(
            Effect.map((rows) => rows.length),
            Effect.orDie,
          ),
      })
    }),
  )
}
