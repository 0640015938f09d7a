import { css } from "lit"
import { base, border, danger, muted } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: end; margin-bottom: 0.75rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    input[name="actor"] { width: 16rem; max-width: 100%; }
    select { max-width: 16rem; }
    .actions { display: flex; gap: 0.5rem; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
    th, td { text-align: left; vertical-align: top; padding: 0.3rem 0.4rem; border-bottom: 1px solid ${border}; overflow-wrap: anywhere; }
    thead th { white-space: nowrap; }
    tbody th { font-weight: 600; }
    tr.failure th { color: ${danger}; }
    td:first-child { white-space: nowrap; }
    .pager { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin-top: 0.5rem; }
    /* A phone: the form is one column; each event is a card of labelled lines, nothing wider than the screen. */
    @media (max-width: 40rem) {
      form { flex-direction: column; align-items: stretch; }
      input[name="actor"], select { width: auto; max-width: none; }
      .actions button { flex: 1; }
      thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); }
      table, tbody, tr, th, td { display: block; }
      tr { border-bottom: 1px solid ${border}; padding: 0.4rem 0; }
      th, td { border: none; padding: 0.1rem 0; white-space: normal; }
      td:first-child { white-space: normal; }
      tbody [data-label]::before {
        content: attr(data-label) ": "; color: ${muted}; font-weight: 400;
      }
      tbody td:empty { display: none; }
    }
  `,
]
