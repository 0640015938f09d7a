/**
 * The statements a server process runs on SQLite, as it runs them: preloaded into the process
 * (`node --import statement-log.ts`), it appends every statement node:sqlite runs, in the main
 * thread and in worker threads alike, to the file `FIELDREPORT_STATEMENT_LOG` names, one
 * {@link LoggedStatement} per line. The API has no statement log of its own; this one sees what
 * reaches SQLite, whatever layer sent it, and needs no change to the server it watches.
 *
 *     FIELDREPORT_STATEMENT_LOG=/tmp/statements.jsonl node --import ./statement-log.ts server.ts
 */
import { appendFileSync } from "node:fs"
import { StatementSync } from "node:sqlite"
import { threadId } from "node:worker_threads"

/** One statement run: its SQL with whitespace collapsed, the values bound to it, and the thread. */
export interface LoggedStatement {
  readonly sql: string
  readonly params: ReadonlyArray<unknown>
  readonly thread: number
}

type Run = "all" | "get" | "run" | "iterate"

const file = process.env.FIELDREPORT_STATEMENT_LOG
if (file !== undefined && file !== "") {
  const methods = StatementSync.prototype as unknown as Record<Run, (...args: Array<unknown>) => unknown>
  for (const name of ["all", "get", "run", "iterate"] as const) {
    const original = methods[name]
    methods[name] = function (this: StatementSync, ...params: Array<unknown>) {
      const logged: LoggedStatement = {
        sql: this.sourceSQL.replace(/\s+/g, " ").trim(),
        params: params.map((value) => (typeof value === "bigint" ? String(value) : value)),
        thread: threadId,
      }
      appendFileSync(file, `${JSON.stringify(logged)}\n`)
      return original.apply(this, params)
    }
  }
}
