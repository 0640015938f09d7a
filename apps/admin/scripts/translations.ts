/**
 * Checks the admin UI's translations: every `msg()` under `src/` names its message with an `id`,
 * one id means one text, and the Spanish module (`src/locales/es.ts`) translates every id with the
 * same placeholders (`${0}`, `${1}`… in any order), and nothing else.
 *
 * `node scripts/translations.ts` (`npm run translations -w apps/admin`) prints the problems and fails
 * when there are any; a component test runs the same check, so `npm test` fails on a missing
 * translation.
 *
 * A message is a string literal or a template (plain, `str`, or lit's `html` for text with markup)
 * whose expressions hold no template of their own:
 *
 * ```ts
 * msg("Save", { id: "save" })
 * msg(str`Saved ${name}.`, { id: "form.saved" })
 * msg(html`Ask for a <strong>read only</strong> token.`, { id: "gis.ask" })
 * ```
 */
import { readdirSync, readFileSync } from "node:fs"
import { join, relative } from "node:path"
import { fileURLToPath } from "node:url"

/** One `msg()` of the sources: its id, its text (expressions as `${0}`, `${1}`…) and where it is. */
export interface Message {
  readonly id: string
  readonly text: string
  readonly placeholders: number
  /** Whether it is an `html` template, whose translation must be one too. */
  readonly html: boolean
  readonly at: string
}

/** Reads a string literal or template starting at `start`; answers its text and where it ends. */
const readLiteral = (
  source: string,
  start: number,
): { text: string; placeholders: number; html: boolean; end: number } | undefined => {
  const quote = source[start]
  if (quote === '"' || quote === "'") {
    let index = start + 1
    let text = ""
    while (index < source.length && source[index] !== quote) {
      if (source[index] === "\\") index++
      text += source[index]
      index++
    }
    return { text, placeholders: 0, html: false, end: index + 1 }
  }
  const html = source.startsWith("html`", start)
  const tick = source.startsWith("str`", start)
    ? start + 3
    : html
      ? start + 4
      : quote === "`"
        ? start
        : undefined
  if (tick === undefined) return undefined
  let index = tick + 1
  let text = ""
  let placeholders = 0
  while (index < source.length && source[index] !== "`") {
    if (source[index] === "\\") {
      text += source[index + 1]
      index += 2
    } else if (source.startsWith("${", index)) {
      let depth = 1
      index += 2
      while (index < source.length && depth > 0) {
        if (source[index] === "{") depth++
        if (source[index] === "}") depth--
        if (source[index] === "`") return undefined
        index++
      }
      text += `\${${placeholders}}`
      placeholders++
    } else {
      text += source[index]
      index++
    }
  }
  // Without `str`, the expressions would be joined in before `msg()` could translate the text.
  if (tick === start && placeholders > 0) return undefined
  return { text, placeholders, html, end: index + 1 }
}

const skipSpace = (source: string, index: number): number => {
  let at = index
  while (/\s/.test(source[at] ?? "")) at++
  return at
}

/** The source with its comments blanked out, lines kept where they were (examples call `msg()` too). */
const withoutComments = (source: string): string =>
  source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, " "))
    .replace(/^\s*\/\/.*$/gm, "")

/** The messages of one source file, and the `msg(` calls it could not read. */
export const messagesOf = (
  code: string,
  file: string,
): { readonly messages: ReadonlyArray<Message>; readonly problems: ReadonlyArray<string> } => {
  const source = withoutComments(code)
  const messages: Array<Message> = []
  const problems: Array<string> = []
  for (const call of source.matchAll(/\bmsg\(/g)) {
    const at = `${file}:${source.slice(0, call.index).split("\n").length}`
    const literal = readLiteral(source, skipSpace(source, call.index + call[0].length))
    const options =
      literal === undefined
        ? null
        : /^\s*,\s*\{\s*id:\s*"([\w.-]+)"\s*,?\s*\}/.exec(source.slice(literal.end, literal.end + 200))
    if (literal === undefined || options === null) {
      problems.push(
        `${at}: msg() takes a string, or a str or html template without nested templates, and { id: "…" }`,
      )
    } else {
      const { text, placeholders, html } = literal
      messages.push({ id: options[1]!, text, placeholders, html, at })
    }
  }
  return { messages, problems }
}

/** The TypeScript sources under `dir` that may call `msg()`: not tests, not the translations. */
const sourceFiles = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts") && !file.startsWith("locales"))
    .map((file) => join(dir, file))

/**
 * A translation as `@lit/localize` keeps it: a string, or a `str` or `html` template's strings and
 * value order (an `html` one is lit's template result).
 */
type Translation = string | { readonly values: ReadonlyArray<unknown>; readonly _$litType$?: number }

/**
 * Every problem of the sources' messages and their translations (empty when all is well).
 *
 * @example
 * ```ts
 * await translationProblems() // ["src/components/x/x.ts:12: \"x.title\" has no Spanish translation"]
 * ```
 */
export const translationProblems = async (
  srcDir = fileURLToPath(new URL("../src/", import.meta.url)),
): Promise<ReadonlyArray<string>> => {
  const { templates } = (await import(join(srcDir, "locales/es.ts"))) as {
    readonly templates: Readonly<Record<string, Translation>>
  }
  const problems: Array<string> = []
  const byId = new Map<string, Message>()
  for (const file of sourceFiles(srcDir)) {
    const found = messagesOf(readFileSync(file, "utf8"), relative(join(srcDir, ".."), file))
    problems.push(...found.problems)
    for (const message of found.messages) {
      const seen = byId.get(message.id)
      if (seen !== undefined && seen.text !== message.text) {
        problems.push(`${message.at}: "${message.id}" is already "${seen.text}" at ${seen.at}`)
      }
      byId.set(message.id, message)
    }
  }
  for (const message of byId.values()) {
    const translation = templates[message.id]
    if (translation === undefined) {
      problems.push(`${message.at}: "${message.id}" has no Spanish translation`)
      continue
    }
    const order = typeof translation === "string" ? [] : translation.values
    const expected = Array.from({ length: message.placeholders }, (_, index) => index)
    const kind = typeof translation === "string" ? "text" : "_$litType$" in translation ? "html" : "str"
    if (
      (message.html ? kind !== "html" : kind !== (message.placeholders === 0 ? "text" : "str")) ||
      [...order]
        .map(Number)
        .sort((a, b) => a - b)
        .join() !== expected.join()
    ) {
      problems.push(
        `${message.at}: the Spanish of "${message.id}" does not use the placeholders ${message.text}`,
      )
    }
  }
  for (const id of Object.keys(templates)) {
    if (!byId.has(id)) problems.push(`src/locales/es.ts: "${id}" translates no message`)
  }
  return problems
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const problems = await translationProblems()
  for (const problem of problems) console.error(problem)
  if (problems.length > 0) process.exit(1)
  console.log("every message has its Spanish translation")
}
