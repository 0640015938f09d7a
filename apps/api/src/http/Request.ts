/**
 * Reading the parts of a request a handler needs, as effects that fail with request errors.
 */
import { decodeInput, MalformedRequest } from "@fieldreport/domain/Invalid"
import { Effect, Option, type Schema } from "effect"
import type { Request } from "express"
import { AppConfig } from "../Config.ts"

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
    : Effect.fail(MalformedRequest.at(name, "must be an integer id"))
}

/** The client's address, for throttling. */
export const clientAddress = (req: Request): string => req.ip ?? req.socket.remoteAddress ?? "unknown"

/**
 * The origin a request reached the service at (`https://host`), for absolute addresses when no
 * public URL is configured. Behind a proxy it is the proxy's (`X-Forwarded-Proto` from loopback).
 *
 * @example
 * ```ts
 * const urls = yield* attachments.urlsOf(row, requestOrigin(req))
 * ```
 */
export const requestOrigin = (req: Request): string => `${req.protocol}://${req.get("host") ?? "localhost"}`

/**
 * The address the service is reached at, without a trailing slash: the configured public URL, or
 * the origin this request used.
 *
 * @example
 * ```ts
 * const url = `${yield* baseUrlOf(req)}${href("getReportSearch", { id })}`
 * ```
 */
export const baseUrlOf = (req: Request): Effect.Effect<string, never, AppConfig> =>
  Effect.map(Effect.service(AppConfig), (config) =>
    Option.getOrElse(config.publicUrl, () => requestOrigin(req)),
  )
