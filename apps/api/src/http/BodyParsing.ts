/**
 * JSON request bodies: a size limit, `400` for malformed JSON or a body nested past
 * `maxBodyDepth` levels, `413` past the size limit and `415` for a body that is neither JSON nor
 * (where a route takes files) multipart, nor an HTML form where the endpoint takes one (its
 * contract body has `form`: older clients send a few bodies so). A form is read as flat text
 * fields, a repeated name as a list, which the endpoint's schema then refuses by name. Forms are
 * taken nowhere else: a browser sends them to any origin without asking (no CORS preflight).
 * A `Content-Type` on a request without a body is ignored,
 * as older clients send one on `DELETE`; so is a body sent with `GET` or `HEAD`, which means nothing
 * there (RFC 9110) and is never read.
 */
import type { IncomingHttpHeaders } from "node:http"
import { match } from "@fieldreport/contract/Api"
import type { Endpoint } from "@fieldreport/contract/Endpoint"
import { MalformedRequest } from "@fieldreport/domain/Invalid"
import * as JsonValue from "@fieldreport/domain/JsonValue"
import express, { type ErrorRequestHandler, type RequestHandler } from "express"
import { PayloadTooLarge, UnsupportedMediaType } from "../Errors.ts"
import { fromFailure } from "./Problem.ts"
import { sendProblem } from "./Route.ts"

/** Whether the request sent a body to read: one sent with `GET` or `HEAD` is not. */
const hasBody = ({ method, headers }: { readonly method: string; readonly headers: IncomingHttpHeaders }) =>
  method !== "GET" &&
  method !== "HEAD" &&
  (headers["transfer-encoding"] !== undefined || (headers["content-length"] ?? "0") !== "0")

/** Whether the endpoint a request is for takes its body as an HTML form too. */
const takesForm = ({ method, path }: { readonly method: string; readonly path: string }) => {
  const endpoint: Endpoint | undefined = match(method, path)
  return endpoint?.body?._tag === "json" && endpoint.body.form === true
}

/**
 * How deep a JSON body may nest, envelopes included: room for free-form values nested
 * `JsonValue.maxDepth` levels inside their envelopes, and far below the depth at which code that
 * walks a value recursively (`JSON.stringify`, a logger) would exhaust the stack. Parsing itself
 * does not recurse, so a deeper body is read, measured without recursion and refused before any
 * route sees it.
 *
 * @example
 * ```ts
 * JsonValue.nestsDeeperThan(req.body, maxBodyDepth) // true: answered 400
 * ```
 */
export const maxBodyDepth = 64

/**
 * The longest text field of a `multipart/form-data` body, in bytes: far beyond any field a form
 * carries (a signed upload policy is under a kilobyte), and kept in memory only this long.
 *
 * @example
 * ```ts
 * busboy({ headers: req.headers, limits: { fieldSize: maxFormFieldBytes } })
 * ```
 */
export const maxFormFieldBytes = 64 * 1024

/**
 * Parses JSON bodies, refuses other content types and bodies nested too deep.
 *
 * @example
 * ```ts
 * app.use(jsonBodies(1024 * 1024))
 * ```
 */
export const jsonBodies = (limitBytes: number): ReadonlyArray<RequestHandler> => {
  const json = express.json({ limit: limitBytes, type: ["application/json", "application/*+json"] })
  const form = express.urlencoded({ limit: limitBytes, extended: false })
  return [
    (req, res, next) => {
      if (!hasBody(req) || req.is(["application/json", "application/*+json", "multipart/form-data"])) {
        return next()
      }
      if (req.is("application/x-www-form-urlencoded") && takesForm(req)) return form(req, res, next)
      sendProblem(
        res,
        fromFailure(new UnsupportedMediaType({ message: "request bodies must be application/json" })),
      )
    },
    (req, res, next) => (hasBody(req) ? json(req, res, next) : next()),
    (req, res, next) => {
      if (!JsonValue.nestsDeeperThan(req.body, maxBodyDepth)) return next()
      sendProblem(res, fromFailure(MalformedRequest.at("body", JsonValue.tooDeep(maxBodyDepth))))
    },
  ]
}

interface BodyParserError {
  readonly type?: string
  readonly status?: number
  readonly message?: string
  /** The raw body text, on a parse failure. */
  readonly body?: string
}

/** Whether text is JSON at all: the parser in strict mode also refuses valid JSON that is not an object or array. */
const isJson = (text: string): boolean => {
  try {
    JSON.parse(text)
    return true
  } catch {
    return false
  }
}

/**
 * Turns the body parser's errors into problems.
 *
 * @example
 * ```ts
 * app.use(bodyErrors)
 * ```
 */
export const bodyErrors: ErrorRequestHandler = (error: BodyParserError, _req, res, next) => {
  switch (error.type) {
    case "entity.parse.failed":
      return sendProblem(
        res,
        fromFailure(
          MalformedRequest.at(
            "body",
            error.body !== undefined && isJson(error.body) ? "must be a JSON object" : "is not valid JSON",
          ),
        ),
      )
    case "entity.too.large":
      return sendProblem(res, fromFailure(new PayloadTooLarge({ message: "the request body is too large" })))
    case "charset.unsupported":
    case "encoding.unsupported":
      return sendProblem(
        res,
        fromFailure(new UnsupportedMediaType({ message: error.message ?? "unsupported" })),
      )
    default:
      return next(error)
  }
}
