import { afterEach, describe, expect, it, vi } from "vitest"
import { fakeFetch, type SentRequest } from "../../test/support/fakeFetch.ts"
import { connect } from "./connection.ts"
import { findPerson, personLabel, platformUsers } from "./people.ts"

const person = (
  id: number,
  first_name: string,
  last_name: string,
  email = `${first_name.toLowerCase()}@example.com`,
) => ({
  id,
  email,
  first_name,
  last_name,
  admin: false,
  deactivated: false,
})

const people = [
  person(7, "Ana", "Lee"),
  person(8, "Ben", "Ora"),
  person(9, "Ben", "Ora", "ben.ora@example.com"),
  person(10, "", "", "anon@example.com"),
]

afterEach(() => {
  vi.unstubAllGlobals()
})

describe("people", () => {
  it("reads every user of the platform, a hundred at a time", async () => {
    const everyone = Array.from({ length: 230 }, (_, index) => person(index + 1, "User", `${index + 1}`))
    const api = fakeFetch({
      "GET /api/v4/admin/users": (request: SentRequest) => {
        const [start, end] = (request.headers.get("Range") ?? "")
          .replace("objects=", "")
          .split("-")
          .map(Number)
        const items = everyone.slice(start, (end ?? 0) + 1)
        return {
          body: items,
          headers: { "Content-Range": `users ${start}-${(start ?? 0) + items.length - 1}/230` },
        }
      },
    })
    vi.stubGlobal("fetch", api.fetch)
    const users = await platformUsers(connect({ baseUrl: "http://api.test", token: "fra_token" }))
    expect(users.map((user) => user.id)).toEqual(everyone.map((user) => user.id))
    expect(api.sent.map((request) => request.headers.get("Range"))).toEqual([
      "objects=0-99",
      "objects=100-199",
      "objects=200-299",
    ])
  })

  it("labels a person by name and e-mail address, or the address alone", () => {
    expect(personLabel(people[0]!)).toBe("Ana Lee <ana@example.com>")
    expect(personLabel(people[3]!)).toBe("anon@example.com")
  })

  it("finds the one person a text names, by suggestion, e-mail address, unique name or id", () => {
    expect(findPerson(people, "Ana Lee <ana@example.com>")?.id).toBe(7)
    expect(findPerson(people, " ANA@example.com ")?.id).toBe(7)
    expect(findPerson(people, "ana lee")?.id).toBe(7)
    expect(findPerson(people, "9")?.id).toBe(9)
    expect(findPerson(people, "ben.ora@example.com")?.id).toBe(9)
    // Two people of one name: the name alone names neither.
    expect(findPerson(people, "Ben Ora")).toBeUndefined()
    expect(findPerson(people, "42")).toBeUndefined()
    expect(findPerson(people, "")).toBeUndefined()
    expect(findPerson(people, "Ana")).toBeUndefined()
  })
})
