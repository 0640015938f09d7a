#!/usr/bin/env node
/**
 * Completes package-lock.json with the other platforms' builds of Biome and turbo.
 *
 * Why: `npm ci` refuses a lock that lacks any optional dependency of a package, and a registry
 * mirror that serves only this platform's builds (as the project's build machines have) leaves
 * those entries out when the lock is written. Run after every `npm install` that rewrites the lock:
 *
 *   node tooling/scripts/complete-lockfile.mjs
 *
 * Entries that exist are left alone; added ones carry the platform fields npm needs to skip them.
 */
import { readFileSync, writeFileSync } from "node:fs"

const path = new URL("../../package-lock.json", import.meta.url)
const lock = JSON.parse(readFileSync(path, "utf8"))
const packages = lock.packages

const families = [
  {
    scope: "@biomejs/",
    sibling: "@biomejs/cli-linux-x64",
    extra: { license: "MIT OR Apache-2.0", engines: { node: ">=14.21.3" } },
    builds: {
      "cli-android-arm64": ["android", "arm64"],
      "cli-android-x64": ["android", "x64"],
      "cli-darwin-arm64": ["darwin", "arm64"],
      "cli-darwin-x64": ["darwin", "x64"],
      "cli-linux-arm64-musl": ["linux", "arm64", "musl"],
      "cli-linux-x64-musl": ["linux", "x64", "musl"],
      "cli-win32-arm64": ["win32", "arm64"],
      "cli-win32-x64": ["win32", "x64"],
    },
  },
  {
    scope: "@turbo/",
    sibling: "@turbo/linux-64",
    extra: { license: "MIT" },
    builds: {
      "darwin-64": ["darwin", "x64"],
      "darwin-arm64": ["darwin", "arm64"],
      "windows-64": ["win32", "x64"],
      "windows-arm64": ["win32", "arm64"],
    },
  },
]

let added = 0
for (const family of families) {
  const sibling = packages[`node_modules/${family.sibling}`]
  if (sibling === undefined) continue
  for (const [name, [os, cpu, libc]] of Object.entries(family.builds)) {
    const key = `node_modules/${family.scope}${name}`
    if (packages[key] !== undefined) continue
    packages[key] = {
      version: sibling.version,
      cpu: [cpu],
      dev: true,
      ...(libc === undefined ? {} : { libc: [libc] }),
      license: family.extra.license,
      optional: true,
      os: [os],
      ...(family.extra.engines === undefined ? {} : { engines: family.extra.engines }),
    }
    added++
  }
}

const [root, ...rest] = Object.entries(packages)
lock.packages = Object.fromEntries([root, ...rest.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))])
writeFileSync(path, `${JSON.stringify(lock, null, 2)}\n`)
console.log(`complete-lockfile: added ${added} entries`)
