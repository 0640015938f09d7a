/**
 * The two ways a request can be wrong, shared by every parser and schema of the domain.
 *
 * - `MalformedRequest`: the request itself cannot be read (a bad `Range`, `orderby`, query
 *   parameter or header). The API answers `400`.
 * - `InvalidInput`: the request is readable but its content breaks a rule (a latitude out of
 *   range, an unknown category). The API answers `422`.
 *
 * Both carry `errors`, a map from a field path (`report.location.latitude`) to its messages, which
 * the API copies into the problem body unchanged.
 */
import { Result, Schema, SchemaIssue } from "effect"

/** Messages per field path: `{ "report.location.latitude": ["must be between -90 and 90"] }`. */
export type FieldErrors = Readonly<Record<string, ReadonlyArray<string>>>

const FieldErrorsSchema = Schema.Record(Schema.String, Schema.Array(Schema.String))

const describe = (errors: FieldErrors): string =>
  Object.entries(errors)
    .flatMap(([path, messages]) => messages.map((message) => (path === "" ? message : `${path}: ${message}`)))
    .join("; ")

/**
 * The request cannot be read: answered with `400`.
 *
 * @example
 * ```ts
 * MalformedRequest.at("orderby", "unknown field name; allowed: created_at")
 * ```
 */
export class MalformedRequest extends Schema.TaggedError<MalformedRequest>()("MalformedRequest", {
  errors: FieldErrorsSchema,
}) {
  /** One message for one field. */
  static at(path: string, message: string): MalformedRequest {
    return new MalformedRequest({ errors: { [path]: [message] } })
  }

  override get message(): string {
    return describe(this.errors)
  }
}

/**
 * The request is readable but breaks a rule: answered with `422`.
 *
 * @example
 * ```ts
 * InvalidInput.at("report.location.latitude", "must be between -90 and 90")
 * ```
 */
export class InvalidInput extends Schema.TaggedError<InvalidInput>()("InvalidInput", {
  errors: FieldErrorsSchema,
}) {
  /** One message for one field. */
  static at(path: string, message: string): InvalidInput {
    return new InvalidInput({ errors: { [path]: [message] } })
  }

  override get message(): string {
    return describe(this.errors)
  }
}

/** Either way a request can be wrong. */
export type RequestError = MalformedRequest | InvalidInput

/** Whether a value is one of the request errors of this module. */
export const isRequestError = (u: unknown): u is RequestError =>
  u instanceof MalformedRequest || u instanceof InvalidInput

const formatter = SchemaIssue.makeFormatterStandardSchemaV1({
  leafHook: (issue) => {
    switch (issue._tag) {
      case "MissingKey":
        return "is required"
      case "UnexpectedKey":
        return "is not a known field"
      case "InvalidType":
        return `must be ${article(issue.ast._tag)}`
      default:
        return SchemaIssue.defaultLeafHook(issue)
    }
  },
})

const article = (tag: string): string => {
  switch (tag) {
    case "Number":
      return "a number"
    case "String":
      return "a string"
    case "Boolean":
      return "a boolean"
    case "Objects":
      return "an object"
    case "Arrays":
      return "an array"
    case "Null":
      return "null"
    case "Literal":
    case "Enum":
      return "one of the allowed values"
    default:
      return "of the right type"
  }
}

/**
 * Turns a schema issue into field errors whose paths start at `root` (`report`, `task`, …).
 *
 * @example
 * ```ts
 * fieldErrors(issue, "report") // { "report.location.latitude": ["must be between -90 and 90"] }
 * ```
 */
export const fieldErrors = (issue: SchemaIssue.Issue, root?: string): FieldErrors => {
  const errors: Record<string, Array<string>> = {}
  for (const { path, message } of formatter(issue).issues) {
    const key = [...(root === undefined ? [] : [root]), ...(path ?? []).map(String)].join(".")
    const list = errors[key] ?? []
    if (!list.includes(message)) list.push(message)
    errors[key] = list
  }
  return errors
}

/**
 * Decodes an unknown request body (or part of one) with a schema; failures become `InvalidInput`
 * whose paths start at `root`.
 *
 * @example
 * ```ts
 * decodeInput(TaskCreate, body.task, "task") // Result<TaskCreate, InvalidInput>
 * ```
 */
export const decodeInput = <S extends Schema.Decoder<unknown>>(
  schema: S,
  input: unknown,
  root?: string,
): Result.Result<S["Type"], InvalidInput> =>
  Result.mapError(
    Schema.decodeUnknownResult(schema)(input, { errors: "all", onExcessProperty: "ignore" }),
    (error) => new InvalidInput({ errors: fieldErrors(error.issue, root) }),
  )
