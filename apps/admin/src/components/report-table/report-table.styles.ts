import { css } from "lit"
import { accent, base, border, muted, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    .bar { display: flex; flex-wrap: wrap; gap: 0.5rem 1rem; align-items: center; margin-bottom: 0.5rem; }
    .bar [role="status"] { margin-right: auto; color: ${muted}; }
    details { position: relative; }
    details > div {
      position: absolute; right: 0; z-index: 2; display: grid; gap: 0.2rem; padding: 0.5rem;
      background: white; border: 1px solid ${border}; border-radius: 6px; min-width: 12rem;
    }
    details label { display: flex; gap: 0.4rem; align-items: center; }
    .scroll { overflow: auto; border: 1px solid ${border}; border-radius: 6px; }
    table { border-collapse: collapse; width: 100%; }
    th, td { text-align: left; padding: 0.35rem 0.6rem; border-bottom: 1px solid ${border}; white-space: nowrap; }
    th { position: sticky; top: 0; background: ${surfaceRaised}; font-weight: 600; }
    th button { border: none; background: none; padding: 0; font-weight: 600; }
    tbody tr:hover { background: ${surfaceRaised}; }
    td.title button, td.id button {
      border: none; background: none; padding: 0; color: ${accent}; text-decoration: underline; text-align: left;
    }
    td.title { white-space: normal; min-width: 14rem; }
  `,
]
