import { css } from "lit"
import { base, border, muted } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin-bottom: 0.75rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    .table-wrap { overflow-x: auto; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
    th, td { text-align: left; padding: 0.3rem 0.45rem; border-bottom: 1px solid ${border}; white-space: nowrap; }
    th { font-weight: 600; }
    td.device { color: ${muted}; }
    .pager { display: flex; gap: 0.5rem; align-items: center; margin-top: 0.5rem; }
  `,
]
