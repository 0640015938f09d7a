/**
 * Counts and file sizes for people, in the language shown (`Intl.NumberFormat` of `intlLocale`):
 * sizes in the largest unit that keeps the number at least 1, as file managers show them.
 */
import { intlLocale } from "./localization.ts"

const units = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const

/**
 * A count in the reader's numbers.
 *
 * @example
 * ```ts
 * formatCount(1234567) // "1,234,567" in English
 * ```
 */
export const formatCount = (value: number): string => new Intl.NumberFormat(intlLocale()).format(value)

/**
 * A size in bytes, in decimal units (1 kB is 1,000 bytes) with at most one decimal.
 *
 * @example
 * ```ts
 * formatSize(0) // "0 bytes" in English
 * formatSize(4_120) // "4.1 kB"
 * formatSize(361_023_518) // "361 MB"
 * ```
 */
export const formatSize = (bytes: number): string => {
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit++
  }
  return new Intl.NumberFormat(intlLocale(), {
    style: "unit",
    unit: units[unit],
    unitDisplay: unit === 0 ? "long" : "short",
    maximumFractionDigits: value < 10 ? 1 : 0,
  }).format(value)
}
