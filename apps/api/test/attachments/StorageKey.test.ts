import { describe, expect, it } from "vitest"
import * as StorageKey from "../../src/attachments/StorageKey.ts"

describe("StorageKey", () => {
  it("makes random keys spread over directories by their first two digits", () => {
    const key = StorageKey.make()
    expect(key).toMatch(/^([0-9a-f]{2})\/\1[0-9a-f]{30}$/)
    expect(StorageKey.make()).not.toBe(key)
  })

  it("names the files of every style", () => {
    const key = "3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f"
    expect(StorageKey.filesOf(key)).toEqual([key, `${key}.thumb`, `${key}.medium`])
    expect(StorageKey.fileOf(key, "original")).toBe(key)
  })

  it("tells the files of an attachment from what is left beside them and from what no attachment makes", () => {
    const key = "3f/3f9c0a1e5b7d4c2a9e8f6b1d0c3a5e7f"
    expect(StorageKey.parse(key)).toEqual({ storageKey: key, style: "original" })
    expect(StorageKey.parse(`${key}.medium`)).toEqual({ storageKey: key, style: "medium" })
    expect(StorageKey.parse(`${key}.thumb.17-2.partial`)).toEqual({ storageKey: key, style: undefined })
    expect(StorageKey.parse(`${key}.original`)).toEqual({ storageKey: key, style: undefined })
    expect(StorageKey.parse("README.txt")).toBeUndefined()
    expect(StorageKey.parse("3f/3F9C0A1E5B7D4C2A9E8F6B1D0C3A5E7F")).toBeUndefined()
    expect(StorageKey.parse(`x/${key}`)).toBeUndefined()
  })
})
