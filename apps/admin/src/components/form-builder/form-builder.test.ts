import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import "./form-builder.ts"

const field = (id: number, label: string, field_type: string, form_order: number, data = "") => ({
  id,
  label,
  key: `f_2_${id}_1`,
  field_type,
  form_order,
  data,
  mandatory: false,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

const option = (label: string, value: string, display_order: number) => ({
  label,
  value,
  enabled: true,
  multi_option_id: null,
  display_order,
  is_default: false,
})

const form = {
  id: 2,
  name: "Streets",
  version: 4,
  fields: [
    field(11, "Category", "Category", 0),
    field(
      12,
      "Severity",
      "DropDown",
      1,
      JSON.stringify({
        multi_select: false,
        options: [option("Low", "f_2_12_1_1_1", 0), option("High", "f_2_12_1_2_1", 1)],
      }),
    ),
  ],
}

const mount = async (put: (request: SentRequest) => unknown = () => ({ ...form, version: 5 })) => {
  const api = fakeFetch({
    "GET /api/v4/channels/4/form": { body: form },
    "PUT /api/v4/channels/4/form": (request) => ({ body: put(request) }),
  })
  vi.stubGlobal("fetch", api.fetch)
  const builder = document.createElement("fr-form-builder")
  builder.baseUrl = "http://api.test"
  builder.token = "fra_token"
  builder.channelId = 4
  document.body.append(builder)
  const root = builder.shadowRoot!
  await until(() => root.querySelectorAll("[part=field]").length === 2, "the fields")
  return { api, builder, root }
}

const button = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll("button")].find(
    (candidate) =>
      (candidate.getAttribute("aria-label") ?? candidate.textContent?.replace(/\s+/g, " ").trim()) === name,
  )!

const put = (api: { sent: ReadonlyArray<SentRequest> }) =>
  api.sent.find((request) => request.method === "PUT")?.body as {
    form: { fields: Array<Record<string, unknown>> }
  }

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-form-builder", () => {
  it("adds a field, moves it up, and saves the fields in order with kept ids and option values", async () => {
    const { api, builder, root } = await mount()
    root.querySelector<HTMLSelectElement>("#new-type")!.value = "ShortTextBox"
    button(root, "Add field").click()
    await builder.updateComplete
    const label = root.querySelectorAll("[part=field]")[2]!.querySelector<HTMLInputElement>("input")!
    label.value = "Nearest address"
    label.dispatchEvent(new Event("input"))
    await builder.updateComplete
    button(root, "Move Nearest address up").click()
    await builder.updateComplete
    expect(root.activeElement?.getAttribute("aria-label")).toBe("Move Nearest address up")

    root.querySelector("form")!.requestSubmit()
    await until(() => put(api) !== undefined, "the PUT")
    const fields = put(api).form.fields
    expect(fields.map((sent) => [sent.id, sent.label, sent.field_type])).toEqual([
      [11, "Category", "Category"],
      [undefined, "Nearest address", "ShortTextBox"],
      [12, "Severity", "DropDown"],
    ])
    expect(JSON.parse(String(fields[2]?.data)).options.map((sent: { value: string }) => sent.value)).toEqual([
      "f_2_12_1_1_1",
      "f_2_12_1_2_1",
    ])
    await until(
      () => root.querySelector("[role=status].saved")?.textContent === "Saved as version 5.",
      "the saved note",
    )
    // A new edit: the confirmation no longer describes the form shown.
    label.value = "Address"
    label.dispatchEvent(new Event("input"))
    await builder.updateComplete
    expect(root.querySelector("[role=status].saved")?.textContent).toBe("")
  })

  it("edits, reorders and adds options of a choice field; a new option has no value", async () => {
    const { api, builder, root } = await mount()
    const high = root.querySelector<HTMLInputElement>("input[aria-label='Option 2 of Severity']")!
    high.value = "Very high"
    high.dispatchEvent(new Event("input"))
    await builder.updateComplete
    button(root, "Move option Very high up").click()
    await until(
      () => root.activeElement?.getAttribute("aria-label") === "Move option Very high down",
      "the focus on the moved option",
    )
    button(root, "Add option to Severity").click()
    await builder.updateComplete
    root.querySelector("form")!.requestSubmit()
    await until(() => put(api) !== undefined, "the PUT")
    const options = JSON.parse(String(put(api).form.fields[1]?.data)).options
    expect(options).toEqual([
      { label: "Very high", value: "f_2_12_1_2_1", enabled: true, is_default: false, display_order: 0 },
      { label: "Low", value: "f_2_12_1_1_1", enabled: true, is_default: false, display_order: 1 },
      { label: "Option 3", enabled: true, is_default: false, display_order: 2 },
    ])
  })

  it("checks the definition with the domain's rules before sending it", async () => {
    const { api, root } = await mount()
    button(root, "Remove Category").click()
    await until(
      () => root.activeElement?.getAttribute("aria-label") === "Remove Severity",
      "the focus on the next field",
    )
    root.querySelector("form")!.requestSubmit()
    await until(() => root.querySelector("[role=alert]") !== null, "the problem")
    expect(root.textContent).toContain("must hold exactly one Category field")
    expect(api.sent.some((request) => request.method === "PUT")).toBe(false)
  })
})
