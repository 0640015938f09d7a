import { css } from "lit"
import { accent, base, border, muted, radius } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    .toolbar { display: flex; gap: 0.5rem; align-items: center; margin-bottom: 0.5rem; flex-wrap: wrap; }
    ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.4rem; }
    [part="notification"] {
      display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; justify-content: space-between;
      border: 1px solid ${border}; border-radius: ${radius}; padding: 0.4rem 0.6rem;
    }
    [part="notification"].unread { border-left: 4px solid ${accent}; font-weight: 600; }
    .when { color: ${muted}; font-size: 0.8rem; font-weight: normal; }
    .actions { display: flex; gap: 0.3rem; }
  `,
]
