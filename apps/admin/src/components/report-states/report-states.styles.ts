import { css } from "lit"
import { base, border, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    ol { list-style: none; margin: 0 0 0.75rem; padding: 0; display: grid; gap: 0.5rem; }
    [part="state"] { background: ${surfaceRaised}; border: 1px solid ${border}; border-radius: ${radius}; padding: 0.6rem; }
    .row { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    label.inline { flex-direction: row; align-items: center; gap: 0.3rem; }
    .moves { display: flex; gap: 0.25rem; margin-left: auto; }
    fieldset { margin-top: 0.5rem; border: 1px solid ${border}; border-radius: ${radius}; display: flex; flex-wrap: wrap; gap: 0.3rem 1rem; }
    legend { font-size: 0.85rem; }
  `,
]
