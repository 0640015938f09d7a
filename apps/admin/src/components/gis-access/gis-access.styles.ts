import { css } from "lit"
import { accent, base, border, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; max-width: 48rem; }
    p { margin: 0 0 0.75rem; }
    h3 { margin: 1rem 0 0.5rem; font-size: 1rem; }
    a { color: ${accent}; }
    .address { display: flex; flex-direction: column; gap: 0.25rem; }
    .address label { font-size: 0.85rem; }
    .copy { display: flex; gap: 0.5rem; }
    .copy input { flex: 1 1 auto; min-width: 0; font-family: ui-monospace, monospace; }
    .address p { margin: 0; }
    ol { margin: 0 0 0.75rem; padding-left: 1.5rem; }
    li { margin-bottom: 0.4rem; }
    pre {
      margin: 0; padding: 0.5rem 0.75rem; border: 1px solid ${border}; border-radius: 6px;
      background: ${surfaceRaised}; white-space: pre-wrap; overflow-wrap: anywhere; font-size: 0.8rem;
    }
  `,
]
