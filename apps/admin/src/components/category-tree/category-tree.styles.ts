import { css } from "lit"
import { base, border } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    ul { list-style: none; margin: 0; padding-left: 1.25rem; border-left: 2px solid ${border}; }
    ul.tree { padding-left: 0; border-left: none; }
    li { margin: 0.35rem 0; }
    [part="category"], .add { display: flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
    .add { margin: 0.25rem 0 0 1.6rem; opacity: 0.85; }
    input[type="color"] { width: 2.2rem; height: 1.9rem; padding: 0.1rem; }
    img { flex: none; }
  `,
]
