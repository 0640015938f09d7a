import { css } from "lit"
import { base, border, muted, radius } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    [part="form"], [part="invite-form"] { display: grid; gap: 0.6rem; }
    textarea { width: min(100%, 32rem); font: inherit; }
    h3 { margin: 1.25rem 0 0.5rem; font-size: 1rem; }
    fieldset { border: 1px solid ${border}; border-radius: ${radius}; display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; }
    label { display: inline-flex; gap: 0.35rem; align-items: center; }
    label.stacked { display: flex; flex-direction: column; align-items: flex-start; gap: 0.2rem; font-size: 0.85rem; }
    .note { margin: 0; color: ${muted}; font-size: 0.85rem; }
    .ok { color: #2b8a3e; }
    [part="results"], [part="invite-results"] { padding-left: 1.2rem; }
  `,
]
