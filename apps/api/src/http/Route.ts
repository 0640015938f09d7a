/**
 * The bridge from Express to effects: a route handler is an effect that reads the request and
 * ends with a `Reply` or one of the failures of the problem table. It runs on the app's one
 * `ManagedRuntime`; failures become problem bodies, defects a `500` with an error id.
 */
import { randomUUID } from "node:crypto"
import { Cause, Context, Effect, Exit, type ManagedRuntime, Option, References } from "effect"
import type { Request, RequestHandler, Response } from "express"
import type { Logger } from "pino"
import { RequestContext, type RequestInfo } from "../services/RequestContext.ts"
import { fromFailure, type HttpFailure, internal, isHttpFailure, type Problem } from "./Problem.ts"

/** What a handler answers. */
export interface Reply {
  readonly status: number
  readonly body?: unknown
  readonly headers?: Readonly<Record<string, string>>
}

/** A `200` (or other status) with a JSON body. */
export const json = (body: unknown, status = 200, headers: Readonly<Record<string, string>> = {}): Reply => ({
  status,
  body,
  headers,
})

/** A `204 No Content`. */
export const noContent: Reply = { status: 204 }

/** Turns an effectful handler into an Express handler. */
export type Route<R> = (handler: (req: Request) => Effect.Effect<Reply, HttpFailure, R>) => RequestHandler

/**
 * Makes the route adapter for a runtime. Each handler runs with the request's `RequestContext`
 * (client address and request id), which the audit log writes with every event, and makes no
 * spans unless the runtime has a tracer.
 *
 * @example
 * ```ts
 * const route = makeRoute(runtime, logger)
 * const handlers = { getReport: route((req) => Reports.fetch(req)) }
 * ```
 */
export const makeRoute =
  <R>(runtime: ManagedRuntime.ManagedRuntime<R, unknown>, logger: Logger): Route<R> =>
  (handler) =>
  (req, res) => {
    const request: RequestInfo = {
      clientAddress: req.ip ?? null,
      requestId: req.id,
      method: req.method,
      path: `${req.baseUrl}${req.path}`,
    }
    void runtime
      .runPromiseExit(
        Effect.withFiber((fiber) =>
          Effect.updateContext(handler(req), (context) => {
            const served = Context.add(context, RequestContext, request)
            // Without a tracer configured the spans go nowhere: the request makes none.
            return fiber.cache.tracer === undefined
              ? Context.add(served, References.TracerEnabled, false)
              : served
          }),
        ),
      )
      .then((exit) => {
        if (Exit.isSuccess(exit)) return sendReply(res, exit.value)
        const failure = Cause.findErrorOption(exit.cause)
        if (Option.isSome(failure) && isHttpFailure(failure.value))
          return sendProblem(res, fromFailure(failure.value))
        const errorId = randomUUID()
        logger.error({ errorId, requestId: req.id, cause: Cause.pretty(exit.cause) }, "unexpected failure")
        sendProblem(res, internal(errorId))
      })
      // Sending can throw too (a header value Node refuses): answer rather than leave the client waiting.
      .catch((error: unknown) => {
        const errorId = randomUUID()
        logger.error({ errorId, requestId: req.id, err: error }, "could not send the answer")
        if (res.headersSent) res.destroy()
        else sendProblem(res, internal(errorId))
      })
  }

/** Sends a reply: JSON, or nothing for `204`. */
export const sendReply = (res: Response, reply: Reply): void => {
  if (res.headersSent) return
  res.status(reply.status)
  for (const [name, value] of Object.entries(reply.headers ?? {})) res.setHeader(name, value)
  if (reply.status === 204 || reply.body === undefined) {
    res.end()
    return
  }
  res.json(reply.body)
}

/** Sends a problem body as `application/problem+json`. */
export const sendProblem = (res: Response, problem: Problem): void => {
  if (res.headersSent) return
  res.status(problem.status)
  for (const [name, value] of Object.entries(problem.headers)) res.setHeader(name, value)
  res.type("application/problem+json").send(JSON.stringify(problem.body))
}

declare module "express-serve-static-core" {
  interface Request {
    /** The request id, from `X-Request-Id` when the client sent a sane one. */
    id: string
  }
}
