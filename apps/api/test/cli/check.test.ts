/**
 * `fieldreport check`: on a sound configuration it prints what it checked and exits 0 (an
 * embedded database not made yet is no fault, and it makes none); it exits 1 saying in plain words
 * what is wrong: a variable that cannot be read, a data directory that is a file, a database that
 * does not answer (its URL shown without the password) or that a newer build migrated, an SMTP
 * server or object store that does not answer. With FIELDREPORT_SMTP_URL set it greets the SMTP
 * server; with FIELDREPORT_S3_BUCKET it lists the bucket of uploads.
 */
import { existsSync, writeFileSync } from "node:fs"
import { createServer } from "node:net"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { startMailServer } from "../support/MailServer.ts"
import { startS3Server } from "../support/S3Server.ts"
import { engines } from "../support/TestDatabase.ts"
import {
  fieldreport,
  freshInstallation,
  type Installation,
  newerSchemaRefusal,
  recordFutureMigration,
} from "./Fieldreport.ts"

/** A loopback port nothing listens on. */
const closedPort = (): Promise<number> =>
  new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const address = server.address()
      server.close(() => resolve(typeof address === "object" && address !== null ? address.port : 1))
    })
  })

describe.each(engines)("fieldreport check on %s", (engine) => {
  let installation: Installation | undefined
  afterEach(() => installation?.remove())

  it("prints what it checked and exits 0, pending migrations included; a newer schema fails it", async () => {
    installation = await freshInstallation(engine)
    const fresh = await fieldreport(["check"], installation.env)
    expect(fresh.stderr).toBe("")
    expect(fresh.code).toBe(0)
    expect(fresh.stdout).toContain("configuration: read\n")
    expect(fresh.stdout).toContain(`data directory: ${installation.dataDir} can be written\n`)
    if (engine === "sqlite") {
      expect(fresh.stdout).toContain("does not exist yet; fieldreport serve or migrate makes it")
      expect(existsSync(installation.file)).toBe(false)
    } else
      expect(fresh.stdout).toMatch(/database: the PostgreSQL database .* answers; \d+ migrations are pending/)

    expect((await fieldreport(["migrate"], installation.env)).code).toBe(0)
    const migrated = await fieldreport(["check"], installation.env)
    expect(migrated.code).toBe(0)
    expect(migrated.stdout).toMatch(
      /database: the (embedded|PostgreSQL) database .* answers; its schema is up to date/,
    )

    await installation.sql(recordFutureMigration)
    const newer = await fieldreport(["check"], installation.env)
    expect(newer.code).toBe(1)
    expect(newer.stderr).toMatch(newerSchemaRefusal)
    expect(newer.stderr).toContain("1 check failed")
  }, 60_000)
})

describe("fieldreport check", () => {
  let installation: Installation | undefined
  afterEach(() => installation?.remove())

  it("names a variable that cannot be read and what it must be", async () => {
    installation = await freshInstallation("sqlite")
    const run = await fieldreport(["check"], { ...installation.env, FIELDREPORT_PORT: "eighty" })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain("configuration: FIELDREPORT_PORT must be")
  })

  it("says which database does not answer, and why, without its password", async () => {
    installation = await freshInstallation("sqlite")
    const port = await closedPort()
    const url = `postgres://fieldreport:s3cret@127.0.0.1:${port}/fieldreport`
    const run = await fieldreport(["check"], { ...installation.env, FIELDREPORT_DATABASE_URL: url })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(
      `database: cannot use the PostgreSQL database postgres://fieldreport:***@127.0.0.1:${port}/fieldreport: connect ECONNREFUSED`,
    )
    expect(run.stdout + run.stderr).not.toContain("s3cret")
  })

  it("refuses a data directory that is a file", async () => {
    installation = await freshInstallation("sqlite")
    const file = join(installation.dataDir, "not-a-directory")
    writeFileSync(file, "")
    const run = await fieldreport(["check"], { ...installation.env, FIELDREPORT_DATA_DIR: file })
    expect(run.code).toBe(1)
    expect(run.stderr).toContain(`data directory: ${file} (FIELDREPORT_DATA_DIR) is a file, not a directory`)
  })

  it("greets the SMTP server when FIELDREPORT_SMTP_URL is set, and says when it does not answer", async () => {
    installation = await freshInstallation("sqlite")
    const mail = await startMailServer()
    try {
      const answered = await fieldreport(["check"], {
        ...installation.env,
        FIELDREPORT_SMTP_URL: `smtp://127.0.0.1:${mail.port}`,
      })
      expect(answered.code).toBe(0)
      expect(answered.stdout).toContain(`mail: the SMTP server smtp://127.0.0.1:${mail.port} answers\n`)
    } finally {
      await mail.close()
    }
    const port = await closedPort()
    const silent = await fieldreport(["check"], {
      ...installation.env,
      FIELDREPORT_SMTP_URL: `smtp://mailer:pa55word@127.0.0.1:${port}`,
    })
    expect(silent.code).toBe(1)
    expect(silent.stderr).toContain(`mail: the SMTP server smtp://mailer:***@127.0.0.1:${port}`)
    expect(silent.stdout + silent.stderr).not.toContain("pa55word")
  }, 30_000)

  it("lists the bucket of uploads when FIELDREPORT_S3_BUCKET is set, and says when it does not answer", async () => {
    installation = await freshInstallation("sqlite")
    const s3 = await startS3Server("check")
    try {
      const answered = await fieldreport(["check"], { ...installation.env, ...s3.env })
      expect(answered.stderr).toBe("")
      expect(answered.code).toBe(0)
      expect(answered.stdout).toMatch(
        /^object store: the bucket check at http:\/\/127\.0\.0\.1:\d+\/? answers$/m,
      )
    } finally {
      await s3.stop()
    }
    const endpoint = `http://127.0.0.1:${await closedPort()}`
    const down = await fieldreport(["check"], {
      ...installation.env,
      ...s3.env,
      FIELDREPORT_S3_ENDPOINT: endpoint,
      FIELDREPORT_S3_SECRET_ACCESS_KEY: "a-secret-never-printed",
    })
    expect(down.code).toBe(1)
    expect(down.stderr).toContain(`object store: the bucket check at ${endpoint}`)
    expect(down.stdout + down.stderr).not.toContain("a-secret-never-printed")
  }, 60_000)
})
