/**
 * The library build: one ES module, `dist/fieldreport-admin.js`, that registers every element, so a
 * page embeds any of them with a single `<script type="module">`. Lit, Leaflet and the client are
 * bundled in: the host page needs nothing else. `public/index.html` (the app shell the API serves at
 * `/admin`) is copied beside it.
 */
import { defineConfig } from "vite"

export default defineConfig({
  build: {
    lib: {
      entry: "src/index.ts",
      formats: ["es"],
      fileName: () => "fieldreport-admin.js",
    },
    target: "es2022",
    sourcemap: true,
  },
})
