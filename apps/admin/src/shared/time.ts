/**
 * Timestamps for people: in the browser's language and time zone.
 */
import { DateTime } from "effect"

/**
 * A timestamp (decoded by the domain Schemas, or an ISO string) as local date and time.
 *
 * @example
 * ```ts
 * formatTime("2026-03-01T09:30:00.000Z") // "1 Mar 2026, 22:30" in Auckland, English
 * ```
 */
export const formatTime = (value: DateTime.Utc | string | null | undefined): string => {
  if (value === null || value === undefined) return ""
  const date = typeof value === "string" ? new Date(value) : DateTime.toDate(value)
  return date.toLocaleString(undefined, { dateStyle: "medium", timeStyle: "short" })
}
