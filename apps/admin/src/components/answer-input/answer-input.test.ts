import type { FormField } from "@fieldreport/domain/FormField"
import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import type { AnswerChangeEvent } from "../../events/answer-change.ts"
import type { EditedAnswer } from "../../shared/answers.ts"
import type { AnswerInput } from "./answer-input.ts"
import "./answer-input.ts"

const field = (field_type: FormField["field_type"], data = "", mandatory = false): FormField => ({
  id: 1,
  label: field_type,
  key: "f_1_1_1",
  field_type,
  form_order: 0,
  data,
  mandatory,
  visibility: "public",
  field_visibility: "public",
  value: null,
  editable: true,
})

const choices = JSON.stringify({
  multi_select: false,
  options: [
    {
      label: "Low",
      value: "f_1_1_1_1_1",
      enabled: true,
      multi_option_id: null,
      display_order: 0,
      is_default: false,
    },
    {
      label: "High",
      value: "f_1_1_1_1_2",
      enabled: true,
      multi_option_id: null,
      display_order: 1,
      is_default: false,
    },
    {
      label: "Old",
      value: "f_1_1_1_1_3",
      enabled: false,
      multi_option_id: null,
      display_order: 2,
      is_default: false,
    },
  ],
})

const mount = async (definition: FormField, value: EditedAnswer = null) => {
  const input = document.createElement("fr-answer-input") as AnswerInput
  input.field = definition
  input.value = value
  const changes: Array<EditedAnswer> = []
  input.addEventListener("fr-answer-change", (event: AnswerChangeEvent) => changes.push(event.value))
  document.body.append(input)
  await input.updateComplete
  return { input, root: input.shadowRoot!, changes }
}

const category = (id: number, name: string, parent: number | null, depth: number) => ({
  id,
  name,
  label_name: name,
  depth,
  max_subtree_extra_depth: 0,
  pin_color: "red",
  pin_appearance: "default",
  pin_urls: { at1x: "", at2x: "", at3x: "" },
  position: id,
  parent_id: parent,
})

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-answer-input", () => {
  it("offers the category tree, children indented under their parent", async () => {
    const { input, root, changes } = await mount(field("Category"), 2)
    input.categories = [
      category(3, "Potholes", 2, 2),
      category(1, "Streets", null, 0),
      category(2, "Roads", 1, 1),
    ]
    await input.updateComplete
    const select = root.querySelector("select")!
    expect([...select.options].map((option) => option.textContent?.replace(/[\n ]+/g, ""))).toEqual([
      "Streets",
      "\u2003Roads",
      "\u2003\u2003Potholes",
    ])
    expect(select.value).toBe("2")
    select.value = "3"
    select.dispatchEvent(new Event("change"))
    expect(changes).toEqual([3])
  })

  it("reads and writes date and time as an instant", async () => {
    const { root, changes } = await mount(field("DateAndTime"), "2026-03-01T09:30:00.000Z")
    const input = root.querySelector<HTMLInputElement>("input[type=datetime-local]")!
    expect(input.value).not.toBe("")
    input.value = "2026-04-02T08:15"
    input.dispatchEvent(new Event("change"))
    expect(changes).toEqual([new Date("2026-04-02T08:15").toISOString()])
  })

  it("ticks checkboxes into a list of option values, and hides disabled options not chosen", async () => {
    const { root, changes } = await mount(field("CheckBox", choices), ["f_1_1_1_1_1"])
    const boxes = [...root.querySelectorAll<HTMLInputElement>("input[type=checkbox]")]
    expect(boxes.map((box) => box.parentElement?.textContent?.trim())).toEqual(["Low", "High"])
    boxes[1]!.checked = true
    boxes[1]!.dispatchEvent(new Event("change"))
    expect(changes).toEqual([["f_1_1_1_1_1", "f_1_1_1_1_2"]])
  })

  it("chooses one option with radios and with a drop-down", async () => {
    const radios = await mount(field("Radio", choices))
    const high = radios.root.querySelectorAll<HTMLInputElement>("input[type=radio]")[1]!
    high.checked = true
    high.dispatchEvent(new Event("change"))
    expect(radios.changes).toEqual(["f_1_1_1_1_2"])

    document.body.replaceChildren()
    const dropDown = await mount(field("DropDown", choices))
    const select = dropDown.root.querySelector("select")!
    select.value = "f_1_1_1_1_1"
    select.dispatchEvent(new Event("change"))
    expect(dropDown.changes).toEqual(["f_1_1_1_1_1"])
  })

  it("edits short and long text, and marks required fields and their errors", async () => {
    const short = await mount(field("ShortTextBox", "", true), "Bench")
    const text = short.root.querySelector<HTMLInputElement>("input[type=text]")!
    expect(short.root.querySelector("label")?.textContent).toContain("(required)")
    text.value = "Broken bench"
    text.dispatchEvent(new Event("input"))
    expect(short.changes).toEqual(["Broken bench"])
    short.input.errors = ["is required"]
    await short.input.updateComplete
    expect(short.root.querySelector(".error")?.textContent).toBe("ShortTextBox is required")

    document.body.replaceChildren()
    const long = await mount(field("Description"))
    const area = long.root.querySelector("textarea")!
    area.value = "Long text"
    area.dispatchEvent(new Event("input"))
    expect(long.changes).toEqual(["Long text"])
  })

  it("shows image thumbnails, removes one, and uploads a new photo", async () => {
    const attachment = {
      id: 9,
      original_url: "http://api.test/files/9/original",
      filename: "old.png",
      content_type: "image/png",
      byte_size: 10,
      style_url: { thumb: "http://api.test/files/9/thumb" },
    }
    const api = fakeFetch({
      "POST /api/v4/file_attachments": { status: 201, body: { ...attachment, id: 10, filename: "new.png" } },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { input, root, changes } = await mount(field("Image"), [attachment])
    input.baseUrl = "http://api.test"
    input.token = "fra_test"
    await input.updateComplete
    expect(root.querySelector("img")?.getAttribute("src")).toBe("http://api.test/files/9/thumb")

    const file = root.querySelector<HTMLInputElement>("input[type=file]")!
    Object.defineProperty(file, "files", { value: [new File(["png"], "new.png", { type: "image/png" })] })
    file.dispatchEvent(new Event("change"))
    await until(() => changes.length > 0, "the upload")
    expect(api.sent[0]?.body).toBeInstanceOf(FormData)
    expect((changes[0] as ReadonlyArray<{ id: number }>).map((each) => each.id)).toEqual([9, 10])

    await input.updateComplete
    root.querySelector<HTMLButtonElement>("button[aria-label='Remove old.png']")!.click()
    expect((changes[1] as ReadonlyArray<{ id: number }>).map((each) => each.id)).toEqual([10])
  })

  it("lists files by name with links", async () => {
    const { root } = await mount(field("FileUpload"), [
      { id: 4, original_url: "http://api.test/files/4", filename: "plan.pdf", style_url: {} },
    ])
    const link = root.querySelector("ul.files a")!
    expect(link.textContent).toBe("plan.pdf")
    expect(link.getAttribute("href")).toBe("http://api.test/files/4")
  })
})
