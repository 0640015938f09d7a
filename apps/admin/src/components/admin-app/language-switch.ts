/**
 * The shell's choice of language: each language named in itself, the one shown selected. Choosing
 * one shows the admin UI in it at once and remembers it for the next visit (`chooseLocale`).
 */
import { msg } from "@lit/localize"
import { html } from "lit"
import { chooseLocale, type Locale, locale, locales } from "../../shared/localization.ts"

/** Each language by its own name, so a reader finds theirs whatever the page shows. */
const names: Readonly<Record<Locale, string>> = { en: "English", es: "Español" }

/**
 * @example
 * ```ts
 * html`<header>…${languageSwitch()}</header>`
 * ```
 */
export const languageSwitch =
  () => html`<label class="language">${msg("Language", { id: "languageSwitch.label" })}
  <select name="language" @change=${(event: Event) => void chooseLocale((event.target as HTMLSelectElement).value as Locale)}>
    ${locales.map((each) => html`<option value=${each} lang=${each} ?selected=${each === locale()}>${names[each]}</option>`)}
  </select>
</label>`
