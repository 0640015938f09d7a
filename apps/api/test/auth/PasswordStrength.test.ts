/**
 * The password strength rule on its own: length first, then the estimate, which knows common
 * passwords, keyboard walks, repeats and the user's own details.
 */
import { createHash } from "node:crypto"
import { Effect, Exit } from "effect"
import { describe, expect, it } from "vitest"
import { requireStrong, userInputsOf, weakness } from "../../src/auth/PasswordStrength.ts"

const ana = userInputsOf({ email: "ana.lee@example.com", first_name: "Ana", last_name: "Lee" })

describe("weakness", () => {
  it.each(["12345678", "password", "        ", "123456789"])("refuses %j for its length", (password) => {
    expect(weakness(password, ana)).toBe("must be at least 10 characters")
  })

  it.each([
    "password123",
    "1234567890",
    "qwertyuiop",
    "          ",
    "aaaaaaaaaaaa",
    "P@ssw0rd123",
    "ana.lee@example.com",
    "fieldreport1",
  ])("refuses %j as easy to guess, saying why", (password) => {
    expect(weakness(password, ana)).toMatch(/^is too easy to guess/)
  })

  it("passes on the estimate's advice", () => {
    expect(weakness("password123", ana)).toBe(
      "is too easy to guess: This is a commonly used password. Add more words that are less common.",
    )
  })

  it.each(["kiwi fern harbour tide", "Ngauranga gorge at dusk", "t7#Qm2!vLp9x"])("takes %j", (password) => {
    expect(weakness(password, ana)).toBeUndefined()
  })

  it("estimates long passwords quickly (the first 64 characters)", () => {
    const long = [1, 2, 3, 4, 5, 6]
      .map((n) => createHash("sha256").update(String(n)).digest("base64"))
      .join("")
      .slice(0, 256)
    const started = performance.now()
    expect(weakness(long, ana)).toBeUndefined()
    expect(performance.now() - started).toBeLessThan(2_000)
  })
})

describe("userInputsOf", () => {
  it("is the e-mail address, its parts, the names and the service's name", () => {
    expect(ana).toEqual(["ana.lee@example.com", "ana", "lee", "example", "com", "Ana", "Lee", "fieldreport"])
    expect(userInputsOf({ email: "x@example.com" })).toEqual([
      "x@example.com",
      "x",
      "example",
      "com",
      "fieldreport",
    ])
  })
})

describe("requireStrong", () => {
  it("fails with 422 naming the field, and succeeds for a strong password", () => {
    const weak = Effect.runSyncExit(requireStrong("password123", { field: "user.password", userInputs: ana }))
    expect(Exit.isFailure(weak) && JSON.stringify(weak.cause)).toContain("user.password")
    expect(
      Exit.isSuccess(
        Effect.runSyncExit(requireStrong("kiwi fern harbour tide", { field: "p", userInputs: ana })),
      ),
    ).toBe(true)
  })
})
