import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest, until } from "../../../test/support/fakeFetch.ts"
import { formatTime } from "../../shared/time.ts"
import "./tasks-board.ts"

const person = (user_id: number, first_name: string, last_name: string) => ({
  id: user_id + 100,
  agreed_to_join: true,
  app_version: "",
  bluetooth_enabled: false,
  email: `${first_name.toLowerCase()}@example.com`,
  first_name,
  last_active_at: "2026-01-01T00:00:00.000Z",
  last_invited_at: null,
  last_name,
  location_enabled: false,
  push_notification_enabled: false,
  role: "team_member",
  user_id,
})

const task = (uuid: string, title: string, assignee_id: number, completed: boolean) => ({
  uuid,
  assignee_id,
  client_created_at: "2026-03-01T09:00:00.000Z",
  completed_at: completed ? "2026-03-02T09:00:00.000Z" : null,
  completed_by_id: completed ? assignee_id : null,
  creator_id: 7,
  description: "",
  report_id: 42,
  title,
})

const tasks = [
  task("11111111-1111-4111-8111-111111111111", "Fill the pothole", 7, false),
  task("22222222-2222-4222-8222-222222222222", "Check the light", 8, false),
  task("33333333-3333-4333-8333-333333333333", "Remove graffiti", 7, true),
]

const routes = (onTasks: (request: SentRequest) => unknown = () => tasks) => ({
  "GET /api/v4/teams/3/team_users": { body: [person(7, "Ana", "Lee"), person(8, "Ben", "Ora")] },
  "GET /api/v4/tasks": (request: SentRequest) => ({
    body: onTasks(request),
    headers: { "Content-Range": "tasks 0-2/3" },
  }),
  "POST /api/v4/tasks": (request: SentRequest) => ({
    status: 201,
    body: {
      ...(request.body as { task: object }).task,
      completed_at: null,
      completed_by_id: null,
      creator_id: 7,
    },
  }),
  "PATCH /api/v4/tasks/11111111-1111-4111-8111-111111111111": { status: 204 },
  "DELETE /api/v4/tasks/22222222-2222-4222-8222-222222222222": { status: 204 },
})

const mount = async () => {
  const board = document.createElement("fr-tasks-board")
  board.baseUrl = "http://api.test"
  board.token = "fra_token"
  board.teamId = 3
  document.body.append(board)
  const root = board.shadowRoot!
  await until(() => root.querySelectorAll("[part=task]").length === 3, "the tasks")
  return { board, root }
}

const buttonNamed = (root: ShadowRoot, name: string) =>
  [...root.querySelectorAll("button")].find(
    (button) => button.textContent?.replace(/\s+/g, " ").trim() === name,
  )!

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-tasks-board", () => {
  it("groups the tasks by completion, then by assignee named from the team", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    const [open, completed] = [...root.querySelectorAll("[part=column]")]
    expect([...open!.querySelectorAll("h3")].map((heading) => heading.textContent)).toEqual([
      "Ana Lee",
      "Ben Ora",
    ])
    await until(() => completed!.textContent!.includes("Remove graffiti"), "the completed task")
    expect(completed!.querySelector("h2")?.textContent).toBe("Completed (1)")
  })

  it("asks the server for the chosen completion and assignee", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const [show, assignee] = [...root.querySelectorAll<HTMLSelectElement>(".toolbar select")]
    show!.value = "open"
    show!.dispatchEvent(new Event("change"))
    assignee!.value = "8"
    assignee!.dispatchEvent(new Event("change"))
    await until(() => api.sent.filter((request) => request.url.pathname === "/api/v4/tasks").length === 3)
    const last = api.sent.filter((request) => request.url.pathname === "/api/v4/tasks").at(-1)!
    expect(last.url.searchParams.get("complete")).toBe("false")
    expect(last.url.searchParams.get("assignee_id")).toBe("8")
    expect(last.headers.get("Range")).toBe("objects=0-99")
  })

  it("leaves a new task's assignee for the user to choose, and asks for one", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { board, root } = await mount()
    const form = root.querySelector<HTMLFormElement>("form[aria-label='New task']")!
    const assignee = form.querySelector<HTMLSelectElement>("[name=assignee_id]")!
    expect(assignee.value).toBe("")
    form.querySelector<HTMLInputElement>("[name=title]")!.value = "Sweep the glass"
    form.querySelector<HTMLInputElement>("[name=report_id]")!.value = "42"
    form.requestSubmit()
    await board.updateComplete
    expect(api.sent.some((request) => request.method === "POST")).toBe(false)
    expect(assignee.validity.valueMissing).toBe(true)
  })

  it("shows the tasks' dates in the browser's language, as the rest of the app does", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { root } = await mount()
    await until(() => root.textContent!.includes("Remove graffiti"), "the completed task")
    const meta = [...root.querySelectorAll(".task-meta")].map((each) => each.textContent ?? "").join(" ")
    expect(meta).toContain(`created ${formatTime("2026-03-01T09:00:00.000Z")}`)
    expect(meta).toContain(`completed ${formatTime("2026-03-02T09:00:00.000Z")}`)
    expect(meta).not.toContain("2026-03-0")
  })

  it("creates a task with a fresh uuid for the chosen assignee and report", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    const form = root.querySelector<HTMLFormElement>("form[aria-label='New task']")!
    form.querySelector<HTMLInputElement>("[name=title]")!.value = "Sweep the glass"
    form.querySelector<HTMLSelectElement>("[name=assignee_id]")!.value = "8"
    form.querySelector<HTMLInputElement>("[name=report_id]")!.value = "42"
    form.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "POST"), "the create")
    const created = api.sent.find((request) => request.method === "POST")!.body as {
      task: Record<string, unknown>
    }
    expect(created.task).toMatchObject({
      title: "Sweep the glass",
      assignee_id: 8,
      report_id: 42,
      description: "",
    })
    expect(created.task.uuid).toMatch(/^[0-9a-f-]{36}$/)
    // The form is emptied only once the answer is read as a task.
    await until(() => form.querySelector<HTMLInputElement>("[name=title]")!.value === "", "the emptied form")
    expect(root.querySelector("[role=status].saved")?.textContent).toMatch(
      /^Task “Sweep the glass” created for /,
    )
  })

  it("completes a task and deletes another after confirming", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    vi.stubGlobal("confirm", () => true)
    const { root } = await mount()
    buttonNamed(root, "Complete Fill the pothole").click()
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the update")
    const patch = api.sent.find((request) => request.method === "PATCH")!.body as {
      task: Record<string, unknown>
    }
    expect(patch.task.completed).toBe(true)
    expect(typeof patch.task.time).toBe("string")
    await until(
      () =>
        root.querySelector("[role=status].saved")?.textContent === "Completed the task “Fill the pothole”.",
      "the confirmation",
    )
    buttonNamed(root, "Delete Check the light").click()
    await until(() => api.sent.some((request) => request.method === "DELETE"), "the delete")
    await until(
      () => root.querySelector("[role=status].saved")?.textContent === "Deleted the task “Check the light”.",
      "the confirmation of the delete",
    )
  })

  it("opens a task's report", async () => {
    vi.stubGlobal("fetch", fakeFetch(routes()).fetch)
    const { board, root } = await mount()
    const opened: Array<number> = []
    board.addEventListener("fr-report-select", (event) => opened.push(event.reportId))
    buttonNamed(root, "Report #42").click()
    expect(opened).toEqual([42])
  })

  it("edits a task's title and assignee", async () => {
    const api = fakeFetch(routes())
    vi.stubGlobal("fetch", api.fetch)
    const { root } = await mount()
    buttonNamed(root, "Edit Fill the pothole").click()
    await until(
      () => root.querySelector("form[aria-label='Edit task Fill the pothole']") !== null,
      "the edit form",
    )
    const form = root.querySelector<HTMLFormElement>("form[aria-label='Edit task Fill the pothole']")!
    expect(root.activeElement).toBe(form.querySelector("[name=title]"))
    form.querySelector<HTMLInputElement>("[name=title]")!.value = "Fill the big pothole"
    form.querySelector<HTMLSelectElement>("[name=assignee_id]")!.value = "8"
    form.requestSubmit()
    await until(() => api.sent.some((request) => request.method === "PATCH"), "the update")
    expect(
      (api.sent.find((request) => request.method === "PATCH")!.body as { task: object }).task,
    ).toMatchObject({
      title: "Fill the big pothole",
      assignee_id: 8,
    })
    await until(
      () => root.activeElement?.getAttribute("data-edit") === "11111111-1111-4111-8111-111111111111",
      "the focus back on Edit",
    )
  })
})
