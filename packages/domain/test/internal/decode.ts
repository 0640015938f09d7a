/**
 * Helpers the schema tests share: decode through `decodeInput`, as the API does, and look at
 * either the value or the messages per field path.
 */
import { Result, type Schema } from "effect"
import { decodeInput, type FieldErrors } from "../../src/Invalid.ts"

/** The decoded value; fails the test with the messages when decoding fails. */
export const decoded = <S extends Schema.Decoder<unknown>>(
  schema: S,
  input: unknown,
  root?: string,
): S["Type"] => {
  const result = decodeInput(schema, input, root)
  if (Result.isFailure(result)) throw new Error(`expected to decode, got ${result.failure.message}`)
  return result.success
}

/** The messages per field path; `undefined` when decoding succeeds. */
export const errors = <S extends Schema.Decoder<unknown>>(
  schema: S,
  input: unknown,
  root?: string,
): FieldErrors | undefined => {
  const result = decodeInput(schema, input, root)
  return Result.isFailure(result) ? result.failure.errors : undefined
}
