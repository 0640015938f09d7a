/**
 * How `npm run manifest` makes `dist/custom-elements.json` from the elements' JSDoc. The analyzer's
 * Lit support turns every entry of `static properties` into an attribute, unless it says
 * `attribute: false`; it also does so for internal state (`state: true`), which Lit never reads
 * from an attribute. The plugin below takes those out, so the manifest lists exactly the
 * attributes a page can set.
 */
import type { Config, Plugin } from "@custom-elements-manifest/analyzer"

/** Drops the attributes of `state: true` properties (the Lit plugin has run on the class before). */
const internalStateIsNoAttribute: Plugin = {
  name: "fieldreport: internal state is no attribute",
  analyzePhase({ ts, node, moduleDoc }) {
    if (!ts.isClassDeclaration(node) || node.name === undefined) return
    const className = node.name.text
    const declaration = moduleDoc.declarations?.find((candidate) => candidate.name === className)
    if (declaration === undefined || declaration.kind !== "class") return
    const properties = node.members.find(
      (member) =>
        ts.isPropertyDeclaration(member) &&
        member.name.getText() === "properties" &&
        (ts.getCombinedModifierFlags(member) & ts.ModifierFlags.Static) !== 0,
    )
    if (properties === undefined || !ts.isPropertyDeclaration(properties)) return
    const options = properties.initializer
    if (options === undefined || !ts.isObjectLiteralExpression(options)) return
    const internal = new Set(
      options.properties
        .filter(
          (property) =>
            ts.isPropertyAssignment(property) &&
            ts.isObjectLiteralExpression(property.initializer) &&
            property.initializer.properties.some(
              (option) =>
                ts.isPropertyAssignment(option) &&
                option.name.getText() === "state" &&
                option.initializer.kind === ts.SyntaxKind.TrueKeyword,
            ),
        )
        .map((property) => property.name?.getText()),
    )
    const element = declaration as typeof declaration & {
      attributes?: Array<{ readonly fieldName?: string }>
      members?: Array<{ readonly name: string; attribute?: string }>
    }
    if (element.attributes !== undefined)
      element.attributes = element.attributes.filter((attribute) => !internal.has(attribute.fieldName))
    for (const member of element.members ?? []) if (internal.has(member.name)) delete member.attribute
  },
}

// The analyzer runs the plugin objects themselves (its type says factories).
const config: Omit<Config, "plugins"> & { readonly plugins: ReadonlyArray<Plugin> } = {
  globs: ["src/components/**/*.ts", "src/shared/ApiElement.ts"],
  exclude: ["src/**/*.test.ts", "src/**/*.styles.ts"],
  outdir: "dist",
  litelement: true,
  plugins: [internalStateIsNoAttribute],
}

export default config
