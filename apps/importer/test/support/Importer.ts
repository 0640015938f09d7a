/**
 * Runs the importer as its users do: the `fieldreport-import` program in a child process.
 */
import { type ChildProcess, spawn } from "node:child_process"
import { fileURLToPath } from "node:url"

const main = fileURLToPath(new URL("../../src/main.ts", import.meta.url))

/** How a run ended. */
export interface Run {
  readonly code: number | null
  readonly signal: NodeJS.Signals | null
  readonly stdout: string
  readonly stderr: string
}

/** Starts the importer in `directory` (as npm would, through INIT_CWD) without waiting. */
export const start = (directory: string, args: ReadonlyArray<string>): ChildProcess =>
  spawn(process.execPath, [main, ...args], {
    cwd: directory,
    env: { ...process.env, INIT_CWD: directory },
    stdio: ["ignore", "pipe", "pipe"],
  })

/** The end of a started run. */
export const finished = (child: ChildProcess): Promise<Run> =>
  new Promise((resolve, reject) => {
    let stdout = ""
    let stderr = ""
    child.stdout?.on("data", (chunk) => {
      stdout += String(chunk)
    })
    child.stderr?.on("data", (chunk) => {
      stderr += String(chunk)
    })
    child.once("error", reject)
    child.once("close", (code, signal) => resolve({ code, signal, stdout, stderr }))
  })

/** Runs the importer in `directory` to its end. */
export const run = (directory: string, args: ReadonlyArray<string>): Promise<Run> =>
  finished(start(directory, args))
