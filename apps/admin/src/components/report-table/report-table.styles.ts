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
    /* The checkboxes: the whole cell is the label, so the target is larger than the box. */
    th.pick, td.pick { width: 1%; padding: 0; }
    .pick label { display: flex; align-items: center; justify-content: center; min-width: 2.25rem; min-height: 2rem; cursor: pointer; }
    tbody tr[aria-selected="true"] { background: ${surfaceRaised}; box-shadow: inset 3px 0 ${accent}; }
    .selection { display: flex; flex-wrap: wrap; gap: 0.4rem 0.75rem; align-items: center; margin: 0 0 0.5rem; }
    .selection .hint { color: ${muted}; font-size: 0.85rem; flex: 1 1 100%; }
    /* A phone: a finger's size (44 px) for every checkbox and button. */
    @media (max-width: 40rem) {
      .pick label { min-width: 44px; min-height: 44px; }
      .bar button, .bar summary, .selection button { min-height: 44px; }
      .selection button { flex: 1 1 auto; }
    }
  `,
]
