/**
 * The admin UI's languages: English, the language its text is written in, and Spanish, whose
 * translations (`src/locales/es.ts`) are loaded the first time they are needed. Every text people
 * read goes through `msg()` of `@lit/localize` with an explicit `id` (the key of its translation;
 * `npm run translations -w apps/admin` checks that each has one); dates, numbers and plurals go
 * through `Intl` in the language shown.
 *
 * One language holds for the whole page, the app shell and every embedded element alike, chosen
 * once when the bundle loads:
 *
 * 1. the language the person chose with the shell's switch, remembered in `localStorage`;
 * 2. else the page's own language (`<html lang="es">`), when it is one of ours, so an element
 *    embedded in a Spanish page speaks Spanish (the shell's page declares none);
 * 3. else the first of the browser's languages (`navigator.languages`) that is one of ours;
 * 4. else English.
 *
 * Elements re-render when the language changes (`updateWhenLocaleChanges`).
 */
import { configureLocalization } from "@lit/localize"

/** The languages of the admin UI, English first: the one its text is written in. */
export const locales = ["en", "es"] as const
export type Locale = (typeof locales)[number]

/** Where the shell's switch remembers the chosen language. */
export const storageKey = "fieldreport.locale"

const { getLocale, setLocale } = configureLocalization({
  sourceLocale: "en",
  targetLocales: ["es"],
  loadLocale: () => import("../locales/es.ts"),
})

/** One of our languages for a language tag ("es-MX" is Spanish), or undefined. */
const ours = (tag: string | null | undefined): Locale | undefined =>
  locales.find((locale) => tag?.toLowerCase().split("-")[0] === locale)

/**
 * The language to start in, from what the person chose, the page's language and the browser's
 * languages, in that order.
 *
 * @example
 * ```ts
 * preferredLocale({ chosen: null, pageLanguage: "", languages: ["es-MX", "en"] }) // "es"
 * ```
 */
export const preferredLocale = (from: {
  readonly chosen: string | null
  readonly pageLanguage: string
  readonly languages: ReadonlyArray<string>
}): Locale =>
  ours(from.chosen) ?? ours(from.pageLanguage) ?? from.languages.map(ours).find((locale) => locale) ?? "en"

/** The language shown now. */
export const locale = (): Locale => ours(getLocale()) ?? "en"

/**
 * The language tag for `Intl` formats: the browser's (or the page's) own variant of the language
 * shown, so a browser set to "es-MX" gets Mexican dates and numbers; the bare language otherwise.
 *
 * @example
 * ```ts
 * new Intl.NumberFormat(intlLocale()).format(1234.5) // "1.234,5" in Spanish
 * ```
 */
export const intlLocale = (): string => {
  const shown = locale()
  const tags = [document.documentElement.lang, ...navigator.languages]
  return tags.find((tag) => ours(tag) === shown) ?? shown
}

/**
 * Shows the admin UI in another language and remembers the choice for the next visit. The promise
 * settles once elements can render in it (Spanish is fetched on first use).
 *
 * @example
 * ```ts
 * await chooseLocale("es")
 * ```
 */
export const chooseLocale = async (chosen: Locale): Promise<void> => {
  try {
    localStorage.setItem(storageKey, chosen)
  } catch {
    // Storage may be refused (a private window, a sandboxed frame): the choice then lasts this visit.
  }
  await setLocale(chosen)
}

/** The stored choice, or null when there is none or storage is refused. */
const storedChoice = (): string | null => {
  try {
    return localStorage.getItem(storageKey)
  } catch {
    return null
  }
}

/**
 * Resolves once the language chosen when the bundle loaded is ready to render in.
 *
 * @example
 * ```ts
 * await localeReady
 * ```
 */
export const localeReady: Promise<void> = setLocale(
  preferredLocale({
    chosen: storedChoice(),
    pageLanguage: document.documentElement.lang,
    languages: navigator.languages,
  }),
)

/**
 * Which form of a counted noun a count takes in the language shown: `one` or `other` (Spanish's
 * `many`, for round millions, reads as `other`).
 */
const pluralForm = (count: number): "one" | "other" =>
  new Intl.PluralRules(intlLocale()).select(count) === "one" ? "one" : "other"

/**
 * A count with its noun: each form is a message taking the count, already in the reader's numbers.
 *
 * @example
 * ```ts
 * plural(1234, {
 *   one: (count) => msg(str`${count} report`, { id: "count.report.one" }),
 *   other: (count) => msg(str`${count} reports`, { id: "count.report.other" }),
 * }) // "1,234 reports" in English, "1234 informes" in Spanish
 * ```
 */
export const plural = (
  count: number,
  forms: { readonly one: (count: string) => string; readonly other: (count: string) => string },
): string => forms[pluralForm(count)](new Intl.NumberFormat(intlLocale()).format(count))
