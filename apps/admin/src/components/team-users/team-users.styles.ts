import { css } from "lit"
import { base, border, muted } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin-bottom: 0.75rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    [part="filters"] input { width: 8.5rem; }
    td select { max-width: 9rem; padding: 0.15rem 0.3rem; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
    th, td { text-align: left; padding: 0.25rem 0.35rem; border-bottom: 1px solid ${border}; white-space: nowrap; }
    th { font-weight: 600; }
    td.device { color: ${muted}; white-space: normal; min-width: 8rem; }
    [part="invitations"] { margin-top: 1rem; }
    caption { text-align: left; font-weight: 600; padding-bottom: 0.25rem; }
    td.actions { display: flex; gap: 0.35rem; }
    /* A phone: the forms are one column, each field the screen's width. */
    @media (max-width: 40rem) {
      form { flex-direction: column; align-items: stretch; }
      [part="filters"] input { width: auto; }
      td select, td.actions button { min-height: 44px; }
    }
    .pager { display: flex; gap: 0.5rem; align-items: center; margin-top: 0.5rem; }
  `,
]
