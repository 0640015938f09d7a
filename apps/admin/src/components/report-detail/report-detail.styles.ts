import { css } from "lit"
import { accent, base, border, muted, onAccent, radius, surface, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    header { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: baseline; margin-bottom: 1rem; }
    header h2 { margin: 0; font-size: 1.35rem; }
    .badge {
      display: inline-block; padding: 0.1rem 0.55rem; border-radius: 999px; background: ${accent}; color: ${onAccent};
      font-size: 0.85rem;
    }
    .layout { display: grid; grid-template-columns: minmax(0, 3fr) minmax(16rem, 2fr); gap: 1rem; align-items: start; }
    @media (max-width: 900px) { .layout { grid-template-columns: minmax(0, 1fr); } }
    .close-bar { margin-bottom: 0.75rem; }
    /*
     * A phone: the detail covers the screen, above the shell, and scrolls on its own; Back to
     * reports stays at the top, above the location map's controls.
     */
    @media (max-width: 40rem) {
      :host([closable]) {
        position: fixed; inset: 0; z-index: 900; overflow-y: auto; overflow-x: hidden;
        background: ${surface}; padding: 0 0.75rem 0.75rem;
      }
      :host([closable]) .close-bar {
        position: sticky; top: 0; z-index: 1100; margin: 0 -0.75rem 0.75rem; padding: 0.5rem 0.75rem;
        background: ${surface}; border-bottom: 1px solid ${border};
      }
      .close { width: 100%; text-align: left; font-weight: 600; }
      header h2 { font-size: 1.15rem; }
      section { padding: 0.6rem 0.75rem; }
    }
    section {
      border: 1px solid ${border}; border-radius: ${radius}; padding: 0.75rem 1rem; margin-bottom: 1rem;
    }
    section h3 { margin: 0 0 0.5rem; font-size: 1rem; }
    section h3 + * + h3, form + h3 { margin-top: 1rem; }
    form.answers { display: grid; gap: 0.9rem; }
    .actions { display: flex; gap: 0.5rem; align-items: center; }
    ol, ul { margin: 0; padding-left: 1.2rem; display: grid; gap: 0.3rem; }
    .meta { color: ${muted}; font-size: 0.85rem; }
    .comment { background: ${surfaceRaised}; border-radius: 4px; padding: 0.35rem 0.5rem; list-style: none; }
    .stack { display: grid; gap: 0.5rem; }
    .stack > label { display: grid; gap: 0.2rem; }
    .stack > label > input, .stack > label > select { width: 100%; }
    textarea { width: 100%; min-height: 3.5rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.75rem; margin: 0; }
    dt { color: ${muted}; }
    dd { margin: 0; }
    .done { text-decoration: line-through; color: ${muted}; }
  `,
]
