/**
 * The custom elements manifest (`dist/custom-elements.json`, made by `npm run build` from the
 * elements' JSDoc) describes every element the bundle registers.
 */
import { readdirSync, readFileSync } from "node:fs"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const components = fileURLToPath(new URL("../../src/components/", import.meta.url))
const manifestFile = fileURLToPath(new URL("../../dist/custom-elements.json", import.meta.url))

interface Attribute {
  readonly name: string
  readonly type?: { readonly text: string }
  readonly description?: string
}

interface Declaration {
  readonly tagName?: string
  readonly summary?: string
  readonly attributes?: ReadonlyArray<Attribute>
}

/** Every tag the sources define. */
const definedTags = (): ReadonlyArray<string> =>
  readdirSync(components, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .flatMap((file) =>
      [
        ...readFileSync(`${components}${file}`, "utf8").matchAll(/customElements\.define\("(fr-[\w-]+)"/g),
      ].map((match) => match[1]!),
    )

describe("the custom elements manifest", () => {
  const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as {
    readonly modules: ReadonlyArray<{ readonly declarations?: ReadonlyArray<Declaration> }>
  }
  const declarations = manifest.modules.flatMap((module) => module.declarations ?? [])

  it("has every element with its summary", () => {
    const tags = definedTags()
    expect(tags.length).toBeGreaterThan(5)
    for (const tag of tags) {
      const declaration = declarations.find((candidate) => candidate.tagName === tag)
      expect(declaration?.summary, tag).toBeTruthy()
    }
  })

  it("lists the connection attributes elements inherit", () => {
    const map = declarations.find((candidate) => candidate.tagName === "fr-report-map")
    expect(map?.attributes?.map((attribute) => attribute.name)).toEqual(
      expect.arrayContaining(["base-url", "token", "app-id", "team-id", "tile-url", "pin-limit"]),
    )
  })
  it("lists exactly the attributes of an element's static properties, each with its type and description", () => {
    const map = declarations.find((candidate) => candidate.tagName === "fr-report-map")
    const attributes = new Map(map?.attributes?.map((attribute) => [attribute.name, attribute]))
    // Internal state (`status: { state: true }`) and `filter: { attribute: false }` are no attributes.
    expect([...attributes.keys()].sort()).toEqual([
      "app-id",
      "base-url",
      "latitude",
      "longitude",
      "pin-limit",
      "team-id",
      "tile-attribution",
      "tile-url",
      "token",
      "zoom",
    ])
    expect(attributes.get("pin-limit")?.type?.text).toBe("number")
    expect(attributes.get("pin-limit")?.description).toMatch(/reports a view shows as pins/)
    expect(attributes.get("tile-url")?.type?.text).toBe("string | undefined")
  })

  it("describes every attribute of every element, with its type", () => {
    for (const declaration of declarations.filter((candidate) => candidate.tagName !== undefined)) {
      for (const attribute of declaration.attributes ?? []) {
        const where = `${declaration.tagName} ${attribute.name}`
        expect(attribute.type?.text, where).toBeTruthy()
        expect(attribute.description, where).toBeTruthy()
      }
    }
  })
})
