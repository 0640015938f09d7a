/**
 * The library build. Lit, Leaflet and the client are bundled in: the host page needs nothing else.
 *
 * - `dist/fieldreport-admin.js` is the one stable address pages embed; it only re-exports the
 *   entry's content-hashed module (`dist/assets/fieldreport-admin-<hash>.js`), so it stays a few
 *   bytes that browsers revalidate, while everything under `dist/assets/` may be cached for good.
 *   Chunks never import the stable file, so a page that loads it under another address (with a
 *   query string, say) still gets one copy of every module.
 * - The heavy elements (charts, form builder) are imported dynamically (see `src/index.ts`) and so
 *   land in chunks of their own, fetched on first use.
 * - Minified; source maps are written beside the files but not referenced from them (`hidden`): the
 *   API serves them, and points to them with a `SourceMap` header, only when configured to.
 * - `public/index.html` (the app shell the API serves at `/admin`) is copied beside the entry.
 *
 * `scripts/compress.ts` then writes the brotli and gzip copies the API serves.
 */
import type { Plugin } from "vite"
import { defineConfig } from "vite"

/** The address pages embed, and the name of the entry's hashed module. */
const stableEntry = "fieldreport-admin.js"
const entryName = "fieldreport-admin"

/** Writes `fieldreport-admin.js`: a re-export of the entry's hashed module. */
const stableEntryFile = (): Plugin => ({
  name: "fieldreport-stable-entry",
  generateBundle(_options, bundle) {
    const entry = Object.values(bundle).find((file) => file.type === "chunk" && file.isEntry)
    if (entry === undefined) throw new Error("the build has no entry chunk")
    this.emitFile({
      type: "asset",
      fileName: stableEntry,
      source: `export * from "./${entry.fileName}"\n`,
    })
  },
})

export default defineConfig({
  plugins: [stableEntryFile()],
  build: {
    lib: {
      entry: { [entryName]: "src/index.ts" },
      formats: ["es"],
    },
    target: "es2022",
    sourcemap: "hidden",
    rolldownOptions: {
      output: {
        entryFileNames: "assets/[name]-[hash].js",
        chunkFileNames: "assets/[name]-[hash].js",
        assetFileNames: "assets/[name]-[hash][extname]",
        // Library builds keep whitespace for later bundlers; this bundle goes to browsers as it is.
        minify: true,
      },
    },
  },
})
