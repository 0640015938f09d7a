/**
 * `FIELDREPORT_TRUST_PROXY`: the proxies whose `X-Forwarded-For` names the client. The tests
 * connect from loopback, so a list without loopback makes every request count as 127.0.0.1
 * whatever it claims, and a list with it (as a CIDR range here) makes the claimed address count,
 * as the per-address rate limit shows.
 */
import { describe, expect, it } from "vitest"
import { startTestServer, type TestServer } from "../support/TestServer.ts"

/** The statuses of three requests claiming to come from one address, then one from another. */
const statuses = async (server: TestServer): Promise<ReadonlyArray<number>> => {
  const from = async (address: string) =>
    (await server.request("GET", "/api/v4/openapi.json", { headers: { "X-Forwarded-For": address } })).status
  const answers: Array<number> = []
  for (let n = 0; n < 3; n++) answers.push(await from("203.0.113.7"))
  answers.push(await from("198.51.100.20"))
  return answers
}

describe("FIELDREPORT_TRUST_PROXY", () => {
  it("ignores X-Forwarded-For from an address outside the list", async () => {
    const server = await startTestServer({
      FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "3",
      FIELDREPORT_TRUST_PROXY: "10.0.0.0/8, uniquelocal",
    })
    try {
      // All four come from 127.0.0.1: the fourth is over the limit whatever address it claims.
      expect(await statuses(server)).toEqual([200, 200, 200, 429])
    } finally {
      await server.close()
    }
  })

  it("believes X-Forwarded-For from an address in the list", async () => {
    const server = await startTestServer({
      FIELDREPORT_RATE_LIMIT_PER_ADDRESS: "3",
      FIELDREPORT_TRUST_PROXY: "127.0.0.0/8,::1",
    })
    try {
      expect(await statuses(server)).toEqual([200, 200, 200, 200])
    } finally {
      await server.close()
    }
  })

  it("refuses to start with an entry that is no name, address or range, naming it", async () => {
    await expect(startTestServer({ FIELDREPORT_TRUST_PROXY: "loopback,proxy.lan" })).rejects.toThrow(
      /proxy\.lan[\s\S]*FIELDREPORT_TRUST_PROXY/,
    )
    await expect(startTestServer({ FIELDREPORT_TRUST_PROXY: "10.0.0.0/33" })).rejects.toThrow(
      /FIELDREPORT_TRUST_PROXY/,
    )
  })
})
