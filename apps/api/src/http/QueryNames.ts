/**
 * Query strings whose parameter names no route reads as sent (`a[][]=1`, `filter[a][b][c][d]=1`,
 * `page[size]=10`, more than a thousand parameters) are `400` naming the parameter, before
 * Express's parser (qs) flattens, splits or drops them and a route answers another question than
 * the one asked. Values, and plain names no route reads, are left to the routes.
 */
import * as QueryValue from "@fieldreport/domain/QueryValue"
import * as ReportSearchQuery from "@fieldreport/domain/ReportSearchQuery"
import { Result } from "effect"
import type { RequestHandler } from "express"
import { fromFailure } from "./Problem.ts"
import { sendProblem } from "./Route.ts"

/**
 * The middleware.
 *
 * @example
 * ```ts
 * app.use(queryNames)
 * ```
 */
export const queryNames: RequestHandler = (req, res, next) => {
  const at = req.url.indexOf("?")
  const checked = QueryValue.checkNames(at === -1 ? "" : req.url.slice(at + 1), ReportSearchQuery.groups)
  if (Result.isSuccess(checked)) return next()
  sendProblem(res, fromFailure(checked.failure))
}
