import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeRoutes, fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./category-tree.ts"

const category = (id: number, name: string, depth: number, parent_id: number | null, position = 0) => ({
  id,
  name,
  label_name: "Category",
  depth,
  max_subtree_extra_depth: 0,
  pin_color: "#d9480f",
  pin_appearance: "default",
  pin_urls: { at1x: `http://api.test/pins/${id}@1x.png`, at2x: "", at3x: "" },
  position,
  parent_id,
  child_ids: [],
})

const categories = [
  category(10, "Streets", 0, null),
  { ...category(12, "Lighting", 1, 10, 1), pin_color: "#f80" },
  category(11, "Roads", 1, 10, 0),
  category(13, "Potholes", 2, 11),
]

const mount = async (routes: FakeRoutes = {}) => {
  const api = fakeFetch({
    "GET /api/v4/channels/4/categories": { body: categories },
    "POST /api/v4/channels/4/categories": { status: 201, body: category(14, "Signs", 2, 11) },
    "PATCH /api/v4/channels/4/categories/13": { body: category(13, "Deep potholes", 2, 11) },
    "DELETE /api/v4/channels/4/categories/12": {
      status: 409,
      body: { title: "Conflict", detail: "reports use this category" },
    },
    ...routes,
  })
  vi.stubGlobal("fetch", api.fetch)
  const tree = document.createElement("fr-category-tree")
  tree.baseUrl = "http://api.test"
  tree.token = "fra_token"
  tree.channelId = 4
  document.body.append(tree)
  const root = tree.shadowRoot!
  await until(() => root.querySelectorAll("[part=category]").length === 4, "the tree")
  return { api, root, tree }
}

const confirmation = (root: ShadowRoot) => root.querySelector("[role=status].saved")?.textContent

const saveOf = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll<HTMLButtonElement>("[part=category] button[type=submit]")].find(
    (button) => button.textContent?.replace(/\s+/g, " ").trim() === `Save ${name}`,
  )!

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-category-tree", () => {
  it("lets no name be typed longer than the API takes", async () => {
    const { root } = await mount()
    const names = root.querySelectorAll<HTMLInputElement>('input:not([type]), input[name="name"]')
    expect(names.length).toBeGreaterThan(4)
    for (const input of names) expect(input.maxLength).toBe(200)
  })

  it("nests categories under their parents in position order, with every field asked for", async () => {
    const { api, root } = await mount()
    const names = [...root.querySelectorAll<HTMLInputElement>("[part=category] input:not([type])")].map(
      (input) => input.value,
    )
    expect(names).toEqual(["Streets", "Roads", "Potholes", "Lighting"])
    expect(root.querySelector("ul.tree > li > ul > li > ul input")?.getAttribute("aria-label")).toBe(
      "Name of Potholes",
    )
    expect(api.sent[0]?.url.searchParams.get("fields")).toContain("parent")
    expect(root.querySelector<HTMLInputElement>("input[aria-label='Pin colour of Lighting']")?.value).toBe(
      "#ff8800",
    )
  })

  it("adds a category under its parent, renames one on Save, and shows why a delete is refused", async () => {
    const { api, root, tree } = await mount()
    vi.stubGlobal("confirm", () => true)
    const reloads = () => api.sent.filter((request) => request.method === "GET").length
    const add = root.querySelector<HTMLFormElement>("form[aria-label='New category under Roads']")!
    add.querySelector<HTMLInputElement>("[name=name]")!.value = "Signs"
    add.requestSubmit()
    await until(() => reloads() === 2, "the reload after the create")
    expect(api.sent.find((request) => request.method === "POST")?.body).toEqual({
      category: { name: "Signs", parent_id: 11, pin_color: "#1f5fbf" },
    })
    expect(confirmation(root)).toBe("Added Signs under Roads.")

    expect(saveOf(root, "Potholes").disabled).toBe(true)
    const rename = root.querySelector<HTMLInputElement>("input[aria-label='Name of Potholes']")!
    rename.value = "Deep potholes"
    rename.dispatchEvent(new Event("input"))
    await tree.updateComplete
    // Typing writes nothing, and the last confirmation no longer holds.
    expect(api.sent.some((request) => request.method === "PATCH")).toBe(false)
    expect(confirmation(root)).toBe("")
    saveOf(root, "Potholes").click()
    await until(() => reloads() === 3, "the reload after the rename")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      category: { name: "Deep potholes" },
    })
    expect(confirmation(root)).toBe("Saved Deep potholes.")

    root.querySelector<HTMLButtonElement>("button[aria-label='Delete Lighting']")!.click()
    await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
    expect(root.querySelector("[role=alert]")?.textContent).toBe("reports use this category")
  })

  it("offers as parents only the categories the API accepts: none inside the category's subtree", async () => {
    const { root } = await mount()
    const offered = (name: string) =>
      [...root.querySelectorAll<HTMLOptionElement>(`select[aria-label='Parent of ${name}'] option`)].map(
        (option) => Number(option.value),
      )
    // Roads holds Potholes: Roads cannot go under Potholes or itself; under Lighting its subtree fits.
    expect(offered("Roads")).toEqual([10, 12])
    expect(offered("Potholes")).toEqual([10, 11, 12])
  })

  it("moves a category on Save, says why the API refused the parent in the field's words, and puts it back", async () => {
    const { api, root, tree } = await mount({
      "PATCH /api/v4/channels/4/categories/11": {
        status: 422,
        body: {
          title: "Unprocessable Entity",
          detail: "The request has invalid fields.",
          errors: { "category.parent_id": ["would nest the category's subtree too deep"] },
        },
      },
    })
    const select = root.querySelector<HTMLSelectElement>("select[aria-label='Parent of Roads']")!
    select.value = "12"
    select.dispatchEvent(new Event("change"))
    await tree.updateComplete
    expect(api.sent.some((request) => request.method === "PATCH")).toBe(false)
    saveOf(root, "Roads").click()
    await until(() => root.querySelector("[role=alert]") !== null, "the refusal")
    expect(api.sent.find((request) => request.method === "PATCH")?.body).toEqual({
      category: { parent_id: 12 },
    })
    expect(root.querySelector("[role=alert]")?.textContent).toBe(
      "Roads cannot move under Lighting: would nest the category's subtree too deep.",
    )
    expect(select.value).toBe("10")
    expect(saveOf(root, "Roads").disabled).toBe(true)
  })
})
