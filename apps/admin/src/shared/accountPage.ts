/**
 * The look of the pages someone uses before they are signed in (signing in, asking for a password
 * reset, choosing a new password, verifying an address): one bordered box of narrow width.
 */
import { css } from "lit"
import { border, muted, radius, surface } from "./theme.ts"

/**
 * Styles of an account page's box (`form` or `section`), its title, labels and hints.
 *
 * @example
 * ```ts
 * static override styles = [base, accountPage]
 * ```
 */
export const accountPage = css`
  :host { display: block; }
  form, section {
    display: grid; gap: 0.75rem; max-width: 22rem; padding: 1.5rem;
    border: 1px solid ${border}; border-radius: ${radius}; background: ${surface};
  }
  label { display: grid; gap: 0.25rem; }
  h1 { margin: 0; font-size: 1.3rem; }
  p { margin: 0; }
  .hint { color: ${muted}; }
`
