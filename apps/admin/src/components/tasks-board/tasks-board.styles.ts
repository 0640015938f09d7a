import { css } from "lit"
import { base, border, muted, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form, .toolbar { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: end; margin-bottom: 1rem; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    .board { display: grid; grid-template-columns: repeat(auto-fit, minmax(18rem, 1fr)); gap: 1rem; }
    [part="column"] { background: ${surfaceRaised}; border-radius: ${radius}; padding: 0.75rem; }
    h2 { font-size: 1rem; margin: 0 0 0.5rem; }
    h3 { font-size: 0.85rem; margin: 0.75rem 0 0.35rem; color: ${muted}; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.5rem; }
    [part="task"] {
      border: 1px solid ${border}; border-radius: ${radius}; padding: 0.5rem 0.6rem; background: var(--fr-color-surface, #fff);
    }
    .task-title { font-weight: 600; }
    .task-description { white-space: pre-line; margin: 0.25rem 0; }
    .task-meta { font-size: 0.8rem; color: ${muted}; }
    .actions { display: flex; gap: 0.4rem; margin-top: 0.4rem; flex-wrap: wrap; }
    .completed .task-title { text-decoration: line-through; }
    textarea { min-height: 3rem; }
    /* A phone: the forms are one column, each field the screen's width. */
    @media (max-width: 40rem) {
      form, .toolbar { flex-direction: column; align-items: stretch; }
      .board { grid-template-columns: minmax(0, 1fr); }
    }
    button.link { border: none; background: none; padding: 0; color: var(--fr-color-accent, #1f5fbf); text-decoration: underline; font-size: inherit; }
  `,
]
