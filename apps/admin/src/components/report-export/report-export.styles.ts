import { css } from "lit"
import { accent, base, muted } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: end; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    /* The checkbox and the link sit on the button's line, centred on its height. */
    label.choice, .past { align-self: end; min-height: 2.15rem; display: flex; align-items: center; }
    label.choice { flex-direction: row; gap: 0.4rem; font-size: inherit; }
    a { color: ${accent}; }
    .progress { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: center; margin-top: 0.5rem; }
    progress { width: 12rem; max-width: 100%; accent-color: ${accent}; }
    .progress .muted, .download .muted { color: ${muted}; font-size: 0.85rem; }
    p { margin: 0.5rem 0 0; }
    .download a { overflow-wrap: anywhere; font-weight: 600; }
    /* A phone: the picker takes the width; the button and the checkbox share the next line. */
    @media (max-width: 40rem) {
      label:not(.choice) { flex: 1 1 100%; }
      button { flex: 1 1 auto; }
      progress { width: 100%; }
    }
  `,
]
