/**
 * Elements too heavy for the bundle's entry (the analytics charts, the form builder) are defined the
 * first time one is in the page: the entry watches the document for their tags and imports the
 * element's module then. A page that embeds such an element needs nothing more than the entry's
 * script tag, and a page that does not never downloads it. Elements inside a shadow root are not
 * seen by the watch: the element that renders them imports them itself (the channel settings import
 * the form builder), and a host page that puts one in its own shadow root calls `defineAll()`.
 */

/** The tag of each lazily defined element, and the import that defines it. */
export type Loaders = Readonly<Record<string, () => Promise<unknown>>>

/**
 * Watches `root` (the document) for the tags of `loaders` and imports each one's module the first
 * time it appears (at once for those already there). A failed import is logged and tried again when
 * the tag next appears. Answers a function that imports all of them at once (`defineAll`).
 *
 * @example
 * ```ts
 * const defineAll = defineOnFirstUse({
 *   "fr-analytics-dashboard": () => import("../components/analytics-dashboard/analytics-dashboard.ts"),
 * })
 * ```
 */
export const defineOnFirstUse = (
  loaders: Loaders,
  root: ParentNode & Node = document,
): (() => Promise<void>) => {
  const pending = new Map(Object.entries(loaders))
  const loading = new Map<string, Promise<void>>()
  const define = (tag: string): Promise<void> => {
    const loader = pending.get(tag)
    if (loader === undefined) return loading.get(tag) ?? Promise.resolve()
    pending.delete(tag)
    if (pending.size === 0) observer.disconnect()
    const load = loader().then(
      () => undefined,
      (error: unknown) => {
        console.error(`fieldreport-admin: could not load the element ${tag}`, error)
        loading.delete(tag)
        if (pending.size === 0) watch()
        pending.set(tag, loader)
      },
    )
    loading.set(tag, load)
    return load
  }
  const scan = (node: ParentNode & Node) => {
    if (pending.size === 0) return
    if (node instanceof Element && pending.has(node.localName)) void define(node.localName)
    if (pending.size === 0) return
    for (const found of node.querySelectorAll([...pending.keys()].join(","))) void define(found.localName)
  }
  const observer = new MutationObserver((records) => {
    for (const record of records) {
      for (const added of record.addedNodes) if (added instanceof Element) scan(added)
    }
  })
  const watch = () => observer.observe(root, { childList: true, subtree: true })
  watch()
  scan(root)
  return () => Promise.all(Object.keys(loaders).map(define)).then(() => undefined)
}
