import { css } from "lit"
import { accent, base, border } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    .head { display: flex; gap: 1rem; align-items: end; flex-wrap: wrap; margin-bottom: 0.75rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    [role="tablist"] { display: flex; gap: 0.25rem; border-bottom: 1px solid ${border}; }
    [role="tab"] { border: none; border-bottom: 3px solid transparent; border-radius: 0; background: none; padding: 0.4rem 0.9rem; }
    [role="tab"][aria-selected="true"] { border-bottom-color: ${accent}; font-weight: 600; }
    [role="tabpanel"] { padding-top: 0.75rem; }
  `,
]
