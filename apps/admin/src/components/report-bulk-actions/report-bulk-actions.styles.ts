import { css } from "lit"
import { accent, base, border, danger, muted, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    .bar {
      display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: center;
      padding: 0.5rem 0.6rem; margin-bottom: 0.5rem;
      background: ${surfaceRaised}; border: 1px solid ${border}; border-radius: 6px;
    }
    .count { font-weight: 600; margin-right: auto; }
    .actions { display: flex; flex-wrap: wrap; gap: 0.4rem; }
    .actions button[aria-expanded="true"] { border-color: ${accent}; font-weight: 600; }
    button.danger { color: ${danger}; border-color: ${danger}; }
    button.danger.primary { background: ${danger}; color: white; }
    form, .panel {
      display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: end;
      padding: 0.6rem; margin-bottom: 0.5rem; border: 1px solid ${border}; border-radius: 6px;
    }
    fieldset { border: none; padding: 0; margin: 0; display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; }
    legend { font-weight: 600; margin-bottom: 0.3rem; padding: 0; }
    label { display: flex; flex-direction: column; gap: 0.2rem; font-size: 0.85rem; }
    form p, .panel p { flex: 1 1 100%; margin: 0; }
    .hint { color: ${muted}; font-size: 0.85rem; }
    .progress { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; align-items: center; margin-bottom: 0.5rem; }
    progress { width: 12rem; max-width: 100%; accent-color: ${accent}; }
    fr-report-export { flex: 1 1 100%; }
    /* A phone: the actions share the width, and each form's controls take a line of their own. */
    @media (max-width: 40rem) {
      .count { flex: 1 1 100%; }
      .actions { flex: 1 1 100%; }
      .actions button { flex: 1 1 auto; }
      label, fieldset { flex: 1 1 100%; }
      form button, .panel button { flex: 1 1 auto; }
      progress { width: 100%; }
    }
  `,
]
