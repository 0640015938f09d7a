/**
 * The collections of the OGC API – Features service (docs/api.md, OGC API – Features): one per
 * channel, `reports-{channel_id}`, holding the channel's reports, and `shapes`, the branded app's
 * shapes. The id is what GIS tools show as the layer's name, so it stays readable and stable.
 */

/**
 * A collection, by what it holds.
 *
 * @example
 * ```ts
 * const streets: OgcCollectionId = { kind: "reports", channelId: 1 }
 * ```
 */
export type OgcCollectionId =
  | { readonly kind: "reports"; readonly channelId: number }
  | { readonly kind: "shapes" }

/**
 * The collection a path segment names, or `undefined` when it names none (the service answers
 * `404` then, as for a channel the caller may not read).
 *
 * @example
 * ```ts
 * OgcCollectionId.parse("reports-12") // { kind: "reports", channelId: 12 }
 * OgcCollectionId.parse("reports-012") // undefined: one spelling per collection
 * ```
 */
export const parse = (id: string): OgcCollectionId | undefined => {
  if (id === "shapes") return { kind: "shapes" }
  const match = /^reports-([1-9]\d{0,15})$/.exec(id)
  return match === null || !Number.isSafeInteger(Number(match[1]))
    ? undefined
    : { kind: "reports", channelId: Number(match[1]) }
}

/**
 * The id of a collection.
 *
 * @example
 * ```ts
 * OgcCollectionId.format({ kind: "reports", channelId: 12 }) // "reports-12"
 * ```
 */
export const format = (id: OgcCollectionId): string =>
  id.kind === "shapes" ? "shapes" : `reports-${id.channelId}`
