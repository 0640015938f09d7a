import { css } from "lit"
import { accent, base, border, onAccent, surface, surfaceRaised } from "../../shared/theme.ts"

export const styles = [
  base,
  css`
    :host { display: flex; flex-direction: column; min-height: 100%; }
    header {
      display: flex; flex-wrap: wrap; gap: 1rem; align-items: center;
      padding: 0.5rem 1rem; border-bottom: 1px solid ${border}; background: ${surfaceRaised};
    }
    header strong { margin-right: auto; font-size: 1.1rem; }
    header label { display: flex; gap: 0.4rem; align-items: center; }
    .invitations {
      padding: 0.25rem 1rem; border-bottom: 1px solid ${border}; border-left: 4px solid ${accent};
      background: ${surface};
    }
    .invitations p { display: flex; flex-wrap: wrap; gap: 0.5rem; align-items: center; margin: 0.4rem 0; }
    .body { flex: 1; display: grid; grid-template-columns: 11rem 1fr; min-height: 0; }
    nav { border-right: 1px solid ${border}; padding: 0.75rem 0.5rem; background: ${surfaceRaised}; }
    nav ul { list-style: none; margin: 0; padding: 0; display: grid; gap: 0.25rem; }
    nav a {
      display: block; padding: 0.4rem 0.6rem; border-radius: 4px; color: inherit; text-decoration: none;
    }
    nav a[aria-current="page"] { background: ${accent}; color: ${onAccent}; }
    main { padding: 1rem; min-width: 0; overflow: auto; }
    main:focus { outline: none; }
    /* Out of sight until the keyboard reaches it, then above the header. */
    .skip {
      position: absolute; left: 0.5rem; top: -3rem; z-index: 10000; padding: 0.5rem 0.75rem;
      background: ${accent}; color: ${onAccent}; border-radius: 4px;
    }
    .skip:focus { top: 0.5rem; }
    .login { display: grid; place-items: center; padding: 3rem 1rem; }
    .menu { display: none; }
    /*
     * A phone: the navigation folds into the menu button and the view takes the whole width; the
     * switchers wrap under the title. Controls grow to a finger's size.
     */
    @media (max-width: 40rem) {
      header { gap: 0.5rem; padding: 0.5rem; }
      header strong { margin-right: auto; }
      header label { flex: 1 1 10rem; }
      header select { flex: 1; min-width: 0; }
      header button, header select { min-height: 44px; }
      .menu { display: inline-block; }
      .body { grid-template-columns: minmax(0, 1fr); }
      nav { display: none; border-right: none; border-bottom: 1px solid ${border}; }
      nav.open { display: block; }
      nav a { padding: 0.75rem; min-height: 44px; }
      main { padding: 0.5rem; }
    }
  `,
]
