import { css } from "lit"
import { base, border, danger, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; max-width: 48rem; }
    h3 { margin: 1.25rem 0 0.5rem; font-size: 1rem; }
    form { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    [part="owner"] input { width: 22rem; max-width: 100%; }
    fieldset { border: 1px solid ${border}; border-radius: 6px; margin: 0; padding: 0.4rem 0.75rem 0.6rem; }
    legend { font-size: 0.85rem; padding: 0 0.25rem; }
    label.choice { flex-direction: row; align-items: center; gap: 0.5rem; }
    [part="new-token"] {
      margin: 0.75rem 0; padding: 0.75rem; border: 1px solid ${border}; border-radius: 6px;
      background: ${surfaceRaised};
    }
    [part="new-token"] p { margin: 0 0 0.5rem; }
    .secret { display: flex; gap: 0.5rem; margin-bottom: 0.25rem; }
    .secret input { flex: 1 1 auto; min-width: 0; font-family: ui-monospace, monospace; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 0.3rem 0.4rem; border-bottom: 1px solid ${border}; }
    tbody th { font-weight: 600; overflow-wrap: anywhere; }
    td:last-child { text-align: right; }
    button.danger { color: ${danger}; border-color: ${danger}; }
    /* A phone: the forms are one column, each field the screen's width. */
    @media (max-width: 40rem) {
      form { flex-direction: column; align-items: stretch; }
      [part="owner"] input { width: auto; }
    }
  `,
]
