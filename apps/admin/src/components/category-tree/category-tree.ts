/**
 * A channel's category tree: the root (named after the channel) and up to three levels below it,
 * each with its pin. Categories are added under any one that is not at the deepest level, renamed,
 * recoloured, moved under another, and deleted when no report uses them and they have no children.
 * A category's new name, colour or parent waits for its row's Save; Add and Delete act at once. Each
 * says what it did (`SaveStatus`).
 */

import { Category, type CategoryUpdate } from "@fieldreport/domain/Category"
import * as Tree from "@fieldreport/domain/CategoryTree"
import * as TextLimits from "@fieldreport/domain/TextLimits"
import { msg, str } from "@lit/localize"
import { html, nothing } from "lit"
import { live } from "lit/directives/live.js"
import { ApiElement } from "../../shared/ApiElement.ts"
import type { Connection } from "../../shared/connection.ts"
import { errorText, fieldErrors, run } from "../../shared/run.ts"
import { SaveStatus } from "../../shared/SaveStatus.ts"
import { styles } from "./category-tree.styles.ts"

const allFields =
  "id,name,label_name,depth,max_subtree_extra_depth,pin_color,pin_appearance,pin_urls,position,parent,children"

/**
 * A pin colour as `<input type="color">` takes it, `#rrggbb`: a short hex colour is spelled out and a
 * colour name (`green`) is read by a canvas, which writes back every colour it accepts in that form.
 * Without a canvas (a test DOM) a name shows as black.
 */
const asHex = (color: string): string => {
  const short = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/i.exec(color)
  if (short !== null) return `#${short[1]}${short[1]}${short[2]}${short[2]}${short[3]}${short[3]}`
  if (/^#[0-9a-f]{6}$/i.test(color)) return color
  const context = document.createElement("canvas").getContext("2d")
  if (context === null) return "#000000"
  context.fillStyle = color
  return /^#[0-9a-f]{6}$/i.test(context.fillStyle) ? context.fillStyle : "#000000"
}

/**
 * @summary A channel's category tree with pins: add, rename, recolour, move and delete categories.
 *
 * @csspart category - One category's row.
 *
 * @cssproperty --fr-color-border - The line that shows nesting.
 *
 * @example
 * ```html
 * <fr-category-tree base-url="https://reports.example.com" token="…" channel-id="4"></fr-category-tree>
 * ```
 */
export class CategoryTree extends ApiElement {
  static override styles = styles
  static override properties = {
    ...ApiElement.properties,
    channelId: { attribute: "channel-id", type: Number },
    categories: { state: true },
    edits: { state: true },
    problem: { state: true },
  }

  /** The channel whose categories are edited. */
  declare channelId: number | undefined
  declare categories: ReadonlyArray<Category>
  /** Changes of categories not saved yet, by category id. */
  declare edits: ReadonlyMap<number, typeof CategoryUpdate.Encoded>
  declare problem: string | undefined

  #status = new SaveStatus(this)

  constructor() {
    super()
    this.channelId = undefined
    this.categories = []
    this.edits = new Map()
    this.problem = undefined
  }

  protected override connected(_connection: Connection): void {
    void this.load()
  }

  protected override updated(changed: Map<PropertyKey, unknown>): void {
    if (changed.has("channelId") && changed.get("channelId") !== undefined) void this.load()
  }

  /** Loads every category of the channel with its place in the tree. */
  async load(): Promise<void> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return
    try {
      const categories = await run(
        connection.client.call(
          "listCategories",
          { path: { channel_id: channelId }, query: { fields: allFields } },
          { as: Category },
        ),
      )
      // An answer about a channel left meanwhile must not replace the current channel's.
      if (channelId === this.channelId) this.categories = categories
    } catch (error) {
      this.problem = errorText(error)
    }
  }

  /** Runs an action that saves, then reads the tree again; answers whether it saved. */
  async #act(
    action: (connection: Connection, channelId: number) => Promise<unknown>,
    confirmation: string,
  ): Promise<boolean> {
    const connection = this.connection
    const channelId = this.channelId
    if (connection === undefined || channelId === undefined) return false
    const saved = await this.#status.save(() => action(connection, channelId), confirmation)
    if (saved) await this.load()
    return saved
  }

  #add(event: SubmitEvent, parent: Category): void {
    event.preventDefault()
    const form = event.currentTarget as HTMLFormElement
    const data = new FormData(form)
    const name = String(data.get("name") ?? "")
    void this.#act(
      (connection, channelId) =>
        run(
          connection.client.call("createCategory", {
            path: { channel_id: channelId },
            body: { category: { name, parent_id: parent.id, pin_color: String(data.get("pin_color")) } },
          }),
        ),
      msg(str`Added ${name} under ${parent.name}.`, { id: "categoryTree.added" }),
    ).then((added) => {
      if (added) form.reset()
    })
  }

  /** Keeps a change of a category until its row's Save; a change back to what is stored is no change. */
  #stage(category: Category, change: typeof CategoryUpdate.Encoded): void {
    const merged: Record<string, unknown> = { ...this.edits.get(category.id), ...change }
    const stored: Record<string, unknown> = {
      name: category.name,
      pin_color: asHex(category.pin_color),
      parent_id: category.parent_id,
    }
    for (const key of Object.keys(merged)) if (merged[key] === stored[key]) delete merged[key]
    const edits = new Map(this.edits)
    if (Object.keys(merged).length === 0) edits.delete(category.id)
    else edits.set(category.id, merged)
    this.edits = edits
    this.#status.edited()
  }

  #forget(id: number, key?: keyof typeof CategoryUpdate.Encoded): void {
    const edits = new Map(this.edits)
    const edit = edits.get(id)
    if (key === undefined || edit === undefined) edits.delete(id)
    else {
      const { [key]: _, ...rest } = edit
      if (Object.keys(rest).length === 0) edits.delete(id)
      else edits.set(id, rest)
    }
    this.edits = edits
  }

  /**
   * Saves a category's changes. When the API refuses its new parent, the parent goes back to the
   * one the category still has, and the problem names the move in the field's own words.
   */
  async #save(event: SubmitEvent, category: Category): Promise<void> {
    event.preventDefault()
    const change = this.edits.get(category.id)
    if (change === undefined) return
    const saved = await this.#act(
      async (connection, channelId) => {
        try {
          await run(
            connection.client.call("updateCategory", {
              path: { channel_id: channelId, id: category.id },
              body: { category: change },
            }),
          )
        } catch (error) {
          const messages = fieldErrors(error)["category.parent_id"]
          if (change.parent_id === undefined || messages === undefined || messages.length === 0) throw error
          this.#forget(category.id, "parent_id")
          const parent = this.categories.find((candidate) => candidate.id === change.parent_id)
          throw new Error(
            msg(
              str`${category.name} cannot move under ${parent?.name ?? msg("that category", { id: "categoryTree.thatCategory" })}: ${messages.join("; ")}.`,
              { id: "categoryTree.cannotMove" },
            ),
          )
        }
      },
      msg(str`Saved ${change.name ?? category.name}.`, { id: "categoryTree.saved" }),
    )
    if (saved) this.#forget(category.id)
  }

  #delete(category: Category): void {
    if (!confirm(msg(str`Delete the category “${category.name}”?`, { id: "categoryTree.confirmDelete" })))
      return
    void this.#act(
      (connection, channelId) =>
        run(connection.client.call("deleteCategory", { path: { channel_id: channelId, id: category.id } })),
      msg(str`Deleted ${category.name}.`, { id: "categoryTree.deleted" }),
    ).then((deleted) => {
      if (deleted) this.#forget(category.id)
    })
  }

  #node(category: Category): unknown {
    const children = Tree.children(this.categories, category.id)
    // Only the parents the API accepts: none inside the category's own subtree, none too deep for it.
    const parents = Tree.treeOrder(this.categories).filter(
      (candidate) => Tree.moveProblem(this.categories, category.id, candidate.id) === undefined,
    )
    const edit = this.edits.get(category.id)
    const parentId = edit?.parent_id ?? category.parent_id
    return html`
      <li>
        <form part="category" aria-label=${msg(str`Category ${category.name}`, { id: "categoryTree.category" })} @submit=${(event: SubmitEvent) => this.#save(event, category)}>
          <img src=${category.pin_urls.at1x} alt="" width="20" height="20" />
          <input aria-label=${msg(str`Name of ${category.name}`, { id: "categoryTree.nameOf" })} required maxlength=${TextLimits.name} .value=${live(edit?.name ?? category.name)}
            @input=${(event: Event) => this.#stage(category, { name: (event.target as HTMLInputElement).value })} />
          <input type="color" aria-label=${msg(str`Pin colour of ${category.name}`, { id: "categoryTree.colourOf" })} .value=${live(edit?.pin_color ?? asHex(category.pin_color))}
            @input=${(event: Event) => this.#stage(category, { pin_color: (event.target as HTMLInputElement).value })} />
          ${
            category.depth === 0
              ? html`<span class="muted">${msg("root", { id: "categoryTree.root" })}</span>`
              : html`
                <select aria-label=${msg(str`Parent of ${category.name}`, { id: "categoryTree.parentOf" })} .value=${live(String(parentId))}
                  @change=${(event: Event) => this.#stage(category, { parent_id: Number((event.target as HTMLSelectElement).value) })}>
                  ${parents.map((parent) => html`<option value=${parent.id} ?selected=${parent.id === parentId}>${"· ".repeat(parent.depth)}${parent.name}</option>`)}
                </select>`
          }
          <button type="submit" class="primary" ?disabled=${edit === undefined || this.#status.saving}>
            ${msg("Save", { id: "categoryTree.save" })}<span class="visually-hidden"> ${category.name}</span>
          </button>
          ${
            category.depth === 0
              ? nothing
              : html`<button type="button" aria-label=${msg(str`Delete ${category.name}`, { id: "categoryTree.deleteLabel" })} @click=${() => this.#delete(category)}>${msg("Delete", { id: "notificationList.delete" })}</button>`
          }
        </form>
        ${
          Tree.canHoldChildren(category)
            ? html`<form class="add" aria-label=${msg(str`New category under ${category.name}`, { id: "categoryTree.newUnder" })} @submit=${(event: SubmitEvent) => this.#add(event, category)}>
                <input name="name" required maxlength=${TextLimits.name} aria-label=${msg(str`Name of a new category under ${category.name}`, { id: "categoryTree.newNameUnder" })} placeholder=${msg("New category", { id: "categoryTree.new" })} />
                <input name="pin_color" type="color" value="#1f5fbf" aria-label=${msg("Pin colour of the new category", { id: "categoryTree.newColour" })} />
                <button type="submit">${msg("Add", { id: "categoryTree.add" })}<span class="visually-hidden"> ${msg(str`under ${category.name}`, { id: "categoryTree.under" })}</span></button>
              </form>`
            : nothing
        }
        ${children.length === 0 ? nothing : html`<ul>${children.map((child) => this.#node(child))}</ul>`}
      </li>
    `
  }

  override render() {
    const roots = this.categories.filter((category) => category.depth === 0)
    return html`
      ${this.problem === undefined ? nothing : html`<p class="error" role="alert">${this.problem}</p>`}
      ${this.#status.render()}
      <ul class="tree" aria-label=${msg("Categories", { id: "channelSettings.categories" })}>${roots.map((root) => this.#node(root))}</ul>
    `
  }
}

customElements.define("fr-category-tree", CategoryTree)

declare global {
  interface HTMLElementTagNameMap {
    "fr-category-tree": CategoryTree
  }
}
