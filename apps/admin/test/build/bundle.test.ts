/**
 * The bundle `npm run build` writes, as a browser meets it: the stable entry pages embed, modules
 * with content-hashed names, the heavy views (charts, form builder) and the Spanish translations
 * outside what the entry imports, brotli and gzip copies beside each text file, source maps beside
 * the modules but not referenced from them, and the first view of the app shell small enough.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, normalize, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { brotliDecompressSync, gunzipSync } from "node:zlib"
import { describe, expect, it } from "vitest"

const dist = fileURLToPath(new URL("../../dist/", import.meta.url))
const entry = "fieldreport-admin.js"

/** What the first view may weigh: the brotli copies of the page and of every module the entry imports. */
const firstViewBudget = 150_000

const read = (file: string) => readFileSync(join(dist, file), "utf8")

/** The relative modules a module imports statically (`import … from`, `export … from`, bare `import "…"`). */
const staticImports = (file: string): ReadonlyArray<string> =>
  [...read(file).matchAll(/\b(?:import|export)\s*(?:[\w$*{}\s,]+?\s*from\s*)?["'](\.\.?\/[^"']+)["']/g)].map(
    (match) => normalize(join(dirname(file), match[1]!)),
  )

/** The relative modules a module imports with `import()` (the minifier writes template literals). */
const dynamicImports = (file: string): ReadonlyArray<string> =>
  [...read(file).matchAll(/\bimport\(\s*["'`](\.\.?\/[^"'`]+)["'`]\s*\)/g)].map((match) =>
    normalize(join(dirname(file), match[1]!)),
  )

/** Every module loaded with `file`, itself included: what a browser fetches before running it. */
const staticGraph = (file: string): ReadonlyArray<string> => {
  const seen = new Set<string>()
  const visit = (module: string) => {
    if (seen.has(module)) return
    seen.add(module)
    for (const imported of staticImports(module)) visit(imported)
  }
  visit(file)
  return [...seen]
}

/**
 * The bundler's own helpers for CommonJS modules (Leaflet's), split into a module of their own when
 * chunks share them: generated code, with no source to map.
 */
const bundlerRuntime = /^assets\/rolldown-runtime-[\w-]{8}\.js$/

/** The source files bundled into a module, from its source map, relative to the repository. */
const sourcesOf = (file: string): ReadonlyArray<string> => {
  if (bundlerRuntime.test(file)) return []
  const map = JSON.parse(read(`${file}.map`)) as { readonly sources: ReadonlyArray<string> }
  const root = fileURLToPath(new URL("../../../../", import.meta.url))
  return map.sources.map((source) => relative(root, join(dist, dirname(file), source)))
}

/** What the first view must not load: the charts, the form builder and the Spanish translations. */
const heavy = [
  /^node_modules\/chart\.js\//,
  /^apps\/admin\/src\/components\/form-builder\//,
  /^apps\/admin\/src\/locales\//,
]

const allFiles = () => readdirSync(dist, { recursive: true, encoding: "utf8" })

describe("the admin bundle", () => {
  it("has one unhashed module, the entry pages embed, and content-hashed names for every other", () => {
    const modules = allFiles().filter((file) => file.endsWith(".js"))
    expect(modules).toContain(entry)
    expect(existsSync(join(dist, "index.html"))).toBe(true)
    for (const module of modules.filter((file) => file !== entry)) {
      expect(module).toMatch(/^assets\/[\w.-]+-[\w-]{8}\.js$/)
    }
    // The stable entry only hands over to a hashed module, so it can be revalidated cheaply.
    expect(staticImports(entry)).toEqual([expect.stringMatching(/^assets\/fieldreport-admin-[\w-]{8}\.js$/)])
  })

  it("keeps the charts, the form builder and the translations out of the modules the entry loads, in modules of their own", () => {
    const first = staticGraph(entry)
    for (const module of first.filter((file) => file !== entry)) {
      for (const source of sourcesOf(module)) {
        for (const pattern of heavy) expect(source, module).not.toMatch(pattern)
      }
    }
    // They are reachable, on first use, through `import()`.
    const later = first.flatMap(dynamicImports).flatMap(staticGraph)
    const sources = later.flatMap(sourcesOf)
    for (const pattern of heavy)
      expect(
        sources.some((source) => pattern.test(source)),
        String(pattern),
      ).toBe(true)
  })

  it("writes a brotli and a gzip copy of each text file that decompress to it", () => {
    const texts = allFiles().filter((file) => /\.(js|css|html|json)$/.test(file))
    expect(texts).toContain("custom-elements.json")
    for (const file of texts) {
      const content = readFileSync(join(dist, file))
      // A copy that would not be smaller is left out: a module of a few bytes, say.
      if (existsSync(join(dist, `${file}.br`))) {
        expect(brotliDecompressSync(readFileSync(join(dist, `${file}.br`))).equals(content), file).toBe(true)
      } else {
        expect(content.length, file).toBeLessThan(100)
      }
      if (existsSync(join(dist, `${file}.gz`))) {
        expect(gunzipSync(readFileSync(join(dist, `${file}.gz`))).equals(content), file).toBe(true)
      } else {
        expect(content.length, file).toBeLessThan(100)
      }
    }
  })

  it("writes source maps beside the hashed modules without pointing to them", () => {
    const modules = allFiles().filter((file) => file.startsWith("assets/") && file.endsWith(".js"))
    for (const module of modules) {
      expect(existsSync(join(dist, `${module}.map`)), module).toBe(!bundlerRuntime.test(module))
      expect(read(module), module).not.toContain("sourceMappingURL")
    }
  })

  it("keeps the first view (the page, the entry and what it imports) under its budget, compressed", () => {
    const files = ["index.html", ...staticGraph(entry)]
    const sent = files.map((file) => {
      const brotli = join(dist, `${file}.br`)
      return readFileSync(existsSync(brotli) ? brotli : join(dist, file)).length
    })
    const total = sent.reduce((sum, size) => sum + size, 0)
    expect(total).toBeLessThan(firstViewBudget)
  })
})
