/**
 * A response written a part at a time (a page of thousands of features), with the response's flow
 * control: each part waits until the client has taken the one before, so a slow client holds back
 * the reading instead of the server buffering the whole answer. The route adapter answers JSON
 * only; a route that streams writes the response itself and answers `sent`.
 */
import { Data, Effect } from "effect"
import type { Response } from "express"
import type { Reply } from "./Route.ts"

/**
 * The client went away before the answer was written: nothing is left to send it.
 *
 * @example
 * ```ts
 * Effect.catchTag(streaming, "ClientGone", () => Effect.succeed(sent))
 * ```
 */
export class ClientGone extends Data.TaggedError("ClientGone") {}

/**
 * Answered by a route that wrote its response itself; never sent, since the headers are out.
 *
 * @example
 * ```ts
 * return sent
 * ```
 */
export const sent: Reply = { status: 200 }

/**
 * Writes a part, starting the response with `status` and `headers` first if it has not started;
 * waits while the client's buffer is full.
 *
 * @example
 * ```ts
 * yield* writeText(res, '{"features":[', { status: 200, headers: { "Content-Type": "application/geo+json" } })
 * ```
 */
export const writeText = (
  res: Response,
  text: string,
  head: { readonly status: number; readonly headers: Readonly<Record<string, string>> },
): Effect.Effect<void, ClientGone> =>
  Effect.callback<void, ClientGone>((resume) => {
    if (res.destroyed || res.writableEnded) return resume(Effect.fail(new ClientGone()))
    if (!res.headersSent) {
      res.status(head.status)
      for (const [name, value] of Object.entries(head.headers)) res.setHeader(name, value)
    }
    if (res.write(text)) return resume(Effect.void)
    const cleanup = () => {
      res.off("drain", drained)
      res.off("close", closed)
    }
    const drained = () => {
      cleanup()
      resume(Effect.void)
    }
    const closed = () => {
      cleanup()
      resume(Effect.fail(new ClientGone()))
    }
    res.once("drain", drained)
    res.once("close", closed)
    return Effect.sync(cleanup)
  })

/**
 * Ends a response that was started; a response cut short by a failure is destroyed instead, so
 * the client sees an incomplete answer rather than waiting for the rest.
 *
 * @example
 * ```ts
 * Effect.onExit(streaming, (exit) => finish(res, Exit.isSuccess(exit)))
 * ```
 */
export const finish = (res: Response, complete: boolean): Effect.Effect<void> =>
  Effect.sync(() => {
    if (!res.headersSent || res.writableEnded) return
    if (complete) res.end()
    else res.destroy()
  })
