import { css } from "lit"
import { base, border, muted, radius } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    fieldset, .field { border: none; margin: 0; padding: 0; display: grid; gap: 0.3rem; }
    legend, label.title { font-weight: 600; padding: 0; }
    .required { color: ${muted}; font-weight: 400; }
    .options { display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
    .options label { display: flex; gap: 0.35rem; align-items: center; }
    textarea { min-height: 4.5rem; resize: vertical; }
    input[type="text"], textarea, select { width: 100%; }
    ul.files { list-style: none; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    ul.files li {
      display: grid; gap: 0.25rem; justify-items: start; padding: 0.35rem; border: 1px solid ${border};
      border-radius: ${radius};
    }
    ul.files img { width: 96px; height: 96px; object-fit: cover; border-radius: 4px; display: block; }
    .error { margin: 0; }
  `,
]
