import { Effect } from "effect"
import { SqlClient } from "effect/sql"
import sharp from "sharp"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { UserStore } from "../../src/store/UserStore.ts"
import { createPerson, type Person } from "../support/People.ts"
import {
  adminEmail,
  adminPassword,
  bundleId,
  startTestServer,
  type TestServer,
} from "../support/TestServer.ts"

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ FIELDREPORT_JOB_WORKERS: "0" })
})
afterAll(() => server.close())

const me = (token: string) => server.request("GET", "/api/v4/users/me", { token })
const patchMe = (token: string, user: unknown) =>
  server.request("PATCH", "/api/v4/users/me", { token, body: { user } })

/** Uploads a file as the person and answers its attachment id. */
const upload = async (person: Person, bytes: Uint8Array, filename: string): Promise<number> => {
  const form = new FormData()
  form.append("file", new Blob([new Uint8Array(bytes)]), filename)
  const response = await fetch(`${server.url}/api/v4/file_attachments`, {
    method: "POST",
    headers: { Authorization: `Token token=${person.token}` },
    body: form,
  })
  expect(response.status).toBe(201)
  return ((await response.json()) as { id: number }).id
}

const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: "#2a7" } })
    .png()
    .toBuffer()

const storedUser = (id: number) =>
  server.runtime.runPromise(Effect.flatMap(Effect.service(UserStore), (users) => users.findById(id)))

describe("GET /api/v4/users/me", () => {
  it("answers the current user's record", async () => {
    const ana = await createPerson(server, "ana@example.com")
    const answer = await me(ana.token)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      id: ana.id,
      email: "ana@example.com",
      first_name: "ana",
      last_name: "Tester",
      admin: false,
      user_image: null,
      app_version: "",
      bluetooth_enabled: false,
      location_enabled: false,
      push_notification_enabled: false,
    })
    const admin = await me(await server.login(adminEmail, adminPassword))
    expect(admin.body).toMatchObject({ id: 1, email: adminEmail, admin: true })
  })

  it("answers 401 with WWW-Authenticate without credentials or with a wrong token", async () => {
    const none = await server.request("GET", "/api/v4/users/me")
    expect(none.status).toBe(401)
    expect(none.headers.get("www-authenticate")).toBe('Token realm="api"')
    expect((await me("fra_not-a-token")).status).toBe(401)
  })
})

describe("PATCH /api/v4/users/me", () => {
  it("changes names and the device state the app reports, and answers the record", async () => {
    const ben = await createPerson(server, "ben@example.com")
    const answer = await patchMe(ben.token, {
      first_name: "Ben",
      last_name: "Ngata",
      app_version: "2.9.7",
      bluetooth_enabled: true,
      location_enabled: true,
      push_notification_enabled: true,
    })
    expect(answer.status).toBe(200)
    const expected = {
      id: ben.id,
      email: "ben@example.com",
      first_name: "Ben",
      last_name: "Ngata",
      admin: false,
      user_image: null,
      app_version: "2.9.7",
      bluetooth_enabled: true,
      location_enabled: true,
      push_notification_enabled: true,
    }
    expect(answer.body).toEqual(expected)
    expect((await me(ben.token)).body).toEqual(expected)
    const partly = await patchMe(ben.token, { location_enabled: false })
    expect(partly.body).toEqual({ ...expected, location_enabled: false })
  })

  it("never takes admin, email, deactivated or id", async () => {
    const eve = await createPerson(server, "eve@example.com")
    const answer = await patchMe(eve.token, {
      admin: true,
      email: "ceo@example.com",
      deactivated: true,
      id: 1,
      first_name: "Eve",
    })
    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({
      id: eve.id,
      email: "eve@example.com",
      admin: false,
      first_name: "Eve",
    })
    expect(await storedUser(eve.id)).toMatchObject({ email: "eve@example.com", admin: 0, deactivated: 0 })
    expect((await server.request("GET", "/api/v4/admin/users", { token: eve.token })).status).toBe(403)
    expect((await me(eve.token)).status).toBe(200)
  })

  it("names every invalid field, and answers 400 for malformed JSON and 401 without credentials", async () => {
    const cy = await createPerson(server, "cy@example.com")
    const invalid = await patchMe(cy.token, {
      first_name: " ",
      password: "short",
      bluetooth_enabled: "yes",
      image_attachment_id: "7",
    })
    expect(invalid.status).toBe(422)
    expect(invalid.body.errors).toEqual({
      "user.first_name": ["must not be blank"],
      "user.password": ["must be at least 10 characters"],
      "user.bluetooth_enabled": ["must be a boolean"],
      "user.image_attachment_id": ["must be an attachment id or null"],
    })
    expect((await me(cy.token)).body.first_name).toBe("cy")
    const malformed = await server.request("PATCH", "/api/v4/users/me", { token: cy.token, raw: '{"user":' })
    expect(malformed.status).toBe(400)
    expect((await server.request("PATCH", "/api/v4/users/me", { body: { user: {} } })).status).toBe(401)
  })

  it("a new password keeps the current session, revokes the others, and is the one that logs in", async () => {
    const dee = await createPerson(server, "dee@example.com")
    const other = await server.login("dee@example.com", "person-password-1")
    const answer = await patchMe(dee.token, {
      password: "a-new-password-1",
      current_password: "person-password-1",
    })
    expect(answer.status).toBe(200)
    expect((await me(dee.token)).status).toBe(200)
    expect((await me(other)).status).toBe(401)
    const login = (password: string) =>
      server.request("POST", "/api/v4/session", {
        body: { session: { app_bundle_id: bundleId, email: "dee@example.com", password } },
      })
    expect((await login("person-password-1")).status).toBe(401)
    expect((await login("a-new-password-1")).status).toBe(201)
  })

  it("sets the picture to an image of the user's own, shows it as user_image, and removes it with null", async () => {
    const fay = await createPerson(server, "fay@example.com")
    const picture = await upload(fay, await png(), "fay.png")
    const answer = await patchMe(fay.token, { image_attachment_id: picture })
    expect(answer.status).toBe(200)
    expect(answer.body.user_image).toMatch(new RegExp(`^${server.url}/api/v4/files/${picture}/medium\\?`))
    const image = await fetch(answer.body.user_image)
    expect(image.status).toBe(200)
    expect(image.headers.get("content-type")).toContain("image/png")
    expect((await me(fay.token)).body.user_image).toMatch(`/api/v4/files/${picture}/medium?`)

    const removed = await patchMe(fay.token, { image_attachment_id: null })
    expect(removed.status).toBe(200)
    expect(removed.body.user_image).toBeNull()
    expect((await storedUser(fay.id))?.image_attachment_id).toBeNull()
  })

  it("refuses a picture that is another user's, not an image, or unknown, with 422", async () => {
    const gus = await createPerson(server, "gus@example.com")
    const hal = await createPerson(server, "hal@example.com")
    const halsPicture = await upload(hal, await png(), "hal.png")
    const text = await upload(gus, new TextEncoder().encode("not a face\n"), "notes.txt")
    for (const id of [halsPicture, text, 999_999]) {
      const answer = await patchMe(gus.token, { image_attachment_id: id, first_name: "Gus" })
      expect(answer.status, `attachment ${id}`).toBe(422)
      expect(answer.body.errors).toEqual({ "user.image_attachment_id": ["must be an image you uploaded"] })
    }
    // Nothing of a refused change is kept.
    expect((await me(gus.token)).body).toMatchObject({ first_name: "gus", user_image: null })
  })
})

describe("changing the password", () => {
  const loginFrom = (email: string, password: string, address?: string) =>
    server.request("POST", "/api/v4/session", {
      ...(address === undefined ? {} : { headers: { "X-Forwarded-For": address } }),
      body: { session: { app_bundle_id: bundleId, email, password } },
    })

  it("needs the current password: 422 naming user.current_password without it, 403 when wrong", async () => {
    const kim = await createPerson(server, "kim@example.com")
    const missing = await patchMe(kim.token, { password: "kiwi fern harbour tide" })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ "user.current_password": ["is required to change the password"] })
    const wrong = await patchMe(kim.token, {
      password: "kiwi fern harbour tide",
      current_password: "not-my-password",
    })
    expect(wrong.status).toBe(403)
    expect(wrong.headers.get("content-type")).toContain("application/problem+json")
    expect(wrong.body).toMatchObject({ status: 403, error: "the current password is wrong" })
    // Neither changed anything, nor ended the session.
    expect((await loginFrom("kim@example.com", "kiwi fern harbour tide")).status).toBe(401)
    expect((await loginFrom("kim@example.com", "person-password-1")).status).toBe(201)
    expect((await me(kim.token)).status).toBe(200)
  })

  it("counts a wrong current password as a failed login from the client's address", async () => {
    const lee = await createPerson(server, "lee@example.com")
    // The default is 10 failures per e-mail and address in 15 minutes.
    for (let attempt = 0; attempt < 10; attempt++) {
      const wrong = await patchMe(lee.token, {
        password: "kiwi fern harbour tide",
        current_password: `guess-${attempt}`,
      })
      expect(wrong.status, `attempt ${attempt}`).toBe(403)
    }
    // From this address the throttle holds, the right current password too, and logins alike.
    const held = await patchMe(lee.token, {
      password: "kiwi fern harbour tide",
      current_password: "person-password-1",
    })
    expect(held.status).toBe(429)
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0)
    expect((await loginFrom("lee@example.com", "person-password-1")).status).toBe(429)
    // The user elsewhere is not held up.
    expect((await loginFrom("lee@example.com", "person-password-1", "198.51.100.44")).status).toBe(201)
  })

  it("refuses weak passwords with 422 naming user.password and saying why, and takes a good passphrase", async () => {
    const max = await createPerson(server, "max.power@example.com")
    const weak = {
      "12345678": "must be at least 10 characters",
      password: "must be at least 10 characters",
      "        ": "must be at least 10 characters",
      password123: "is too easy to guess",
      "1234567890": "is too easy to guess",
      qwertyuiop: "is too easy to guess",
      // The user's own e-mail address is among the first guesses.
      "max.power@example.com": "is too easy to guess",
    }
    for (const [password, why] of Object.entries(weak)) {
      const answer = await patchMe(max.token, { password, current_password: "person-password-1" })
      expect(answer.status, JSON.stringify(password)).toBe(422)
      expect(Object.keys(answer.body.errors), JSON.stringify(password)).toEqual(["user.password"])
      expect(answer.body.errors["user.password"][0], JSON.stringify(password)).toContain(why)
    }
    const guessable = await patchMe(max.token, {
      password: "password123",
      current_password: "person-password-1",
    })
    // zxcvbn's own advice comes with the refusal.
    expect(guessable.body.errors["user.password"][0]).toMatch(
      /^is too easy to guess: .*commonly used password/,
    )
    const good = await patchMe(max.token, {
      password: "kiwi fern harbour tide",
      current_password: "person-password-1",
    })
    expect(good.status).toBe(200)
    expect((await loginFrom("max.power@example.com", "kiwi fern harbour tide")).status).toBe(201)
  })
})

describe("last_active_at", () => {
  const setLastActive = (id: number, at: string) =>
    server.runtime.runPromise(
      Effect.flatMap(Effect.service(SqlClient.SqlClient), (sql) =>
        Effect.asVoid(sql`UPDATE users SET last_active_at = ${at} WHERE id = ${id}`),
      ),
    )

  it("is set by authenticated requests, at most once a minute", async () => {
    const ivy = await createPerson(server, "ivy@example.com")
    const before = Date.now()
    await me(ivy.token)
    const first = (await storedUser(ivy.id))?.last_active_at ?? ""
    expect(Date.parse(first)).toBeGreaterThanOrEqual(before - 1_000)

    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString()
    await setLastActive(ivy.id, twoMinutesAgo)
    await me(ivy.token)
    const touched = (await storedUser(ivy.id))?.last_active_at ?? ""
    expect(Date.parse(touched)).toBeGreaterThanOrEqual(before)

    const halfAMinuteAgo = new Date(Date.now() - 30_000).toISOString()
    await setLastActive(ivy.id, halfAMinuteAgo)
    await me(ivy.token)
    expect((await storedUser(ivy.id))?.last_active_at).toBe(halfAMinuteAgo)
  })

  it("is not written when the row just read says it is recent", async () => {
    const jo = await createPerson(server, "jo@example.com")
    const twoMinutesAgo = new Date(Date.now() - 120_000).toISOString()
    await setLastActive(jo.id, twoMinutesAgo)
    // A row read as recent (say, by a request a moment ago) skips the write, though the stored value is old.
    const recent = new Date(Date.now() - 10_000).toISOString()
    await server.runtime.runPromise(
      Effect.flatMap(Effect.service(UserStore), (users) =>
        users.touch({ id: jo.id, last_active_at: recent }),
      ),
    )
    expect((await storedUser(jo.id))?.last_active_at).toBe(twoMinutesAgo)
    await server.runtime.runPromise(
      Effect.flatMap(Effect.service(UserStore), (users) =>
        users.touch({ id: jo.id, last_active_at: twoMinutesAgo }),
      ),
    )
    expect(Date.parse((await storedUser(jo.id))?.last_active_at ?? "")).toBeGreaterThan(Date.parse(recent))
  })
})
