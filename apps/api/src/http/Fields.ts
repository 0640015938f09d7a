/**
 * The `fields` query parameter on the wire (docs/api.md, Fields): which keys of a resource to
 * render, and the `X-Ignored-Fields` response header that lists the names the resource does not
 * know (legacy clients ask for fields this server may not have, so they are ignored, not refused).
 */
import type * as FieldCatalogue from "@fieldreport/domain/FieldCatalogue"
import * as FieldSelection from "@fieldreport/domain/FieldSelection"
import type { MalformedRequest } from "@fieldreport/domain/Invalid"
import { Effect, Result } from "effect"
import type { Request } from "express"

/** The fields a request selected for one resource. */
export interface Fields {
  /** The output keys to render, in the catalogue's order. */
  readonly keys: ReadonlyArray<string>
  /** `X-Ignored-Fields` when some names were ignored; nothing otherwise. */
  readonly headers: Readonly<Record<string, string>>
  /** Whether a key is rendered, to skip work for keys that are not. */
  readonly has: (key: string) => boolean
  /** The selected keys of a record that holds every key of the catalogue, in the catalogue's order. */
  readonly render: (record: Readonly<Record<string, unknown>>) => Record<string, unknown>
}

/**
 * A name as header text: bytes of its UTF-8 outside printable ASCII percent-encoded, since a
 * header cannot carry them (Node refuses to send it, and the request would go unanswered).
 */
const asHeaderText = (name: string): string =>
  [...Buffer.from(name, "utf8")]
    .map((byte) =>
      byte >= 0x20 && byte <= 0x7e
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`,
    )
    .join("")

/**
 * Reads `fields` from the request's query and resolves it against a resource's catalogue; a
 * `fields` that is malformed, or that leaves out a name the catalogue requires, is `400`.
 *
 * @example
 * ```ts
 * const fields = yield* fieldsOf(req, FieldCatalogue.category)
 * return json(fields.render(categoryBody), 200, fields.headers)
 * ```
 */
export const fieldsOf = (
  req: Request,
  catalogue: FieldCatalogue.FieldCatalogue,
): Effect.Effect<Fields, MalformedRequest> =>
  Effect.fromResult(
    Result.map(
      Result.flatMap(FieldSelection.fromQuery(req.query), (selection) =>
        FieldSelection.resolve(catalogue, selection),
      ),
      ({ keys, ignored }) => {
        const selected = new Set(keys)
        return {
          keys,
          headers: ignored.length === 0 ? {} : { "X-Ignored-Fields": ignored.map(asHeaderText).join(", ") },
          has: (key: string) => selected.has(key),
          render: (record: Readonly<Record<string, unknown>>) =>
            Object.fromEntries(keys.map((key) => [key, record[key]])),
        }
      },
    ),
  )
