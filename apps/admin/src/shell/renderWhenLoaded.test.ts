import { html, render } from "lit"
import { afterEach, describe, expect, it } from "vitest"
import { until } from "../../test/support/fakeFetch.ts"
import { renderWhenLoaded } from "./renderWhenLoaded.ts"

afterEach(() => {
  document.body.replaceChildren()
})

/** Where a test renders: a fresh element each time (Lit keeps its part on the container). */
const container = () => document.body.appendChild(document.createElement("main"))

/** A load the test finishes by hand. */
const deferred = () => {
  let finish: (value: unknown) => void = () => {}
  let fail: (error: unknown) => void = () => {}
  const promise = new Promise((resolve, reject) => {
    finish = resolve
    fail = reject
  })
  return { promise, finish, fail }
}

describe("renderWhenLoaded", () => {
  it("shows a status until the view's modules are loaded, then the view, without loading them again", async () => {
    const loads: Array<ReturnType<typeof deferred>> = []
    const view = renderWhenLoaded(
      () => {
        const load = deferred()
        loads.push(load)
        return load.promise
      },
      (name: string) => html`<p>Charts of ${name}</p>`,
    )
    const shell = container()
    render(view("Streets"), shell)
    expect(shell.textContent).toContain("Loading…")
    render(view("Streets"), shell)
    expect(loads.length).toBe(1)

    loads[0]!.finish(undefined)
    await until(() => shell.textContent?.includes("Charts of Streets") === true, "the view")
    render(view("Parks"), shell)
    expect(shell.textContent).toContain("Charts of Parks")
    expect(shell.textContent).not.toContain("Loading…")
    expect(loads.length).toBe(1)
  })

  it("keeps the view's elements when the shell renders again after they loaded", async () => {
    const load = deferred()
    const view = renderWhenLoaded(
      () => load.promise,
      (name: string) => html`<p>Charts of ${name}</p>`,
    )
    const shell = container()
    render(view("Streets"), shell)
    load.finish(undefined)
    await until(() => shell.textContent?.includes("Charts of Streets") === true, "the view")
    const shown = shell.querySelector("p")
    render(view("Parks"), shell)
    expect(shell.querySelector("p")).toBe(shown)
    expect(shown?.textContent).toBe("Charts of Parks")
  })

  it("says the view could not be loaded, and tries again at the next render", async () => {
    const outcomes = [
      Promise.reject(new Error("Failed to fetch dynamically imported module")),
      Promise.resolve(),
    ]
    let calls = 0
    const view = renderWhenLoaded(
      () => outcomes[calls++]!,
      () => html`<p>Form builder</p>`,
    )
    const shell = container()
    render(view(undefined), shell)
    await until(() => shell.querySelector("[role=alert]") !== null, "the failure")
    expect(shell.textContent).toContain("Failed to fetch dynamically imported module")
    expect(shell.textContent).toContain("Reload the page")

    render(view(undefined), shell)
    await until(() => shell.textContent?.includes("Form builder") === true, "the view")
    expect(calls).toBe(2)
  })
})
