import { css } from "lit"
import { base, border, radius, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    form {
      display: flex; flex-wrap: wrap; gap: 0.75rem 1rem; align-items: flex-end;
      padding: 0.75rem; border: 1px solid ${border}; border-radius: ${radius}; background: ${surfaceRaised};
    }
    fieldset { border: 1px solid ${border}; border-radius: ${radius}; margin: 0; padding: 0.4rem 0.6rem; }
    fieldset.criteria { display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: flex-end; }
    legend { font-weight: 600; padding: 0 0.25rem; }
    .choices legend { font-weight: normal; font-size: 0.85rem; }
    label { display: grid; gap: 0.2rem; font-size: 0.85rem; }
    .choices { display: flex; flex-wrap: wrap; gap: 0.25rem 0.75rem; }
    .choices label { display: flex; gap: 0.3rem; align-items: center; font-size: 0.9rem; }
    label.words { flex-basis: 100%; }
    label.words input { width: 100%; max-width: 32rem; }
    fieldset.saved-filters { flex-basis: 100%; display: flex; flex-wrap: wrap; gap: 0.5rem 0.75rem; align-items: flex-end; }
    .hint { flex-basis: 100%; margin: 0; font-size: 0.8rem; }
    details { flex-basis: 100%; }
    summary { cursor: pointer; }
    details[open] > .more { display: flex; flex-wrap: wrap; gap: 0.75rem; margin-top: 0.5rem; }
    .actions { display: flex; gap: 0.5rem; margin-left: auto; }
    input.ids { width: 9rem; }
    /* A phone: one column, each field the form's width. */
    @media (max-width: 40rem) {
      form, fieldset.criteria, fieldset.saved-filters, details[open] > .more { flex-direction: column; align-items: stretch; }
      input.ids { width: auto; }
      .actions { margin-left: 0; }
      .actions button { flex: 1; }
      .choices label { min-height: 44px; }
    }
  `,
]
