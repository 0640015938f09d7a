/**
 * Password hashing with Argon2id at the OWASP parameters (19 MiB, 2 passes, 1 lane), stored in the
 * PHC string format so the parameters can be raised later without breaking stored hashes.
 */
import { argon2, randomBytes, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import { traced } from "../Traced.ts"

const parameters = { memory: 19_456, passes: 2, parallelism: 1, tagLength: 32 } as const

const derive = (
  password: string,
  nonce: Buffer,
  p: { memory: number; passes: number; parallelism: number },
) =>
  Effect.callback<Buffer>((resume) => {
    argon2(
      "argon2id",
      {
        message: password,
        nonce,
        memory: p.memory,
        passes: p.passes,
        parallelism: p.parallelism,
        tagLength: 32,
      },
      (error, hash) => resume(error === null ? Effect.succeed(hash) : Effect.die(error)),
    )
  })

/**
 * Hashes a password into a PHC string.
 *
 * @example
 * ```ts
 * const stored = yield* hashPassword("correct horse") // "$argon2id$v=19$m=19456,t=2,p=1$…$…"
 * ```
 */
export const hashPassword = traced("Password.hash")(function* (password: string) {
  const nonce = randomBytes(16)
  const hash = yield* derive(password, nonce, parameters)
  const { memory, passes, parallelism } = parameters
  return `$argon2id$v=19$m=${memory},t=${passes},p=${parallelism}$${nonce.toString("base64url")}$${hash.toString("base64url")}`
})

const phc = /^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=(\d+)\$([A-Za-z0-9_-]+)\$([A-Za-z0-9_-]+)$/

/**
 * Whether a password matches a stored PHC string (in constant time).
 *
 * @example
 * ```ts
 * yield* verifyPassword("correct horse", stored) // true
 * ```
 */
export const verifyPassword = traced("Password.verify")(function* (password: string, stored: string) {
  const match = phc.exec(stored)
  if (match === null) return false
  const [, memory, passes, parallelism, nonce, expected] = match
  const expectedHash = Buffer.from(expected ?? "", "base64url")
  const hash = yield* derive(password, Buffer.from(nonce ?? "", "base64url"), {
    memory: Number(memory),
    passes: Number(passes),
    parallelism: Number(parallelism),
  })
  return hash.length === expectedHash.length && timingSafeEqual(hash, expectedHash)
})

/** A dummy verification, so unknown e-mails take as long as wrong passwords. */
export const wastePasswordCheck = (password: string) =>
  Effect.asVoid(derive(password, Buffer.alloc(16), parameters))
