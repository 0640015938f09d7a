/**
 * Timestamps for people: in the language shown (`intlLocale`) and the browser's time zone, shown as
 * text or edited in a `datetime-local` input.
 */
import { DateTime } from "effect"
import { intlLocale } from "./localization.ts"

/**
 * A timestamp (decoded by the domain Schemas, or an ISO string) as local date and time.
 *
 * @example
 * ```ts
 * formatTime("2026-03-01T09:30:00.000Z") // "1 Mar 2026, 22:30" in Auckland, English; "1 mar 2026, 22:30" in Spanish
 * ```
 */
export const formatTime = (value: DateTime.Utc | string | null | undefined): string => {
  if (value === null || value === undefined) return ""
  const date = typeof value === "string" ? new Date(value) : DateTime.toDate(value)
  return date.toLocaleString(intlLocale(), { dateStyle: "medium", timeStyle: "short" })
}

/**
 * A timestamp's local date alone, in the language shown.
 *
 * @example
 * ```ts
 * formatDate("2026-03-01T09:30:00.000Z") // "1 Mar 2026" in Auckland, English; "1 mar 2026" in Spanish
 * ```
 */
export const formatDate = (value: DateTime.Utc | string | null | undefined): string => {
  if (value === null || value === undefined) return ""
  const date = typeof value === "string" ? new Date(value) : DateTime.toDate(value)
  return date.toLocaleDateString(intlLocale(), { dateStyle: "medium" })
}

/**
 * A timestamp as the value of a `datetime-local` input, in the browser's time zone; empty for
 * none (or for text that is no time).
 *
 * @example
 * ```ts
 * localInput("2026-03-01T09:30:00.000Z") // "2026-03-01T22:30" in Auckland
 * ```
 */
export const localInput = (value: DateTime.Utc | string | null | undefined): string => {
  if (value === null || value === undefined) return ""
  const date = typeof value === "string" ? new Date(value) : DateTime.toDate(value)
  if (Number.isNaN(date.getTime())) return ""
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

/**
 * The value of a `datetime-local` input (the browser's local time) as an ISO instant, or
 * undefined when it is empty.
 *
 * @example
 * ```ts
 * fromLocalInput("2026-03-01T22:30") // "2026-03-01T09:30:00.000Z" in Auckland
 * ```
 */
export const fromLocalInput = (value: FormDataEntryValue | null): string | undefined =>
  value === null || value === "" ? undefined : new Date(String(value)).toISOString()
