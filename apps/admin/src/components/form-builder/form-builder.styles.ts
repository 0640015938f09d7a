import { css } from "lit"
import { base, border, muted, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    label.inline { flex-direction: row; align-items: center; gap: 0.3rem; }
    .form-head, .add, .save { display: flex; gap: 0.75rem; align-items: end; flex-wrap: wrap; margin: 0.5rem 0; }
    ol { padding: 0; margin: 0; list-style: none; }
    .fields { display: grid; gap: 0.6rem; }
    [part="field"] { background: ${surfaceRaised}; border: 1px solid ${border}; border-radius: ${radius}; padding: 0.6rem; }
    .field-head { display: flex; justify-content: space-between; align-items: center; margin-bottom: 0.4rem; }
    .type { font-size: 0.8rem; color: ${muted}; text-transform: uppercase; letter-spacing: 0.03em; }
    .moves { display: flex; gap: 0.25rem; }
    .field-body { display: flex; flex-wrap: wrap; gap: 0.75rem; align-items: end; }
    .field-body label:first-child { flex: 1 1 16rem; }
    fieldset { margin-top: 0.5rem; border: 1px solid ${border}; border-radius: ${radius}; }
    [part="option"] { display: flex; gap: 0.4rem; align-items: center; margin: 0.25rem 0; flex-wrap: wrap; }
    [part="option"] > input { flex: 1 1 12rem; }
  `,
]
