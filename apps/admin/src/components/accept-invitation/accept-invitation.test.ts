import { afterEach, describe, expect, it, vi } from "vitest"
import { type FakeAnswer, fakeFetch, until } from "../../../test/support/fakeFetch.ts"
import "./accept-invitation.ts"

const unprocessable = (errors: Record<string, ReadonlyArray<string>>): FakeAnswer => ({
  status: 422,
  body: { title: "Unprocessable Entity", detail: "the request breaks a rule", errors },
  headers: { "Content-Type": "application/problem+json" },
})

const found = { body: { team_name: "River care", inviter_name: "Bo Lee", email: "ana@example.net" } }

const session = {
  access_token: "fra_new",
  refresh_token: "frr_new",
  token_expire_at: "2030-06-02T08:00:00.000Z",
  app_bundle_id: "com.fieldreport.app",
  branded_app_id: 1,
  client_uuid: "141b429e-2f0c-4c3e-9a39-1c6f8ab1c001",
  profile: { user_id: 12, preferred_team_id: 3 },
}

const mount = async (token = "fri_token") => {
  const page = document.createElement("fr-accept-invitation")
  page.baseUrl = "http://api.test"
  page.invitationToken = token
  document.body.append(page)
  await page.updateComplete
  const root = page.shadowRoot!
  const fill = (values: Record<string, string>) => {
    for (const [name, value] of Object.entries(values))
      root.querySelector<HTMLInputElement>(`input[name=${name}]`)!.value = value
    root.querySelector("form")!.requestSubmit()
  }
  return { page, root, fill }
}

const filled = {
  first_name: "Ana",
  last_name: "Newcomer",
  password: "kereru over the ridge",
  confirmation: "kereru over the ridge",
}

afterEach(() => {
  document.body.replaceChildren()
  vi.unstubAllGlobals()
})

describe("fr-accept-invitation", () => {
  it("shows the team, who invited and the address, accepts with names and password, and signs in to the team", async () => {
    const api = fakeFetch({
      "POST /api/v4/team_invitations/lookup": found,
      "POST /api/v4/team_invitations/accept": { status: 201, body: { session } },
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, fill } = await mount()
    await until(() => page.invitation !== undefined, "the invitation")
    await page.updateComplete
    expect(api.sent[0]?.body).toEqual({ token: "fri_token" })
    expect(root.querySelector("h1")?.textContent).toBe("Join River care")
    expect(root.querySelector("[part=invitation]")?.textContent).toMatch(
      /Bo Lee invited ana@example\.net to join the team\s+River care/,
    )
    const events: Array<Event> = []
    page.addEventListener("fr-login", (event) => events.push(event))
    page.addEventListener("fr-navigate", (event) => events.push(event))

    fill(filled)
    await until(() => events.length === 2, "the sign-in")

    expect(api.sent[1]?.body).toEqual({
      token: "fri_token",
      first_name: "Ana",
      last_name: "Newcomer",
      password: "kereru over the ridge",
    })
    const [login, navigate] = events
    expect(login).toMatchObject({ baseUrl: "http://api.test", session: { access_token: "fra_new" } })
    expect(navigate).toMatchObject({ path: "team" })
  })

  it("shows a weak password's and a missing name's problems next to their fields, and keeps the form", async () => {
    const api = fakeFetch({
      "POST /api/v4/team_invitations/lookup": found,
      "POST /api/v4/team_invitations/accept": unprocessable({
        password: ["is too easy to guess: This is a commonly used password."],
        last_name: ["must not be blank"],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, fill } = await mount()
    await until(() => page.invitation !== undefined, "the invitation")
    await page.updateComplete

    fill({ ...filled, password: "password123", confirmation: "password123" })
    await until(() => page.problems.password !== undefined, "the problems")
    await page.updateComplete

    expect(root.querySelector("#password-problem")?.textContent).toBe(
      "is too easy to guess: This is a commonly used password.",
    )
    expect(root.querySelector("#last_name-problem")?.textContent).toBe("must not be blank")
    expect(root.querySelector("input[name=last_name]")?.getAttribute("aria-invalid")).toBe("true")
    expect(root.querySelector("form")).not.toBeNull()
  })

  it("asks for the same password twice before sending", async () => {
    const api = fakeFetch({ "POST /api/v4/team_invitations/lookup": found })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root, fill } = await mount()
    await until(() => page.invitation !== undefined, "the invitation")
    await page.updateComplete

    fill({ ...filled, confirmation: "kereru over the range" })
    await page.updateComplete

    expect(root.querySelector("#confirmation-problem")?.textContent).toMatch(/type the same password twice/)
    expect(api.sent).toHaveLength(1)
  })

  it("says when the link's token is used, withdrawn or expired", async () => {
    const api = fakeFetch({
      "POST /api/v4/team_invitations/lookup": unprocessable({
        token: ["is not a valid invitation token, or it was used, withdrawn or expired"],
      }),
    })
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount()
    await until(() => page.refusal !== undefined, "the refusal")
    await page.updateComplete

    expect(root.querySelector("[part=refused] [role=alert]")?.textContent).toMatch(
      /its token is not a valid invitation token, or it was used, withdrawn or expired\. Links work once, for 7 days/,
    )
    expect(root.querySelector("form")).toBeNull()
    expect(root.querySelector("a[href='#/']")?.textContent).toBe("Sign in")
  })

  it("says a link without a token does not work, asking nothing", async () => {
    const api = fakeFetch({})
    vi.stubGlobal("fetch", api.fetch)
    const { page, root } = await mount("")
    await page.updateComplete
    expect(root.querySelector("[part=refused] [role=alert]")?.textContent).toMatch(/it has no token/)
    expect(api.sent).toHaveLength(0)
  })
})
