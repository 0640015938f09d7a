// @vitest-environment node
/**
 * Every message of the admin UI has its Spanish translation (the check `npm run translations`
 * makes), and the check reads messages as the sources write them.
 */
import { describe, expect, it } from "vitest"
import { messagesOf, translationProblems } from "../../scripts/translations.ts"

describe("the Spanish translations", () => {
  it("translate every message of the sources, with its placeholders, and nothing else", async () => {
    expect(await translationProblems()).toEqual([])
  })

  it("are checked against each msg() with its id, text and placeholders", () => {
    const source = [
      'msg("Save", { id: "save" })',
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source the check reads
      "msg(str`Saved ${name} at ${formatTime(time)}.`, {",
      '  id: "form.saved",',
      "})",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: the source the check reads
      'msg(`Joined ${name}`, { id: "joined" })',
      'msg("No id")',
      'msg(html`Ask for a <strong>read only</strong> token.`, { id: "gis.ask" })',
    ].join("\n")
    expect(messagesOf(source, "x.ts")).toEqual({
      messages: [
        { id: "save", text: "Save", placeholders: 0, html: false, at: "x.ts:1" },
        // biome-ignore lint/suspicious/noTemplateCurlyInString: the text as the check reads it
        { id: "form.saved", text: "Saved ${0} at ${1}.", placeholders: 2, html: false, at: "x.ts:2" },
        {
          id: "gis.ask",
          text: "Ask for a <strong>read only</strong> token.",
          placeholders: 0,
          html: true,
          at: "x.ts:7",
        },
      ],
      problems: [
        'x.ts:5: msg() takes a string, or a str or html template without nested templates, and { id: "…" }',
        'x.ts:6: msg() takes a string, or a str or html template without nested templates, and { id: "…" }',
      ],
    })
  })
})
