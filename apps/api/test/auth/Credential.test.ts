/**
 * What a request reaches is decided by its endpoint: a `HEAD` reaches what the `GET` it answers
 * like reaches, so a token refused a `GET` is refused its `HEAD` too.
 */
import { describe, expect, it } from "vitest"
import { reachOf } from "../../src/auth/Credential.ts"

describe("reachOf", () => {
  it("reads a GET and a HEAD of data", () => {
    expect(reachOf({ method: "GET", path: "/api/v4/reports/7" })).toBe("read")
    expect(reachOf({ method: "HEAD", path: "/api/v4/reports/7" })).toBe("read")
  })

  it("gives a HEAD the reach its GET declares", () => {
    expect(reachOf({ method: "GET", path: "/api/v4/admin/users" })).toBe("account")
    expect(reachOf({ method: "HEAD", path: "/api/v4/admin/users" })).toBe("account")
    expect(reachOf({ method: "HEAD", path: "/API/v4/Admin/Branded_Apps/3/" })).toBe("account")
  })

  it("writes with any other method", () => {
    expect(reachOf({ method: "PATCH", path: "/api/v4/reports/7" })).toBe("write")
  })
})
