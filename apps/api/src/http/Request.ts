/**
 * Reading the parts of a request a handler needs, as effects that fail with request errors.
 */
import { decodeInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import { Effect, type Schema } from "effect"
import type { Request } from "express"

/**
 * The body's member `root` (`{report: {...}}`), decoded with a schema; failures name
 * `root.path`.
 *
 * @example
 * ```ts
 * const task = yield* bodyOf(req, "task", TaskCreate)
 * ```
 */
export const bodyOf = <S extends Schema.Decoder<unknown>>(req: Request, root: string, schema: S) =>
  Effect.fromResult(decodeInput(schema, (req.body as Record<string, unknown> | undefined)?.[root], root))

/**
 * A path parameter that must be a positive integer id; anything else is an unknown resource.
 *
 * @example
 * ```ts
 * const id = yield* idParam(req, "report_id")
 * ```
 */
export const idParam = (req: Request, name: string): Effect.Effect<number, MalformedRequest> => {
  const value = req.params[name]
  return typeof value === "string" && /^\d{1,15}$/.test(value)
    ? Effect.succeed(Number(value))
    : Effect.fail(new MalformedRequest({ errors: { [name]: ["must be an integer id"] } }))
}

/** The client's address, for throttling. */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown"
