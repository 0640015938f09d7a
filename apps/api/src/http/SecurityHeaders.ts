/**
 * The security headers of every answer: helmet's, with the options the API gives it. None of them
 * depends on the request, so helmet works them out once, at start-up, and each answer is given the
 * same list: helmet's middleware, run per request, costs a function and a header check per header.
 */
import type { RequestHandler } from "express"
import helmet, { type HelmetOptions } from "helmet"

/**
 * The headers helmet sets with these options, in its order.
 *
 * @example
 * ```ts
 * helmetHeaders({}) // [["Content-Security-Policy", "default-src 'self';…"], ["Cross-Origin-Opener-Policy", "same-origin"], …]
 * ```
 */
export const helmetHeaders = (options: Readonly<HelmetOptions>): ReadonlyArray<readonly [string, string]> => {
  const headers: Array<readonly [string, string]> = []
  const response = {
    setHeader: (name: string, value: string | number) => headers.push([name, String(value)]),
    removeHeader: () => undefined,
  }
  let done = false
  helmet(options)({} as never, response as never, () => {
    done = true
  })
  if (!done) throw new Error("helmet did not set its headers at once")
  return headers
}

/**
 * The middleware setting the security headers.
 *
 * @example
 * ```ts
 * app.use(securityHeaders({ contentSecurityPolicy: { directives: { upgradeInsecureRequests: null } } }))
 * ```
 */
export const securityHeaders = (options: Readonly<HelmetOptions>): RequestHandler => {
  const headers = helmetHeaders(options)
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    next()
  }
}
