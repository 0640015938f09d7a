import leafletCss from "leaflet/dist/leaflet.css?inline"
import { css, unsafeCSS } from "lit"
import { accent, base, border, onAccent, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  // Leaflet's own styles, inside the shadow root where the map lives.
  unsafeCSS(leafletCss),
  css`
    /* The element's own height wins (a page lays it out like any block); the map fills it. */
    :host { display: block; position: relative; height: var(--fr-map-height, 480px); }
    .map {
      height: 100%; border: 1px solid ${border}; border-radius: ${radius};
      background-color: ${surfaceRaised};
    }
    /* Without a basemap, a light grid keeps panning visible. */
    .map.bare {
      background-image: linear-gradient(${border} 1px, transparent 1px),
        linear-gradient(90deg, ${border} 1px, transparent 1px);
      background-size: 64px 64px;
    }
    .count {
      display: grid; place-items: center; border-radius: 50%;
      background: color-mix(in srgb, ${accent} 85%, transparent); color: ${onAccent};
      font: 600 12px/1 system-ui, sans-serif; border: 2px solid ${onAccent}; box-shadow: 0 1px 3px #0006;
    }
    [role="status"] {
      position: absolute; z-index: 1000; left: 0.5rem; bottom: 0.5rem; padding: 0.15rem 0.5rem;
      background: #fffd; border-radius: 4px; font-size: 0.85rem;
    }
  `,
]
