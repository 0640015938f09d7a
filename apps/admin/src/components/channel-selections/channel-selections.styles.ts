import { css } from "lit"
import { base, border } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: block; }
    table { border-collapse: collapse; font-size: 0.9rem; }
    th, td { padding: 0.3rem 0.75rem; border-bottom: 1px solid ${border}; text-align: left; }
    td { text-align: center; }
    caption { text-align: left; font-weight: 600; margin-bottom: 0.4rem; }
    .hint { font-size: 0.8rem; }
  `,
]
