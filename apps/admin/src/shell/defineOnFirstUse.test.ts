import { afterEach, describe, expect, it, vi } from "vitest"
import { until } from "../../test/support/fakeFetch.ts"
import { defineOnFirstUse } from "./defineOnFirstUse.ts"

afterEach(() => {
  document.body.replaceChildren()
  vi.restoreAllMocks()
})

/** A watched part of the page, and loaders that count their calls. */
const setUp = (loads: Record<string, () => Promise<unknown>>) => {
  const root = document.createElement("div")
  document.body.append(root)
  const calls: Array<string> = []
  const loaders = Object.fromEntries(
    Object.entries(loads).map(([tag, load]) => [
      tag,
      () => {
        calls.push(tag)
        return load()
      },
    ]),
  )
  return { root, calls, loaders }
}

const nextMutations = () => new Promise((resolve) => setTimeout(resolve, 0))

describe("defineOnFirstUse", () => {
  it("loads an element's module for one already in the page, once", async () => {
    const { root, calls, loaders } = setUp({
      "fr-test-chart": async () => {},
      "fr-test-builder": async () => {},
    })
    root.innerHTML = "<section><fr-test-chart></fr-test-chart><fr-test-chart></fr-test-chart></section>"
    defineOnFirstUse(loaders, root)
    await nextMutations()
    expect(calls).toEqual(["fr-test-chart"])
  })

  it("loads it when one is added later, nested or not, and never for other tags", async () => {
    const { root, calls, loaders } = setUp({
      "fr-test-chart": async () => {},
      "fr-test-builder": async () => {},
    })
    defineOnFirstUse(loaders, root)
    root.append(document.createElement("fr-report-table"))
    await nextMutations()
    expect(calls).toEqual([])

    const wrapper = document.createElement("article")
    wrapper.innerHTML = "<div><fr-test-builder></fr-test-builder></div>"
    root.append(wrapper)
    await until(() => calls.length === 1, "the builder's module")
    root.append(document.createElement("fr-test-builder"), document.createElement("fr-test-chart"))
    await until(() => calls.length === 2, "the chart's module")
    expect(calls).toEqual(["fr-test-builder", "fr-test-chart"])
  })

  it("tries a failed load again when the tag next appears, and logs the failure", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {})
    let attempts = 0
    const { root, calls, loaders } = setUp({
      "fr-test-chart": () => (++attempts === 1 ? Promise.reject(new Error("offline")) : Promise.resolve()),
    })
    defineOnFirstUse(loaders, root)
    root.append(document.createElement("fr-test-chart"))
    await until(() => logged.mock.calls.length === 1, "the failure to be logged")
    root.append(document.createElement("fr-test-chart"))
    await until(() => calls.length === 2, "a second attempt")
    root.append(document.createElement("fr-test-chart"))
    await nextMutations()
    expect(calls.length).toBe(2)
  })

  it("loads every module at once when asked, waiting for those already on their way", async () => {
    let finishChart: () => void = () => {}
    const chart = new Promise<void>((resolve) => {
      finishChart = resolve
    })
    const { root, calls, loaders } = setUp({
      "fr-test-chart": () => chart,
      "fr-test-builder": async () => {},
    })
    root.innerHTML = "<fr-test-chart></fr-test-chart>"
    const defineAll = defineOnFirstUse(loaders, root)
    let done = false
    const all = defineAll().then(() => {
      done = true
    })
    await nextMutations()
    expect(calls.sort()).toEqual(["fr-test-builder", "fr-test-chart"])
    expect(done).toBe(false)
    finishChart()
    await all
    expect(done).toBe(true)
  })
})
