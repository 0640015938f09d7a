import { css } from "lit"
import { accent, base, border, muted } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    p { margin: 0 0 0.75rem; }
    a { color: ${accent}; overflow-wrap: anywhere; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
    th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.4rem; border-bottom: 1px solid ${border}; overflow-wrap: anywhere; }
    thead th { white-space: nowrap; }
    tbody th { font-weight: 400; white-space: nowrap; }
    .pager { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 0.5rem; }
    /* A phone: each export is a card of labelled lines, nothing wider than the screen. */
    @media (max-width: 40rem) {
      thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      table, tbody, tr, th, td { display: block; }
      tr { border-bottom: 1px solid ${border}; padding: 0.4rem 0; }
      th, td { border: none; padding: 0.1rem 0; white-space: normal; }
      tbody th { white-space: normal; font-weight: 600; }
      tbody [data-label]::before { content: attr(data-label) ": "; color: ${muted}; font-weight: 400; }
      tbody td:empty { display: none; }
    }
  `,
]
