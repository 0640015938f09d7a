/**
 * The UUID a new task is created with (tasks are identified by a UUID their client generates).
 */

/**
 * A random version 4 UUID. `crypto.randomUUID` exists only in secure contexts (https or localhost),
 * and a self-hosted server is often reached over plain http on a local network; `getRandomValues`
 * exists everywhere.
 *
 * @example
 * ```ts
 * newTaskUuid() // "3ffeef7c-0f73-4e82-b39e-5a55cce0daef"
 * ```
 */
export const newTaskUuid = (): string => {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  // RFC 9562: version 4 in the high nibble of byte 6, variant 10 in the high bits of byte 8.
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80
  const hex = [...bytes].map((byte) => byte.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}
