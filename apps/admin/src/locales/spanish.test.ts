/**
 * The admin UI in Spanish: elements show the translations, counts take their plural form and
 * dates and numbers are written the Spanish way; the shell's switch changes the language of what
 * is shown, says it on the page and remembers it.
 */
import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, until } from "../../test/support/fakeFetch.ts"
import { chooseLocale, locale, storageKey } from "../shared/localization.ts"
import "../components/admin-app/admin-app.ts"
import "../components/notification-list/notification-list.ts"
import "../components/report-exports/report-exports.ts"

const text = (root: ParentNode) => root.textContent?.replace(/\s+/g, " ") ?? ""

const exported = (id: number, rows: number, bytes: number) => ({
  id,
  state: "done",
  format: "xlsx",
  rows_written: rows,
  rows_total: rows,
  bytes,
  download_url: `http://api.test/api/v4/report_exports/${id}/file`,
  error: null,
  created_at: "2026-03-01T12:00:00.000Z",
  expires_at: "2026-03-02T12:00:00.000Z",
})

const mount = <E extends HTMLElement>(tag: string): E => {
  const element = document.createElement(tag) as E & { baseUrl?: string; token?: string }
  element.baseUrl = "http://api.test"
  element.token = "fra_token"
  document.body.append(element)
  return element
}

afterEach(async () => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
  await chooseLocale("en")
  localStorage.removeItem(storageKey)
})

describe("the admin UI in Spanish", () => {
  it("shows the exports page in Spanish, one report and many, with Spanish numbers and dates", async () => {
    await chooseLocale("es")
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/v4/report_exports": {
          body: [exported(7, 1, 900), exported(8, 12_345, 4_120)],
          headers: { "Content-Range": "report_exports 0-1/2" },
        },
      }).fetch,
    )
    const root = mount("fr-report-exports").shadowRoot!
    await until(() => root.querySelectorAll("tbody tr").length === 2, "the exports")
    const [one, many] = [...root.querySelectorAll("tbody tr")].map(text)
    expect(one).toContain("Lista: 1 reporte")
    expect(one).toContain("Libro de Excel (XLSX)")
    expect(one).toMatch(/1 mar 2026/)
    expect(many).toContain("Lista: 12.345 reportes")
    expect(many).toContain("4,1 kB")
    expect(text(root)).toContain("Exportaciones 1–2 de 2")
    expect([...root.querySelectorAll("th[scope=col]")].map(text)).toEqual([
      "Inicio",
      "Formato",
      "Estado",
      "Archivo",
      "Se conserva hasta",
    ])
  })

  it("renders an element shown in English again in Spanish when the language changes", async () => {
    vi.stubGlobal(
      "fetch",
      fakeFetch({
        "GET /api/v4/notifications": {
          body: [
            {
              id: 1,
              archived_at: null,
              archived: false,
              created_at: "2026-03-01T12:00:00.000Z",
              read: false,
              report_id: 42,
              user_id: 7,
            },
          ],
        },
      }).fetch,
    )
    const element = mount("fr-notification-list")
    const root = element.shadowRoot!
    await until(() => root.querySelectorAll("[part=notification]").length === 1, "the notification")
    expect(text(root)).toContain("Notifications (1 unread)")
    await chooseLocale("es")
    await until(() => text(root).includes("Notificaciones (1 sin leer)"), "the Spanish list")
    expect(text(root.querySelector("li")!)).toMatch(/Reporte n\.º 42 1 mar 2026/)
    expect(text(root)).toContain("Ver archivadas")
  })

  it("is chosen with the shell's switch, which says it on the page and remembers it", async () => {
    vi.stubGlobal("fetch", fakeFetch({}).fetch)
    const shell = document.createElement("fr-admin-app")
    document.body.append(shell)
    await until(() => shell.shadowRoot?.querySelector("select[name=language]") != null, "the switch")
    const root = shell.shadowRoot!
    const select = root.querySelector<HTMLSelectElement>("select[name=language]")!
    expect(select.value).toBe("en")
    expect([...select.options].map((option) => option.textContent)).toEqual(["English", "Español"])
    select.value = "es"
    select.dispatchEvent(new Event("change"))
    await until(() => text(root).includes("Idioma"), "the shell in Spanish")
    expect(locale()).toBe("es")
    expect(localStorage.getItem(storageKey)).toBe("es")
    expect(document.documentElement.lang).toBe("es")
  })
})
