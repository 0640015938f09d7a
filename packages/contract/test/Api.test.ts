import { describe, expect, it } from "vitest"
import * as Api from "../src/Api.ts"
import type { Endpoint } from "../src/Endpoint.ts"

const endpoints: ReadonlyArray<Endpoint> = Api.groups.flatMap(
  (group): ReadonlyArray<Endpoint> => group.endpoints,
)

describe("the API's declaration", () => {
  it("names every operation once and declares each method and path once", () => {
    const ids = endpoints.map((endpoint) => endpoint.operationId)
    const routes = endpoints.map(
      (endpoint) => `${endpoint.method} ${endpoint.path.replace(/\{[^}]+\}/g, "{}")}`,
    )
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([])
  })

  it("declares a success reply for every endpoint", () => {
    for (const endpoint of endpoints) {
      const statuses = Object.keys(endpoint.replies).map(Number)
      expect(
        statuses.some((status) => status >= 200 && status < 300),
        endpoint.operationId,
      ).toBe(true)
    }
  })

  it("describes only path parameters its path has", () => {
    for (const endpoint of endpoints)
      for (const name of Object.keys(endpoint.pathParameters ?? {}))
        expect(endpoint.path, endpoint.operationId).toContain(`{${name}}`)
  })
})

describe("href", () => {
  it("fills in and encodes path parameters, keeping @ as a path segment may", () => {
    expect(Api.href("getTask", { uuid: "a/b c" })).toBe("/api/v4/tasks/a%2Fb%20c")
    expect(Api.href("getPin", { color: "#00aa00", file: "default@2x.png" })).toBe(
      "/api/v4/pins/%2300aa00/default@2x.png",
    )
    expect(Api.href("getCategory", { channel_id: 3, id: 9 })).toBe("/api/v4/channels/3/categories/9")
  })

  it("keeps the literal parts between and after the parameters, and a path without any, the same every time", () => {
    for (const _ of [1, 2]) {
      expect(Api.href("resendTeamInvitation", { team_id: 4, id: 12 })).toBe(
        "/api/v4/teams/4/invitations/12/resend",
      )
      expect(Api.href("getPin", { color: "red", file: "x@1x.png" })).toBe("/api/v4/pins/red/x@1x.png")
      expect(Api.href("listUsers", {})).toBe("/api/v4/admin/users")
    }
  })
})

describe("match and the routing order", () => {
  it("puts a literal path segment before a parameter, as a router must try them", () => {
    const position = (id: string) => Api.routingOrder.findIndex((endpoint) => endpoint.operationId === id)
    expect(position("startReportSearch")).toBeLessThan(position("getReport"))
    expect(position("listReportTiles")).toBeLessThan(position("getReport"))
  })

  it("finds the endpoint a request reaches, in any case and with a trailing slash", () => {
    expect(Api.match("GET", "/api/v4/reports/search")?.operationId).toBe("startReportSearch")
    expect(Api.match("GET", "/api/v4/reports/12")?.operationId).toBe("getReport")
    expect(Api.match("patch", "/API/V4/Session/")?.operationId).toBe("rotateSession")
    expect(Api.match("GET", "/api/v4/reports/12/extra")).toBeUndefined()
    expect(Api.match("PUT", "/api/v4/nothing")).toBeUndefined()
  })

  it("tells what an API token needs for the account's endpoints and for logging out", () => {
    expect(Api.endpoint("createSession").reach).toBe("account")
    expect(Api.endpoint("deleteSession").reach).toBe("read")
    expect(
      endpoints
        .filter((endpoint) => endpoint.path.startsWith("/api/v4/admin/"))
        .every((e) => e.reach === "account"),
    ).toBe(true)
  })
})
