import { css } from "lit"
import { base, border, muted, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    [part="controls"] { display: flex; flex-wrap: wrap; gap: 0.6rem; align-items: end; margin-bottom: 1rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    .figures { display: flex; flex-wrap: wrap; gap: 0.75rem; margin: 0 0 1rem; }
    .figures div { background: ${surfaceRaised}; border-radius: ${radius}; padding: 0.5rem 0.9rem; min-width: 9rem; }
    dt { font-size: 0.8rem; color: ${muted}; }
    dd { margin: 0; font-size: 1.5rem; font-weight: 600; }
    .panels { display: grid; grid-template-columns: repeat(auto-fill, minmax(22rem, 1fr)); gap: 1rem; }
    [part="panel"] { border: 1px solid ${border}; border-radius: ${radius}; padding: 0.75rem; min-width: 0; }
    h3 { font-size: 0.95rem; margin: 0 0 0.5rem; }
    .chart { position: relative; height: 14rem; }
    details { margin-top: 0.5rem; }
    table { border-collapse: collapse; width: 100%; font-size: 0.85rem; }
    th, td { text-align: left; padding: 0.2rem 0.4rem; border-bottom: 1px solid ${border}; }
    .images { margin-top: 1rem; }
    .images ul { list-style: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.5rem; }
    .thumb { padding: 0; border-radius: ${radius}; overflow: hidden; line-height: 0; }
    .thumb img { width: 96px; height: 96px; object-fit: cover; }
  `,
]
