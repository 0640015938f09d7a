import { css } from "lit"
import { base, border, danger } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; max-width: 48rem; }
    section { border: 1px solid ${border}; border-radius: 6px; padding: 0.5rem 0.75rem 0.75rem; margin: 0 0 1rem; }
    h3 { margin: 0.25rem 0 0.5rem; font-size: 1rem; overflow-wrap: anywhere; }
    h3 .muted { font-weight: 400; font-size: 0.85rem; }
    ul { list-style: none; margin: 0 0 0.75rem; padding: 0; }
    li {
      display: flex; justify-content: space-between; align-items: center; gap: 0.5rem;
      padding: 0.3rem 0; border-bottom: 1px solid ${border}; overflow-wrap: anywhere;
    }
    form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    input { width: 22rem; max-width: 100%; }
    button.danger { color: ${danger}; border-color: ${danger}; flex: none; }
    /* A phone: the form is one column, its field the screen's width. */
    @media (max-width: 40rem) {
      form { flex-direction: column; align-items: stretch; }
      input { width: auto; }
    }
  `,
]
