import { describe, expect, it } from "vitest"
import { tokenOfBasicHeader, tokenOfHeader } from "../../src/auth/Token.ts"

const basic = (text: string) => `Basic ${Buffer.from(text).toString("base64")}`

describe("tokenOfBasicHeader", () => {
  it.each([
    ["any user name", basic("qgis:frt_abc"), "frt_abc"],
    ["an empty user name", basic(":frt_abc"), "frt_abc"],
    ["a password holding a colon, split at the first", basic("qgis:frt_a:b"), "frt_a:b"],
    ["the scheme in another case", basic("qgis:frt_abc").replace("Basic", "basic"), "frt_abc"],
  ])("reads the password of %s", (_, header, expected) => {
    expect(tokenOfBasicHeader(header)).toBe(expected)
  })

  it.each([
    ["an empty password", basic("qgis:")],
    ["no colon", basic("frt_abc")],
    ["not base64", "Basic !!!"],
    ["another scheme", "Bearer frt_abc"],
    ["the legacy form", "Token token=frt_abc"],
    ["nothing after the scheme", "Basic "],
  ])("reads nothing from %s", (_, header) => {
    expect(tokenOfBasicHeader(header)).toBeUndefined()
  })

  it("is not read by the API's own header rule", () => {
    expect(tokenOfHeader(basic("qgis:frt_abc"))).toBeUndefined()
  })
})
