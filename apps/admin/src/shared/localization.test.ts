import { afterEach, describe, expect, it } from "vitest"
import { chooseLocale, locale, plural, preferredLocale, storageKey } from "./localization.ts"
import { formatCount, formatSize } from "./size.ts"
import { formatTime } from "./time.ts"

const reports = {
  one: (count: string) => `${count} report`,
  other: (count: string) => `${count} reports`,
}

describe("the language shown", () => {
  afterEach(async () => {
    await chooseLocale("en")
    localStorage.removeItem(storageKey)
  })

  it("is the one chosen, else the page's, else the first of the browser's we have, else English", () => {
    expect(preferredLocale({ chosen: "es", pageLanguage: "en", languages: ["en-NZ"] })).toBe("es")
    expect(preferredLocale({ chosen: null, pageLanguage: "es-AR", languages: ["en-NZ"] })).toBe("es")
    expect(preferredLocale({ chosen: null, pageLanguage: "", languages: ["fr-FR", "es-MX", "en"] })).toBe(
      "es",
    )
    expect(preferredLocale({ chosen: null, pageLanguage: "fr", languages: ["de", "pt-BR"] })).toBe("en")
    expect(preferredLocale({ chosen: "klingon", pageLanguage: "", languages: ["EN-us"] })).toBe("en")
  })

  it("changes when chosen, and the choice is remembered", async () => {
    expect(locale()).toBe("en")
    await chooseLocale("es")
    expect(locale()).toBe("es")
    expect(localStorage.getItem(storageKey)).toBe("es")
  })

  it("gives counts their plural form and numbers, sizes and dates their format", async () => {
    expect(plural(1, reports)).toBe("1 report")
    expect(plural(0, reports)).toBe("0 reports")
    expect(plural(12345, reports)).toBe("12,345 reports")
    expect(formatTime("2026-03-01T12:00:00.000Z")).toMatch(/Mar 1, 2026/)
    await chooseLocale("es")
    expect(plural(1, reports)).toBe("1 report")
    expect(plural(1_000_000, reports)).toBe("1.000.000 reports")
    expect(formatCount(12345.5)).toBe("12.345,5")
    expect(formatSize(4_120)).toBe("4,1 kB")
    expect(formatTime("2026-03-01T12:00:00.000Z")).toMatch(/^1 mar 2026/)
  })
})
