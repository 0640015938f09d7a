import { css } from "lit"
import { leafletStyles } from "../../shared/map.ts"
import { accent, base, border, radius } from "../../shared/theme.ts"

export const styles = [
  base,
  leafletStyles,
  css`
    :host { display: block; }
    .layout { display: grid; grid-template-columns: minmax(0, 1fr) 18rem; gap: 1rem; }
    #map {
      height: var(--fr-shape-map-height, 28rem);
      border: 1px solid ${border};
      border-radius: ${radius};
      background: #eef2f5;
    }
    aside { max-height: var(--fr-shape-map-height, 28rem); overflow-y: auto; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.25rem; }
    ul button { width: 100%; text-align: left; display: flex; gap: 0.4rem; align-items: center; }
    ul button[aria-pressed="true"] { border-color: ${accent}; font-weight: 600; }
    .swatch { display: inline-block; width: 0.9rem; height: 0.9rem; border-radius: 3px; border: 1px solid ${border}; vertical-align: middle; }
    [part="metadata"] { margin-top: 0.75rem; border-top: 1px solid ${border}; padding-top: 0.5rem; }
    h3 { font-size: 1rem; margin: 0 0 0.25rem; }
    dl { display: grid; grid-template-columns: auto 1fr; gap: 0.2rem 0.6rem; font-size: 0.85rem; }
    dt { font-weight: 600; }
    dd { margin: 0; overflow-wrap: anywhere; }
    @media (max-width: 48rem) { .layout { grid-template-columns: 1fr; } }
  `,
]
