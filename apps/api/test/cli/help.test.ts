/**
 * The command line every subcommand shares: `--help` on the command and on each subcommand shows
 * its usage and exits 0; `--version` names the release and the newest migration; no subcommand, an
 * unknown one, an unknown flag or a bad flag value is a usage error (exit 2, the mistake on
 * standard error). `npm run fieldreport -- …` from the repository root runs the same command, and
 * `npm run copy-to-postgres -w apps/api` still reaches its subcommand.
 */
import { spawn } from "node:child_process"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { apiDirectory } from "../support/ChildServer.ts"
import { fieldreport, type Run } from "./Fieldreport.ts"

const subcommands = [
  "serve",
  "migrate",
  "check",
  "create-admin",
  "api-token",
  "backup",
  "restore",
  "copy-to-postgres",
  "import",
] as const

/** Runs `npm <args>` in the repository's root, as an operator would. */
const npm = (args: ReadonlyArray<string>): Promise<Run> =>
  new Promise((resolve, reject) => {
    const child = spawn("npm", args, {
      cwd: join(apiDirectory, "../.."),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
      stdio: ["ignore", "pipe", "pipe"],
    })
    let stdout = ""
    let stderr = ""
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8")
    })
    child.stderr.on("data", (chunk: Buffer) => {
      stderr += chunk.toString("utf8")
    })
    child.once("error", reject)
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }))
  })

describe("fieldreport's command line", () => {
  it("lists every subcommand in its help, exit 0", async () => {
    const run = await fieldreport(["--help"])
    expect(run.code).toBe(0)
    for (const name of subcommands) expect(run.stdout).toMatch(new RegExp(`^  ${name} `, "m"))
  })

  it.each(subcommands)("shows the help of %s, exit 0", async (name) => {
    const run = await fieldreport([name, "--help"])
    expect(run.stderr).toBe("")
    expect(run.code).toBe(0)
    // The importer's help is its own program's.
    expect(run.stdout).toContain(
      name === "import" ? "fieldreport-import [flags] <file...>" : `fieldreport ${name}`,
    )
  })

  it("names the release and the newest migration it knows", async () => {
    const run = await fieldreport(["--version"])
    expect(run.code).toBe(0)
    expect(run.stdout).toMatch(/^fieldreport v\d+\.\d+\.\d+ \(schema \d{4}_\w+\)\n$/)
  })

  it.each([
    [[], "SUBCOMMANDS"],
    [["upgrade"], 'Unknown subcommand "upgrade"'],
    [["migrate", "--force"], "Unrecognized flag: --force"],
    [["copy-to-postgres", "--from", "a.db", "--to", "mysql://db/x"], "must be a postgres:// URL"],
    [["copy-to-postgres", "--from", "a.db", "--to", "postgres://db/x", "--batch-size", "0"], "--batch-size"],
    [
      ["import", "--server", "http://127.0.0.1:3000", "--app", "com.example"],
      "Missing required flag: --token",
    ],
  ])("treats %j as a usage error, exit 2", async (args, message) => {
    const run = await fieldreport(args)
    expect(run.code).toBe(2)
    expect(run.stdout + run.stderr).toContain(message)
  })

  it("runs as npm run fieldreport -- … from the repository root, exit codes kept", async () => {
    const version = await npm(["run", "--silent", "fieldreport", "--", "--version"])
    expect(version.code).toBe(0)
    expect(version.stdout).toMatch(/^fieldreport v/)
    const wrong = await npm(["run", "--silent", "fieldreport", "--", "migrate", "--force"])
    expect(wrong.code).toBe(2)
    const copy = await npm(["run", "--silent", "copy-to-postgres", "-w", "apps/api", "--", "--help"])
    expect(copy.code).toBe(0)
    expect(copy.stdout).toContain("fieldreport copy-to-postgres")
  }, 60_000)
})
