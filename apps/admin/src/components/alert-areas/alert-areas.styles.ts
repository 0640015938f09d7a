import { css } from "lit"
import { leafletStyles } from "../../shared/map.ts"
import { accent, base, border, radius } from "../../shared/theme.ts"

export const styles = [
  base,
  leafletStyles,
  css`
    :host { display: block; }
    .toolbar, form { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin: 0.5rem 0; }
    button[aria-pressed="true"] { background: ${accent}; color: var(--fr-color-on-accent, #fff); }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    .corners textarea { min-width: 18rem; }
    #map {
      height: var(--fr-alert-areas-map-height, 24rem);
      border: 1px solid ${border};
      border-radius: ${radius};
      background: #eef2f5;
    }
    path.stored-area { stroke: ${accent}; fill: ${accent}; }
    .handle { background: #fff; border: 2px solid #d9480f; border-radius: 50%; }
    h2 { font-size: 1rem; margin: 1rem 0 0.5rem; }
    ul { list-style: none; padding: 0; margin: 0; display: grid; gap: 0.35rem; }
    [part="area"] {
      display: flex; justify-content: space-between; gap: 0.5rem; align-items: center;
      border: 1px solid ${border}; border-radius: ${radius}; padding: 0.35rem 0.6rem;
    }
    [part="area"].editing { border-color: #d9480f; }
    .actions { display: flex; gap: 0.3rem; }
    .status { margin: 0.25rem 0; }
  `,
]
