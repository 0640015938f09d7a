/**
 * The theme tokens: every colour, font and radius of the elements reads a `--fr-…` custom property
 * with a default, so a host page themes all elements at once by setting the properties on any
 * ancestor (`body { --fr-color-accent: #0a7d4f }`), or one element by setting them on it.
 *
 * | property | use |
 * |---|---|
 * | `--fr-color-accent` | buttons, links, focus ring, selected rows |
 * | `--fr-color-on-accent` | text on the accent colour |
 * | `--fr-color-text`, `--fr-color-muted` | body and secondary text |
 * | `--fr-color-surface`, `--fr-color-surface-raised` | backgrounds of the page and of panels |
 * | `--fr-color-border` | lines between things |
 * | `--fr-color-danger` | errors and destructive actions |
 * | `--fr-font-family`, `--fr-radius` | type face and corner radius |
 */
import { css } from "lit"

export const accent = css`var(--fr-color-accent, #1f5fbf)`
export const onAccent = css`var(--fr-color-on-accent, #ffffff)`
export const text = css`var(--fr-color-text, #1b1f24)`
export const muted = css`var(--fr-color-muted, #57606a)`
export const surface = css`var(--fr-color-surface, #ffffff)`
export const surfaceRaised = css`var(--fr-color-surface-raised, #f4f6f8)`
export const border = css`var(--fr-color-border, #d0d7de)`
export const danger = css`var(--fr-color-danger, #b42318)`
export const fontFamily = css`var(--fr-font-family, system-ui, -apple-system, "Segoe UI", sans-serif)`
export const radius = css`var(--fr-radius, 6px)`

/**
 * Styles every element starts from: the host's font and colours, and the look of the native
 * controls it renders (buttons, inputs, selects), with a visible focus ring for keyboard users.
 *
 * @example
 * ```ts
 * static override styles = [base, css`:host { display: block }`]
 * ```
 */
export const base = css`
  :host {
    font-family: ${fontFamily};
    color: ${text};
    font-size: 14px;
    line-height: 1.4;
    box-sizing: border-box;
  }
  *, *::before, *::after { box-sizing: inherit; }
  [hidden] { display: none !important; }
  button, input, select, textarea { font: inherit; color: inherit; }
  button {
    cursor: pointer;
    border: 1px solid ${border};
    background: ${surface};
    border-radius: ${radius};
    padding: 0.35rem 0.8rem;
  }
  button.primary {
    background: ${accent};
    border-color: ${accent};
    color: ${onAccent};
  }
  button:disabled { cursor: not-allowed; opacity: 0.6; }
  input, select, textarea {
    border: 1px solid ${border};
    border-radius: ${radius};
    padding: 0.3rem 0.5rem;
    background: ${surface};
  }
  :focus-visible { outline: 2px solid ${accent}; outline-offset: 2px; }
  .error { color: ${danger}; }
  /* A save's confirmation (SaveStatus): empty, it takes no room but stays a live region. */
  .saved { color: ${accent}; font-weight: 600; }
  .saved:empty { margin: 0; }
  .muted { color: ${muted}; }
  /* A phone: every control is at least a finger's size (44 px). */
  @media (max-width: 40rem) {
    button, select, textarea, input:not([type="checkbox"]):not([type="radio"]) { min-height: 44px; }
    input[type="checkbox"], input[type="radio"] { width: 1.25rem; height: 1.25rem; }
  }
  .visually-hidden {
    position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap;
  }
`
